import rule from '../../rules/reqtimeout-defaults.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { describe, expect, it } from 'vitest';
import type { ConfigFile } from '../../src/ast/nodes.js';
import { ruleTester, runRule } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    'LoadModule reqtimeout_module modules/mod_reqtimeout.so\n<IfModule reqtimeout_module>\n  RequestReadTimeout header=10 body=30\n</IfModule>\n',
    'LoadModule rewrite_module modules/mod_rewrite.so\n',
    '#LoadModule reqtimeout_module modules/mod_reqtimeout.so\n',
    'LoadModule reqtimeout_module modules/mod_reqtimeout.so\nRequestReadTimeout header=0 body=0\n<VirtualHost *:80>\n  RequestReadTimeout header=5\n</VirtualHost>\n',
  ],
  invalid: [
    {
      code: 'LoadModule reqtimeout_module modules/mod_reqtimeout.so\n',
      output: null,
      errors: [/^In 2\.2, a loaded mod_reqtimeout limited nothing.*add: RequestReadTimeout header=20-40,MinRate=500 body=20,MinRate=500\. .*add: RequestReadTimeout header=0 body=0\.$/],
    },
    {
      name: 'a RequestReadTimeout in one virtual host leaves the others (and the header stage) at the defaults (bug hunt)',
      code: 'LoadModule reqtimeout_module modules/mod_reqtimeout.so\n<VirtualHost *:80>\n  ServerName a\n</VirtualHost>\n<VirtualHost *:80>\n  ServerName b\n  RequestReadTimeout header=0 body=0\n</VirtualHost>\n',
      output: null,
      errors: [/^In 2\.2, .*The RequestReadTimeout inside <VirtualHost> does not prevent that elsewhere: .*Put the line at server level, outside <VirtualHost>\. To write/],
    },
  ],
});

describe('reqtimeout-defaults across the project', () => {
  const other = parse('RequestReadTimeout header=5\n', '/etc/httpd/conf.d/reqtimeout.conf');
  const withOther = (file: ConfigFile) => projectOf([
    { path: file.path, display: file.path, kind: 'conf', ast: file },
    { path: other.path, display: other.path, kind: 'conf', ast: other },
  ]);
  it('accepts a RequestReadTimeout in another file of the project', () => {
    const r = runRule(rule, 'LoadModule reqtimeout_module modules/mod_reqtimeout.so\n', 'httpd.conf', {}, withOther);
    expect(r.remaining).toEqual([]);
  });
});
