import rule from '../../rules/ssl-legacy-dn-string-format.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    // The component variables (…_DN_CN) keep their format.
    'SSLUserName SSL_CLIENT_S_DN_CN\nRequestHeader set X-CN "%{SSL_CLIENT_S_DN_CN}s"\n',
    // StdEnvVars outside any CGI scope.
    '<Location /app>\n  SSLOptions +StdEnvVars\n</Location>\n',
    // Already kept by the scope or an enclosing one.
    '<VirtualHost *:443>\n  SSLOptions +StdEnvVars +LegacyDNStringFormat\n  <Location /a>\n    SSLRequire %{SSL_CLIENT_I_DN} eq "x"\n  </Location>\n</VirtualHost>\n',
    '<IfVersion < 2.4>\n  SSLRequire %{SSL_CLIENT_S_DN} eq "x"\n</IfVersion>\n',
  ],
  invalid: [
    {
      name: 'offers the option before an SSLRequire and says what changed',
      code: '<Directory /srv/x>\n  SSLRequire %{SSL_CLIENT_S_DN} eq "/O=Ex/CN=Jo"\n</Directory>\n',
      output: '<Directory /srv/x>\n  SSLOptions +LegacyDNStringFormat\n  SSLRequire %{SSL_CLIENT_S_DN} eq "/O=Ex/CN=Jo"\n</Directory>\n',
      errors: [/^This scope uses SSL_CLIENT_S_DN in SSLRequire: httpd 2\.2 formatted the \*_DN variables in OpenSSL's old one-line form \(\/C=DE\/O=Example\/CN=Jo\); 2\.4 uses the RFC 2253 form \(CN=Jo,O=Example,C=DE\).*"SSLOptions \+LegacyDNStringFormat"/],
    },
    {
      name: 'puts it after an SSLOptions line of the same section, so an absolute line cannot reset it (CRLF)',
      code: '<Location /b>\r\n\tRewriteCond %{SSL:SSL_SERVER_I_DN} !^/O=Ex\r\n\tRewriteRule ^ - [F]\r\n\tSSLOptions StrictRequire\r\n</Location>\r\n',
      output: '<Location /b>\r\n\tRewriteCond %{SSL:SSL_SERVER_I_DN} !^/O=Ex\r\n\tRewriteRule ^ - [F]\r\n\tSSLOptions StrictRequire\r\n\tSSLOptions +LegacyDNStringFormat\r\n</Location>\r\n',
      errors: ['uses SSL_SERVER_I_DN in RewriteCond'],
    },
    {
      name: 'StdEnvVars in a CGI directory, inside <IfModule>',
      code: '<Directory "/var/www/cgi-bin">\n  <IfModule mod_ssl.c>\n    SSLOptions +StdEnvVars\n  </IfModule>\n</Directory>\n',
      output: '<Directory "/var/www/cgi-bin">\n  <IfModule mod_ssl.c>\n    SSLOptions +StdEnvVars\n    SSLOptions +LegacyDNStringFormat\n  </IfModule>\n</Directory>\n',
      errors: ['exports them to scripts with SSLOptions +StdEnvVars'],
    },
    {
      name: 'one finding per scope, on a LogFormat at server level',
      code: 'LogFormat "%h %{SSL_CLIENT_S_DN}x" ssl\nCustomLog logs/ssl.log "%{SSL_CLIENT_S_DN}x"\n',
      output: 'SSLOptions +LegacyDNStringFormat\nLogFormat "%h %{SSL_CLIENT_S_DN}x" ssl\nCustomLog logs/ssl.log "%{SSL_CLIENT_S_DN}x"\n',
      errors: ['uses SSL_CLIENT_S_DN in LogFormat'],
    },
    {
      name: 'an SSLRequire continued over lines, in a <VirtualHost>',
      code: '<VirtualHost *:443>\n  <Location />\n    SSLRequire %{SSL_CIPHER_USEKEYSIZE} >= 128 \\\n      and %{SSL_CLIENT_I_DN} eq "/O=CA"\n  </Location>\n</VirtualHost>\n',
      output: '<VirtualHost *:443>\n  <Location />\n    SSLOptions +LegacyDNStringFormat\n    SSLRequire %{SSL_CIPHER_USEKEYSIZE} >= 128 \\\n      and %{SSL_CLIENT_I_DN} eq "/O=CA"\n  </Location>\n</VirtualHost>\n',
      errors: ['uses SSL_CLIENT_I_DN in SSLRequire'],
    },
  ],
});
