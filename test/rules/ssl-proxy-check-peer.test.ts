import rule from '../../rules/ssl-proxy-check-peer.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    'SSLProxyEngine off\n',
    '<VirtualHost *:443>\n  SSLProxyEngine on\n  SSLProxyCheckPeerCN on\n  SSLProxyCheckPeerName on\n  SSLProxyCheckPeerExpire on\n</VirtualHost>\n',
    // The main server's settings are inherited by the virtual host.
    'SSLProxyCheckPeerCN off\nSSLProxyCheckPeerName off\nSSLProxyCheckPeerExpire off\n<VirtualHost *:443>\n  SSLProxyEngine on\n</VirtualHost>\n',
    '<IfVersion < 2.4>\n  SSLProxyEngine on\n</IfVersion>\n',
  ],
  invalid: [
    {
      name: 'offers the three lines after SSLProxyEngine and names the 502',
      code: 'SSLProxyEngine on\nProxyPass / https://backend/\n',
      output: 'SSLProxyEngine on\nSSLProxyCheckPeerCN Off\nSSLProxyCheckPeerName Off\nSSLProxyCheckPeerExpire Off\nProxyPass / https://backend/\n',
      errors: [/^SSLProxyEngine is on: httpd 2\.2 did not check .*defaulted to Off\); 2\.4 checks both by default .*502 Bad Gateway\. To keep the 2\.2 behaviour write "SSLProxyCheckPeerCN Off", "SSLProxyCheckPeerName Off", "SSLProxyCheckPeerExpire Off" in the same scope; this weakens security/],
    },
    {
      name: 'one finding per virtual host, inside <IfModule>, with CRLF',
      code: '<VirtualHost *:443>\r\n  <IfModule mod_ssl.c>\r\n\tSSLProxyEngine On\r\n\tSSLProxyEngine On\r\n  </IfModule>\r\n  SSLProxyCheckPeerName off\r\n</VirtualHost>\r\n',
      output: '<VirtualHost *:443>\r\n  <IfModule mod_ssl.c>\r\n\tSSLProxyEngine On\r\n\tSSLProxyCheckPeerCN Off\r\n\tSSLProxyCheckPeerExpire Off\r\n\tSSLProxyEngine On\r\n  </IfModule>\r\n  SSLProxyCheckPeerName off\r\n</VirtualHost>\r\n',
      errors: ['write "SSLProxyCheckPeerCN Off", "SSLProxyCheckPeerExpire Off" in'],
    },
    {
      name: 'works on a last line with no line ending',
      code: '<VirtualHost *:443>\nSSLProxyCheckPeerCN Off\n</VirtualHost>\nSSLProxyEngine \\\n  on',
      output: '<VirtualHost *:443>\nSSLProxyCheckPeerCN Off\n</VirtualHost>\nSSLProxyEngine \\\n  on\nSSLProxyCheckPeerCN Off\nSSLProxyCheckPeerName Off\nSSLProxyCheckPeerExpire Off',
      errors: ['"SSLProxyCheckPeerCN Off", "SSLProxyCheckPeerName Off"'],
    },
    {
      name: 'reads a quoted On',
      code: '<VirtualHost *:443>\n    SSLProxyEngine "On"\n    SSLProxyCheckPeerCN off\n    SSLProxyCheckPeerName off\n</VirtualHost>\n',
      output: '<VirtualHost *:443>\n    SSLProxyEngine "On"\n    SSLProxyCheckPeerExpire Off\n    SSLProxyCheckPeerCN off\n    SSLProxyCheckPeerName off\n</VirtualHost>\n',
      errors: ['write "SSLProxyCheckPeerExpire Off" in the same scope'],
    },
  ],
});
