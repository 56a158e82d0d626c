import rule, { widerIdentifiers } from '../../rules/cache-session-identifiers.js';
import { describe, expect, it } from 'vitest';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    'CacheIgnoreURLSessionIdentifiers jsessionid\n',
    'CacheIgnoreURLSessionIdentifiers None\n',
    'CacheIgnoreURLSessionIdentifiers auth\n',
    '# CacheIgnoreURLSessionIdentifiers sessionid\n',
    'CacheIgnoreURLSessionIdentifiers sessionid jsessionid aspsessionid ASPSESSIONID\n',
  ],
  invalid: [
    {
      code: 'CacheIgnoreURLSessionIdentifiers sessionid\n',
      output: null,
      errors: [/also caught: sessionid \(for example jsessionid, aspsessionid\)\..*CacheIgnoreURLSessionIdentifiers sessionid jsessionid aspsessionid$/],
    },
    {
      name: 'names only the identifiers not listed yet',
      code: 'CacheIgnoreURLSessionIdentifiers sid jsessionid\n',
      output: null,
      errors: [/sid \(for example phpsessid, sessid, osCsid\).*CacheIgnoreURLSessionIdentifiers sid jsessionid phpsessid sessid osCsid$/],
    },
    {
      code: '<VirtualHost *:80>\r\n  CacheIgnoreURLSessionIdentifiers "SESSIONID"\r\n</VirtualHost>\r\n',
      output: null,
      errors: ['JSESSIONID, ASPSESSIONID'],
    },
  ],
});

describe('widerIdentifiers', () => {
  it('finds identifiers that contain the value', () => {
    expect(widerIdentifiers('sessid', [])).toEqual(['phpsessid']);
    expect(widerIdentifiers('session_id', [])).toEqual([]);
    expect(widerIdentifiers('', [])).toEqual([]);
  });
});
