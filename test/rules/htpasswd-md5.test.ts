import rule from '../../rules/htpasswd-md5.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    'AuthGroupFile /etc/httpd/groups\n',
    '# AuthUserFile /etc/httpd/users\n',
    '<IfVersion < 2.4>\n  AuthUserFile /etc/httpd/users\n</IfVersion>\n',
  ],
  invalid: [
    {
      name: 'reports once per password file and changes nothing',
      code: '<Location /a>\n  AuthUserFile /etc/users\n</Location>\n<Location /b>\n  AuthUserFile /etc/users\n</Location>\n<Location /c>\n  AuthUserFile "/srv/other users"\n</Location>\n',
      output: null,
      errors: [
        /^Password file \/etc\/users: httpd 2\.2's htpasswd hashed new passwords with crypt\(\) on Unix .*2\.4's htpasswd hashes with MD5 \(\$apr1\$\) on every platform by default\. The existing entries keep working.*"htpasswd -B \/etc\/users <user>"\.$/,
        'Password file /srv/other users:',
      ],
    },
    {
      name: 'in .htaccess, with CRLF',
      code: 'AuthType Basic\r\nAuthUserFile /home/bob/.htpasswd\r\n',
      filename: '/home/bob/public_html/.htaccess',
      output: null,
      errors: ['"htpasswd -B /home/bob/.htpasswd <user>"'],
    },
    {
      name: 'inside <IfModule> and <VirtualHost>, with a continued line',
      code: '<VirtualHost *:80>\n  <IfModule mod_authn_file.c>\n    AuthUserFile \\\n      /etc/httpd/users\n  </IfModule>\n</VirtualHost>\n',
      output: null,
      errors: ['Password file /etc/httpd/users:'],
    },
  ],
});
