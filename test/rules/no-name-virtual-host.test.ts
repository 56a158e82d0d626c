import rule from '../../rules/no-name-virtual-host.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    '<VirtualHost *:80>\nServerName a\n</VirtualHost>\n', '#NameVirtualHost *:80\n',
    // A _default_ host on an address the name-based hosts do not use answered in 2.2 as in 2.4.
    '<VirtualHost _default_:8080>\n</VirtualHost>\n',
    // Hosts on different addresses, or on one a NameVirtualHost names (its line is fixed away; the hosts are not reported).
    '<VirtualHost 10.0.0.1:80>\nServerName a\n</VirtualHost>\n<VirtualHost 10.0.0.2:80>\nServerName b\n</VirtualHost>\n',
    // A vhost file alone: its main configuration (Debian's ports.conf) may well name the address.
    '<VirtualHost 127.0.0.1:80>\nServerName a\n</VirtualHost>\n<VirtualHost 127.0.0.1:80>\nServerName b\n</VirtualHost>\n',
    // A tree a first write migrated (its NameVirtualHost gone, 2.4's modules loaded) is read as 2.4.
    'ServerRoot /etc/httpd\nListen 80\nLoadModule authz_core_module modules/mod_authz_core.so\n<VirtualHost 127.0.0.1:80>\nServerName a\n</VirtualHost>\n<VirtualHost 127.0.0.1:80>\nServerName b\n</VirtualHost>\n',
  ],
  invalid: [
    {
      // Found by a helper's bug hunt: on the real 2.4, Host: b.example.test got b's page; 2.2 served a's to every name.
      name: 'reports a host that shares its address with an earlier one where no NameVirtualHost names it',
      code: 'ServerRoot /etc/httpd\nListen 80\n<VirtualHost 127.0.0.1:80>\n    ServerName a.example.test\n</VirtualHost>\n<VirtualHost 127.0.0.1:80>\n    ServerName b.example.test\n</VirtualHost>\n',
      output: null,
      errors: [/^<VirtualHost 127\.0\.0\.1:80> never answered in 2\.2: no NameVirtualHost names 127\.0\.0\.1:80, .*<VirtualHost 127\.0\.0\.1:80> \(ServerName a\.example\.test\), answered every request/],
    },
    // Found by a helper's bug hunt: NameVirtualHost *:80 was taken to name *:443 too (the stock 2.2 ssl.conf with two
    // sites on *:443 and no NameVirtualHost *:443), while 2.2 found a * NameVirtualHost by its port: the first site
    // answered every request on 443, and 2.4 makes the second answer its name.
    {
      name: 'a NameVirtualHost *:port names that port of * only',
      code: 'ServerRoot /etc/httpd\nListen 80\nNameVirtualHost *:80\n<VirtualHost *:443>\n    ServerName a.test\n</VirtualHost>\n<VirtualHost *:443>\n    ServerName b.test\n</VirtualHost>\n',
      output: 'ServerRoot /etc/httpd\nListen 80\n<VirtualHost *:443>\n    ServerName a.test\n</VirtualHost>\n<VirtualHost *:443>\n    ServerName b.test\n</VirtualHost>\n',
      errors: ['NameVirtualHost *:80 is removed', /^<VirtualHost \*:443> never answered in 2\.2: no NameVirtualHost names \*:443, .*\(ServerName a\.test\)/],
    },
    {
      name: 'a NameVirtualHost of an IP address, or * with no port, names every port',
      code: 'ServerRoot /etc/httpd\nListen 80\nNameVirtualHost 10.0.0.1:80\nNameVirtualHost *\n<VirtualHost 10.0.0.1:8080>\nServerName a\n</VirtualHost>\n<VirtualHost 10.0.0.1:8080>\nServerName b\n</VirtualHost>\n'
        + '<VirtualHost *:443>\nServerName c\n</VirtualHost>\n<VirtualHost *:443>\nServerName d\n</VirtualHost>\n',
      output: 'ServerRoot /etc/httpd\nListen 80\n<VirtualHost 10.0.0.1:8080>\nServerName a\n</VirtualHost>\n<VirtualHost 10.0.0.1:8080>\nServerName b\n</VirtualHost>\n'
        + '<VirtualHost *:443>\nServerName c\n</VirtualHost>\n<VirtualHost *:443>\nServerName d\n</VirtualHost>\n',
      errors: ['NameVirtualHost 10.0.0.1:80 is removed', 'NameVirtualHost * is removed'],
    },
    {
      name: 'says nothing of hosts on an address a NameVirtualHost names',
      code: 'NameVirtualHost 127.0.0.1:80\n<VirtualHost 127.0.0.1:80>\n    ServerName a\n</VirtualHost>\n<VirtualHost 127.0.0.1:80>\n    ServerName b\n</VirtualHost>\n',
      output: '<VirtualHost 127.0.0.1:80>\n    ServerName a\n</VirtualHost>\n<VirtualHost 127.0.0.1:80>\n    ServerName b\n</VirtualHost>\n',
      errors: ['NameVirtualHost 127.0.0.1:80 is removed'],
    },
    { code: 'Listen 80\nNameVirtualHost *:80\n', output: 'Listen 80\n', errors: ['NameVirtualHost *:80 is removed'] },
    { name: 'removes a last line that has no line ending', code: 'Listen 80\r\nnamevirtualhost 10.0.0.1:443', output: 'Listen 80', errors: ['ignores it (AH00548)'] },
    { name: 'removes a continued line whole', code: 'NameVirtualHost \\\n *:80\nListen 80\n', output: 'Listen 80\n', errors: ['NameVirtualHost *:80'] },
    {
      // Found by a helper's bug hunt: on the real 2.4, apache2 -S showed the _default_ host as the default
      // server of *:443, answering requests 2.2 gave to the first name-based host.
      name: 'reports a _default_ host on the port of a NameVirtualHost *:port',
      code: 'NameVirtualHost *:443\n<VirtualHost _default_:443>\n    DocumentRoot /srv/default\n</VirtualHost>\n<VirtualHost *:443>\n    ServerName a.test\n</VirtualHost>\n',
      output: '<VirtualHost _default_:443>\n    DocumentRoot /srv/default\n</VirtualHost>\n<VirtualHost *:443>\n    ServerName a.test\n</VirtualHost>\n',
      errors: ['NameVirtualHost *:443 is removed', /^<VirtualHost _default_:443> never answered in 2\.2, where NameVirtualHost \*:443 made that port name-based/],
    },
    { name: 'removes it inside a conditional section', code: '<IfModule mod_ssl.c>\n  NameVirtualHost *:443\n  Listen 443\n</IfModule>\n', output: '<IfModule mod_ssl.c>\n  Listen 443\n</IfModule>\n', errors: ['*:443'] },
  ],
});
