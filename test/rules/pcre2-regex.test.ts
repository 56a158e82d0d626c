import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import rule, { LITERAL_IN_PCRE1, scanRegex } from '../../rules/pcre2-regex.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    '<Directory ~ "^/srv/(a|b)/">\n</Directory>\n',
    '<FilesMatch "\\.ht">\n</FilesMatch>\n',
    'RewriteRule ^/a\\Q\\i\\E$ /b\n',
    'RewriteCond %{REQUEST_FILENAME} !-f\n',
    'Alias /\\icons /srv/icons\n',
    'AliasMatch ^/\\\\i(.*) /srv$1\n',
  ],
  invalid: [
    { code: '<Directory ~ "\\icons">\n</Directory>\n', output: '<Directory ~ "icons">\n</Directory>\n', errors: ['has \\i: 2.2\'s PCRE read an unknown escaped letter as the letter itself'] },
    { code: '<LocationMatch ^/\\Manual>\n</LocationMatch>\n', output: '<LocationMatch ^/Manual>\n</LocationMatch>\n', errors: ['<LocationMatch>'] },
    { code: 'RedirectMatch 301 ^/\\Old(.*) /new$1\n', output: 'RedirectMatch 301 ^/Old(.*) /new$1\n', errors: ['RedirectMatch'] },
    { code: 'SetEnvIf User-Agent "[\\Y]es" yes\n', output: 'SetEnvIf User-Agent "[Y]es" yes\n', errors: ['SetEnvIf'] },
    { code: 'RewriteCond %{HTTP_HOST} !^\\yes\\w$\nRewriteRule ^/\\j /k\n', output: 'RewriteCond %{HTTP_HOST} !^yes\\w$\nRewriteRule ^/j /k\n', errors: ['RewriteCond', 'RewriteRule'] },
    { code: 'BrowserMatch "\\o" x\n', output: null, errors: ['\\o: PCRE2 reads \\o as the start of an octal escape'] },
  ],
});

/** pcre2test on one regex (no `%` in it) and subject: 'error' when it does not compile, else whether it matches. */
function pcre2(regex: string, subject: string): 'error' | boolean {
  const out = execFileSync('pcre2test', [], { input: `%${regex}%\n${subject}\n`, encoding: 'latin1' });
  if (/Failed: error/.test(out)) return 'error';
  return !/No match/.test(out);
}

function hasPcre2test(): boolean {
  try {
    execFileSync('pcre2test', ['-version']);
    return true;
  } catch {
    if (process.env.HTTPD_REQUIRED === '1') throw new Error('HTTPD_REQUIRED=1 but pcre2test not found: apt-get install -y pcre2-utils');
    console.warn('pcre2test not found: apt-get install -y pcre2-utils (skipping)');
    return false;
  }
}

describe.skipIf(!hasPcre2test())('pcre2-regex against pcre2test', () => {
  it.each([...LITERAL_IN_PCRE1])('\\%s: refused by PCRE2; the letter alone compiles and matches the letter, outside and inside a class', (letter) => {
    for (const [input, subject] of [[`a\\${letter}b`, `xa${letter}b`], [`[\\${letter}]x`, `${letter}x`]] as const) {
      expect(pcre2(input, subject)).toBe('error');
      const { fixed } = scanRegex(input);
      expect(fixed).toBe(input.replace(`\\${letter}`, letter));
      expect(pcre2(fixed, subject)).toBe(true);
      expect(pcre2(fixed, subject.replace(letter, letter === 'q' ? 'r' : 'q'))).toBe(false);
    }
  });

  it('leaves every other escaped letter alone, and those are ones PCRE2 compiles or the rule reports', () => {
    for (const letter of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      if (LITERAL_IN_PCRE1.has(letter)) continue;
      expect(scanRegex(`\\${letter}`).fixed).toBe(`\\${letter}`);
    }
    expect(pcre2('\\o', 'o')).toBe('error');
    expect(scanRegex('\\o').reported).toHaveLength(1);
  });

  it('the fixture output compiles where the input did not', () => {
    expect(pcre2('\\icons', '/srv/icons')).toBe('error');
    expect(pcre2('icons', '/srv/icons')).toBe(true);
    expect(pcre2('^/old\\Q\\i\\E(.*)$', '/old\\ix')).toBe(true);
  });
});
