import rule from '../../rules/ssi-legacy-expr.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    '<Directory /srv/a>\n  Options -Includes +ExecCGI\n</Directory>\n',
    '<Directory /srv/b>\n  SSILegacyExprParser off\n  <Files "*.shtml">\n    Options +Includes\n  </Files>\n</Directory>\n',
    '<IfVersion < 2.4>\n  <Directory /srv/c>\n    Options Includes\n  </Directory>\n</IfVersion>\n',
    { code: 'SSILegacyExprParser on\nOptions +Includes\n', filename: '/srv/www/.htaccess' },
  ],
  invalid: [
    {
      name: 'offers the line after the Options line and reports the other changes',
      code: '<Directory /srv/d>\n  Options +Includes\n</Directory>\n',
      output: '<Directory /srv/d>\n  Options +Includes\n  SSILegacyExprParser on\n</Directory>\n',
      errors: [/^Options enables server-side includes here: httpd 2\.2 evaluated <!--#if expr="\.\.\." --> with the old SSI expression syntax; 2\.4 uses the new expression parser.*<!--#set --> no longer decodes entities.*error documents.*write "SSILegacyExprParser on" in this section/],
    },
    {
      name: 'one finding per section, inside <IfModule>, with CRLF',
      code: '<Location /ssi>\r\n  <IfModule mod_include.c>\r\n\tOptions IncludesNOEXEC\r\n\tOptions +Includes\r\n  </IfModule>\r\n</Location>\r\n',
      output: '<Location /ssi>\r\n  <IfModule mod_include.c>\r\n\tOptions IncludesNOEXEC\r\n\tSSILegacyExprParser on\r\n\tOptions +Includes\r\n  </IfModule>\r\n</Location>\r\n',
      errors: ['in this section'],
    },
    {
      name: 'an .htaccess file takes the line at its top level',
      code: 'Options +Includes',
      filename: '/srv/www/.htaccess',
      output: 'Options +Includes\nSSILegacyExprParser on',
      errors: ['in this section'],
    },
    {
      name: 'Options All turns on includes; All with -Includes does not',
      code: '<Directory /srv/all>\n  Options All\n</Directory>\n<Directory /srv/none>\n  Options All -Includes\n</Directory>\n',
      output: '<Directory /srv/all>\n  Options All\n  SSILegacyExprParser on\n</Directory>\n<Directory /srv/none>\n  Options All -Includes\n</Directory>\n',
      errors: ['in this section'],
    },
    {
      name: 'Options +All turns on includes as 2.2 read it',
      code: '<Directory /srv/plus>\n  Options +All\n</Directory>\n',
      output: '<Directory /srv/plus>\n  Options +All\n  SSILegacyExprParser on\n</Directory>\n',
      errors: ['in this section'],
    },
    {
      name: 'reports without an edit for the error documents directory',
      code: 'Alias /error/ "/var/www/error/"\n<Directory "/var/www/error">\n    AllowOverride None\n    Options IncludesNoExec\n    AddOutputFilter Includes html\n</Directory>\n',
      output: null,
      errors: [/This section serves the server's error documents: keep the new parser for 2\.4's error pages, and write "SSILegacyExprParser on" here only if the 2\.2 pages are kept\.$/],
    },
    {
      name: 'reports without an edit at server level',
      code: 'Options Indexes Includes\n',
      output: null,
      errors: ['SSILegacyExprParser is not allowed at this level'],
    },
    {
      name: 'a continued Options line in a quoted <Directory> of a <VirtualHost>',
      code: '<VirtualHost *:80>\n  <Directory "/srv/ssi">\n    Options Indexes \\\n      Includes\n  </Directory>\n</VirtualHost>\n',
      output: '<VirtualHost *:80>\n  <Directory "/srv/ssi">\n    Options Indexes \\\n      Includes\n    SSILegacyExprParser on\n  </Directory>\n</VirtualHost>\n',
      errors: ['in this section'],
    },
  ],
});
