import rule from '../../rules/proxy-scgi-pathinfo.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    'ProxyPass /app/ http://127.0.0.1:4000/\n',
    'SetEnvIf Request_URI . proxy-scgi-pathinfo\n<VirtualHost *:80>\nProxyPass /app/ scgi://127.0.0.1:4000/\n</VirtualHost>\n',
    '<Location /app/>\n  SetEnvIfNoCase Request_URI ^/app proxy-scgi-pathinfo=1\n  ProxyPass scgi://127.0.0.1:4000/\n</Location>\n',
    '# ProxyPass /app/ scgi://127.0.0.1:4000/\n',
    'RewriteRule ^/r/(.*)$ scgi://127.0.0.1:4000/$1\n',
    'RewriteRule ^/r/(.*)$ http://127.0.0.1:4000/$1 [P]\n',
  ],
  invalid: [
    {
      name: 'a RewriteRule [P] to scgi:// goes through the same canon handler (bug hunt)',
      code: 'RewriteEngine On\nRewriteRule ^/r/(.*)$ scgi://127.0.0.1:4000/$1 [L,P]\n',
      output: 'RewriteEngine On\nRewriteRule ^/r/(.*)$ scgi://127.0.0.1:4000/$1 [L,P]\nSetEnvIf Request_URI . proxy-scgi-pathinfo\n',
      errors: ['RewriteRule to scgi://127.0.0.1:4000/$1'],
    },
    {
      code: 'ProxyPass /app/ scgi://127.0.0.1:4000/\n',
      output: 'ProxyPass /app/ scgi://127.0.0.1:4000/\nSetEnvIf Request_URI . proxy-scgi-pathinfo\n',
      errors: [/^In 2\.2, mod_proxy_scgi always sent.*\(ProxyPass to scgi:\/\/127\.0\.0\.1:4000\/\)\..*add: SetEnvIf Request_URI \. proxy-scgi-pathinfo \(needs mod_setenvif\)\.$/],
    },
    {
      name: 'SetEnv does not count, and a Location gets the line inside it',
      code: '<Location /app/>\r\n\tSetEnv proxy-scgi-pathinfo 1\r\n\tProxyPassMatch ^/app/(.*)$ SCGI://127.0.0.1:4000/$1\r\n</Location>',
      output: '<Location /app/>\r\n\tSetEnv proxy-scgi-pathinfo 1\r\n\tProxyPassMatch ^/app/(.*)$ SCGI://127.0.0.1:4000/$1\r\n\tSetEnvIf Request_URI . proxy-scgi-pathinfo\r\n</Location>',
      errors: ['ProxyPassMatch to SCGI://127.0.0.1:4000/$1'],
    },
    {
      name: 'one line per scope',
      code: 'ProxyPass /a/ scgi://h:1/\nProxyPass /b/ scgi://h:2/\n',
      output: 'ProxyPass /a/ scgi://h:1/\nSetEnvIf Request_URI . proxy-scgi-pathinfo\nProxyPass /b/ scgi://h:2/\n',
      errors: ['scgi://h:1/'],
    },
  ],
});
