import rule from '../../rules/load-module-builtin.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    'LoadModule authz_host_module modules/mod_authz_host.so\n',
    '<IfModule !log_config_module>\n    LoadModule log_config_module modules/mod_log_config.so\n</IfModule>\n',
    '<IfModule !mod_version.c>\nLoadModule version_module modules/mod_version.so\n</IfModule>\n',
    '# LoadModule logio_module modules/mod_logio.so\n',
  ],
  invalid: [
    {
      code: 'LoadModule log_config_module modules/mod_log_config.so\n',
      output: '<IfModule !log_config_module>\n    LoadModule log_config_module modules/mod_log_config.so\n</IfModule>\n',
      errors: ['mod_log_config is compiled into many 2.4 builds'],
    },
    {
      name: 'keeps the indentation and CRLF of the line, and quoting of its path',
      code: '<IfModule foo>\r\n\tLoadModule version_module "modules/mod_version.so"\r\n</IfModule>\r\n',
      output: '<IfModule foo>\r\n\t<IfModule !version_module>\r\n\t\tLoadModule version_module "modules/mod_version.so"\r\n\t</IfModule>\r\n</IfModule>\r\n',
      errors: ['module version_module is built-in'],
    },
    {
      name: 'a guard for another module does not count',
      code: '<IfModule !unixd_module>\nLoadModule logio_module modules/mod_logio.so\n</IfModule>\n',
      output: '<IfModule !unixd_module>\n<IfModule !logio_module>\n    LoadModule logio_module modules/mod_logio.so\n</IfModule>\n</IfModule>\n',
      errors: ['logio'],
    },
  ],
});
