import rule from '../../rules/ssl-ca-revocation-check.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    'SSLCARevocationFile /etc/crl.pem\nSSLCARevocationCheck leaf\n',
    // Inherited from the main server.
    'SSLCARevocationCheck none\n<VirtualHost *:443>\n  SSLCARevocationPath /etc/crl\n</VirtualHost>\n',
    '<IfVersion < 2.4>\n  SSLCARevocationFile /etc/crl.pem\n</IfVersion>\n',
    '<VirtualHost *:443>\n  <IfModule mod_ssl.c>\n    SSLProxyCARevocationFile /etc/p.crl\n  </IfModule>\n  SSLProxyCARevocationCheck chain\n</VirtualHost>\n',
  ],
  invalid: [
    {
      name: 'adds the check after the CRL line and says what changed',
      code: 'SSLCARevocationFile /etc/crl.pem\nSSLVerifyClient require\n',
      output: 'SSLCARevocationFile /etc/crl.pem\nSSLCARevocationCheck chain no_crl_for_cert_ok\nSSLVerifyClient require\n',
      errors: [/^SSLCARevocationFile is set without SSLCARevocationCheck: httpd 2\.2 checked every certificate of the chain .*2\.4 does not check CRLs at all unless SSLCARevocationCheck is set .*Write "SSLCARevocationCheck chain no_crl_for_cert_ok"/],
    },
    {
      name: 'one line per virtual host and per side, with CRLF and inside <IfModule>',
      code: '<VirtualHost a:443>\r\n  <IfModule mod_ssl.c>\r\n    SSLCARevocationPath /crl\r\n    SSLProxyCARevocationPath /pcrl\r\n  </IfModule>\r\n</VirtualHost>\r\n<VirtualHost b:443>\r\n\tsslcarevocationfile "/b.crl"\r\n</VirtualHost>\r\n',
      output: '<VirtualHost a:443>\r\n  <IfModule mod_ssl.c>\r\n    SSLCARevocationPath /crl\r\n    SSLCARevocationCheck chain no_crl_for_cert_ok\r\n    SSLProxyCARevocationPath /pcrl\r\n    SSLProxyCARevocationCheck chain no_crl_for_cert_ok\r\n  </IfModule>\r\n</VirtualHost>\r\n<VirtualHost b:443>\r\n\tsslcarevocationfile "/b.crl"\r\n\tSSLCARevocationCheck chain no_crl_for_cert_ok\r\n</VirtualHost>\r\n',
      errors: ['SSLCARevocationPath is set without SSLCARevocationCheck', 'SSLProxyCARevocationPath is set without SSLProxyCARevocationCheck', 'sslcarevocationfile is set'],
    },
    {
      name: 'works on a continued last line without a line ending',
      code: 'SSLCARevocationFile \\\n  /etc/crl.pem',
      output: 'SSLCARevocationFile \\\n  /etc/crl.pem\nSSLCARevocationCheck chain no_crl_for_cert_ok',
      errors: ['2.4.21 or later'],
    },
  ],
});
