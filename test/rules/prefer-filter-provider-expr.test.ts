import { describe, expect, it } from 'vitest';
import rule from '../../rules/prefer-filter-provider-expr.js';
import { quoteWord } from '../../src/parse/words.js';
import { cAtoi, translateProvider } from '../../src/rules-kit/filter-expr.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    // Already the 2.4 form.
    'FilterProvider gz DEFLATE "%{CONTENT_TYPE} =~ m#^text/#"\n',
    // Lines 2.2 itself refused are left to other rules.
    'FilterProvider gz DEFLATE foo=bar x\n',
    'FilterProvider gz DEFLATE Content-Type /unterminated\n',
    // Read only by 2.2.
    '<IfVersion < 2.3.0>\n  FilterProvider gz DEFLATE resp=Content-Type $text/\n</IfVersion>\n',
  ],
  invalid: [
    {
      name: 'rewrites a substring match and says what 2.2 did',
      code: 'FilterProvider COMPRESS DEFLATE resp=Content-Type $text/HTML\n',
      output: 'FilterProvider COMPRESS DEFLATE "%{CONTENT_TYPE} =~ m#text/html#i"\n',
      errors: [/^FilterProvider uses the 2\.2 form "dispatch match": httpd 2\.2 ran provider DEFLATE when the response's Content-Type contains "text\/html" in any case; 2\.4 takes one boolean expression instead .*Write 'FilterProvider COMPRESS DEFLATE "%\{CONTENT_TYPE\} =~ m#text\/html#i"'\.$/],
    },
    {
      name: 'keeps CRLF, indentation and a continuation before the rewritten words',
      code: '<IfModule mod_filter.c>\r\n\tFilterProvider gz \\\r\n\t  DEFLATE env=FORCE *\r\n\tFilterProvider gz DEFLATE "req=User-Agent" "!/MSIE [1-6]/"\r\n</IfModule>\r\n',
      output: '<IfModule mod_filter.c>\r\n\tFilterProvider gz \\\r\n\t  DEFLATE env=FORCE *\r\n\tFilterProvider gz DEFLATE "!(req_novary(\'User-Agent\') =~ /MSIE [1-6]/)"\r\n</IfModule>\r\n',
      errors: [/unless request header User-Agent matches \/MSIE \[1-6\]\//, /set.*No 2\.4 expression is exactly equivalent: 2\.4 cannot tell a value set to "" from a missing one\. The nearest is 'FilterProvider gz DEFLATE "-n reqenv\('FORCE'\)"'\./],
    },
    {
      name: 'reports without a fix what cannot be translated exactly',
      code: 'FilterProvider f INCLUDES env=size <100\nFilterProvider f INCLUDES handler /.*/\nFilterProvider f INCLUDES X-Type text/html\n',
      output: null,
      errors: ['2.4 reads a missing value as 0', 'can match an empty string', 'headers kept on errors'],
    },
  ],
});

describe('translateProvider', () => {
  it('compares numbers as 2.2 atoi did, exactly when 0 does not pass', () => {
    expect(translateProvider('env=len', '>=10')).toEqual({ meaning: 'when environment variable len is a number of at least 10', expr: "reqenv('len') -ge 10" });
    expect(translateProvider('env=len', '=  -3abc')?.expr).toBe("reqenv('len') -eq -3");
    expect(translateProvider('env=len', '<=0')?.expr).toBeUndefined();
  });

  it('keeps the regex flags 2.2 honoured and picks a free delimiter', () => {
    expect(translateProvider('Content-Type', '/text\\/(html|css)/ix')?.expr).toBe('%{CONTENT_TYPE} =~ m#text\\/(html|css)#i');
    expect(translateProvider('handler', '/a#b/')?.expr).toBe('%{HANDLER} =~ /a#b/');
    expect(translateProvider('handler', '/a|#!b\\/x/')?.reason).toMatch(/every delimiter/);
  });

  it('escapes regex characters of a substring and lower-cases an exact string', () => {
    expect(translateProvider('resp=content-type', '$Image/SVG+XML')?.expr).toBe('%{CONTENT_TYPE} =~ m#image/svg\\+xml#i');
    expect(translateProvider('HANDLER', 'CGI-Script')?.expr).toBe("tolower(%{HANDLER}) == 'cgi-script'");
    expect(translateProvider('handler', "it's")?.expr).toBeUndefined();
  });

  it('refuses dispatch tables 2.2 refused', () => {
    expect(translateProvider('foo=x', 'y')).toBeNull();
  });
});

describe('cAtoi and quoteWord', () => {
  it('reads numbers like C atoi', () => {
    expect([cAtoi(' 12ab'), cAtoi('x'), cAtoi('-7'), cAtoi('')]).toEqual([12, 0, -7, 0]);
  });

  it('quotes so that ap_getword_conf gives the expression back', () => {
    expect(quoteWord('a "b" \\. c\\')).toBe('"a \\"b\\" \\. c\\\\"');
  });
});
