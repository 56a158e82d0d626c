import rule from '../../rules/no-default-type.js';
import { ruleTester } from '../helpers/rule-tester.js';

const HEADERS = 'LoadModule headers_module modules/mod_headers.so\n';

ruleTester(rule, {
  valid: ['AddType text/plain .txt\n', '# DefaultType text/plain\n'],
  invalid: [
    {
      name: 'with mod_headers loaded, the type is kept with a Header line',
      code: `${HEADERS}DefaultType text/plain\nServerName a\n`,
      output: `${HEADERS}Header set Content-Type text/plain "expr=-z %{CONTENT_TYPE}"\nServerName a\n`,
      errors: [/DefaultType text\/plain: .*It becomes Header set Content-Type text\/plain .*only successful \(2xx\) responses/],
    },
    {
      name: 'the value keeps its quoting',
      code: `${HEADERS}<Directory /srv>\n  defaulttype "application/octet-stream"\n</Directory>\n`,
      output: `${HEADERS}<Directory /srv>\n  Header set Content-Type "application/octet-stream" "expr=-z %{CONTENT_TYPE}"\n</Directory>\n`,
      errors: ['It becomes Header set Content-Type "application/octet-stream"'],
    },
    {
      name: 'without mod_headers, the line is removed and the Header line offered',
      code: 'LoadModule mime_module modules/mod_mime.so\nDefaultType text/plain\nServerName a\n',
      output: 'LoadModule mime_module modules/mod_mime.so\nServerName a\n',
      errors: [/The line is removed\. To keep the type, load mod_headers and write Header set Content-Type text\/plain/],
    },
    { code: 'DefaultType text/plain\nServerName a\n', output: 'ServerName a\n', errors: ['The line is removed'] },
    { code: 'DefaultType none\n', output: '', errors: ['DefaultType none is removed: it has no effect in 2.4.'] },
    { code: 'ServerName a\r\n  defaulttype "application/octet-stream"', output: 'ServerName a', errors: ['DefaultType application/octet-stream: 2.2 sent'] },
  ],
});
