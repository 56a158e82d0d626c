import { describe, expect, it } from 'vitest';
import rule, { LITERAL_IN_PCRE1, scanRegex } from '../../rules/pcre2-regex.js';
import { ruleTester } from '../helpers/rule-tester.js';
import { hasPcre2test, pcre2 } from '../helpers/pcre2test.js';

ruleTester(rule, {
  valid: [
    '<Directory ~ "^/srv/(a|b)/">\n</Directory>\n',
    '<FilesMatch "\\.ht">\n</FilesMatch>\n',
    '<IfVersion >= 2.4>\n</IfVersion>\n<IfVersion ~ ^2\\.[24]>\n</IfVersion>\n<IfVersion = /^2\\.\\d/>\n</IfVersion>\n<IfVersion 2.2.34>\n</IfVersion>\n',
    'RewriteRule ^/a\\Q\\i\\E$ /b\n',
    'RewriteCond %{REQUEST_FILENAME} !-f\n',
    'Alias /\\icons /srv/icons\n',
    // ap_getword_conf reads `\\\i` as `\\i` (an escaped backslash, then i): 2.4 compiles it.
    'AliasMatch "^/\\\\\\i(.*)" /srv$1\n',
    // mod_rewrite unescapes nothing: `"\\icons"` reaches PCRE as an escaped backslash, then icons (2.4 compiles it).
    'RewriteRule "\\\\icons" -\n',
    'RewriteCond %{REQUEST_URI} \\\\qx\nRewriteRule ^ -\n',
    '<FilesMatch "(?i)\\.(php|phtml)$">\n</FilesMatch>\n',
    'RewriteCond %{HTTP_HOST} !^(www\\.)?example\\.com$\nRewriteRule !^/(a|b) /c\n',
    // Not regexes: a header value, Substitute's n flag (a plain string), a plain SetEnvIf header name.
    'Header set X-Foo "\\iab"\n',
    'Substitute "s|\\ifoo|bar|n"\n',
    'SetEnvIf X-Header foo bar\n',
    // SSLRequire's regex is taken as written: `\\i` is an escaped backslash, then i (2.4 compiles it).
    'SSLRequire %{REQUEST_URI} =~ m#^/\\\\iab#\n',
  ],
  invalid: [
    { code: '<Directory ~ "\\icons">\n</Directory>\n', output: '<Directory ~ "icons">\n</Directory>\n', errors: ['has \\i: 2.2\'s PCRE read an unknown escaped letter as the letter itself'] },
    { code: '<LocationMatch ^/\\Manual>\n</LocationMatch>\n', output: '<LocationMatch ^/Manual>\n</LocationMatch>\n', errors: ['<LocationMatch>'] },
    { code: 'RedirectMatch 301 ^/\\Old(.*) /new$1\n', output: 'RedirectMatch 301 ^/Old(.*) /new$1\n', errors: ['RedirectMatch'] },
    { code: 'SetEnvIf User-Agent "[\\Y]es" yes\n', output: 'SetEnvIf User-Agent "[Y]es" yes\n', errors: ['SetEnvIf'] },
    { code: 'RewriteCond %{HTTP_HOST} !^\\yes\\w$\nRewriteRule ^/\\j /k\n', output: 'RewriteCond %{HTTP_HOST} !^yes\\w$\nRewriteRule ^/j /k\n', errors: ['RewriteCond', 'RewriteRule'] },
    { code: 'BrowserMatch "\\o" x\n', output: null, errors: ['\\o: PCRE2 reads \\o as the start of an octal escape'] },
    { code: '<DirectoryMatch "^/var/www/(a|b">\n</DirectoryMatch>\n', output: null, errors: ['The regex of <DirectoryMatch> does not compile (missing closing parenthesis at offset 14)'] },
    { code: 'RewriteRule !*x /y\n', output: null, errors: ['The regex of RewriteRule does not compile (quantifier does not follow a repeatable item at offset 0)'] },
    // ap_getword_conf turns `\\` into `\`: PCRE gets `\icons`, as from "\icons" (2.4: "Regex could not be compiled").
    { code: '<Directory ~ "\\\\icons">\n</Directory>\n', output: '<Directory ~ "icons">\n</Directory>\n', errors: ['<Directory>'] },
    // mod_version compiles the word after ~ (or a version written /re/): 2.4 stops on a bad one.
    { code: '<IfVersion ~ ^2\\.\\i>\n</IfVersion>\n', output: '<IfVersion ~ ^2\\.i>\n</IfVersion>\n', errors: ['The regex of <IfVersion> has \\i'] },
    { code: '<IfVersion !~ \\d\\y>\n</IfVersion>\n', output: '<IfVersion !~ \\dy>\n</IfVersion>\n', errors: ['<IfVersion>'] },
    { code: '<IfVersion = /^2\\.\\i/>\n</IfVersion>\n', output: '<IfVersion = /^2\\.i/>\n</IfVersion>\n', errors: ['<IfVersion>'] },
    { code: '<IfVersion /^2\\.\\i/>\n</IfVersion>\n', output: '<IfVersion /^2\\.i/>\n</IfVersion>\n', errors: ['<IfVersion>'] },
    { code: 'SetEnvIf Request_URI "\\\\qfoo" qq\n', output: 'SetEnvIf Request_URI "qfoo" qq\n', errors: ['SetEnvIf'] },
    { code: 'AliasMatch ^/\\\\i(.*) /srv$1\n', output: 'AliasMatch ^/i(.*) /srv$1\n', errors: ['AliasMatch'] },
    { code: 'RedirectMatch 301 "^/\\\\Old(.*)" /new$1\n', output: 'RedirectMatch 301 "^/Old(.*)" /new$1\n', errors: ['RedirectMatch'] },
    // mod_rewrite takes only "…" as quotes: PCRE gets `'\icons'`.
    { code: "RewriteRule '\\icons' -\n", output: "RewriteRule 'icons' -\n", errors: ['RewriteRule'] },
    // mod_rewrite keeps `\\`: PCRE gets `\\(`, an escaped backslash and an unclosed group (2.4: cannot compile).
    { code: 'RewriteRule "\\\\(" -\n', output: null, errors: ['The regex of RewriteRule does not compile (missing closing parenthesis'] },
    // More directives that compile a regex: 2.4 stops on each ("Header edit regex could not be compiled"…).
    { code: '<Location /x>\nHeader edit X-Foo "\\iab" b\n</Location>\n', output: '<Location /x>\nHeader edit X-Foo "iab" b\n</Location>\n', errors: ['The regex of Header has \\i'] },
    { code: 'Header always edit* X-Foo ^\\iab b\n', output: 'Header always edit* X-Foo ^iab b\n', errors: ['Header'] },
    { code: 'Header echo X-\\iFoo\n', output: 'Header echo X-iFoo\n', errors: ['Header'] },
    { code: 'RequestHeader edit X-Foo "^\\jab" b\n', output: 'RequestHeader edit X-Foo "^jab" b\n', errors: ['RequestHeader'] },
    { code: 'Substitute "s|\\ifoo|bar|"\n', output: 'Substitute "s|ifoo|bar|"\n', errors: ['Substitute'] },
    { code: 'Substitute "s#\\\\ifoo#b\\iar#i"\n', output: 'Substitute "s#ifoo#b\\iar#i"\n', errors: ['Substitute'] },
    { code: 'SSLRequire %{REQUEST_URI} =~ m#^/\\iab#\n', output: 'SSLRequire %{REQUEST_URI} =~ m#^/iab#\n', errors: ['SSLRequire'] },
    { code: 'SSLRequire %{REQUEST_URI} !~ /^\\iab/ or %{HTTP_HOST} =~ m|\\ja b|\n', output: 'SSLRequire %{REQUEST_URI} !~ /^iab/ or %{HTTP_HOST} =~ m|ja b|\n', errors: ['SSLRequire', 'SSLRequire'] },
    // A header name with a regex character is a regex; X-iHeader would be a plain name (exact, any case): X-[i]Header stays one.
    { code: 'SetEnvIf X-\\iHeader foo bar\n', output: 'SetEnvIf X-[i]Header foo bar\n', errors: ['SetEnvIf'] },
    { code: 'SetEnvIfNoCase ^X-\\i.* foo bar\n', output: 'SetEnvIfNoCase ^X-i.* foo bar\n', errors: ['SetEnvIfNoCase'] },
    { code: '<FilesMatch "[a-z">\n</FilesMatch>\n', output: null, errors: ['missing terminating ] for character class'] },
  ],
});

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
