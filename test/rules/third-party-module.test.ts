import rule from '../../rules/third-party-module.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    'LoadModule rewrite_module modules/mod_rewrite.so\nLoadModule cache_disk_module modules/mod_cache_disk.so\n',
    'LoadModule disk_cache_module modules/mod_disk_cache.so\nLoadModule authz_default_module modules/mod_authz_default.so\n',
    '# LoadModule php5_module modules/libphp5.so\n',
    'LoadModule mpm_event_module "/usr/lib/apache2/modules/mod_mpm_event.so"\n',
  ],
  invalid: [
    {
      code: 'LoadModule php5_module modules/libphp5.so\n',
      output: null,
      errors: [/^LoadModule php5_module modules\/libphp5\.so loads a module that is not part of httpd\. .*keep the line `LoadModule php5_module modules\/libphp5\.so` as it is\. PHP 5\.4 and later/],
    },
    { name: 'reads quotes, CRLF and sections', code: '<IfModule !mod_foo.c>\r\n  LoadModule foo_module "/opt/foo/mod_foo.so"\r\n</IfModule>\r\n', output: null, errors: ['LoadModule foo_module "/opt/foo/mod_foo.so" loads a module that is not part of httpd'] },
    { name: 'reads a continued line', code: 'LoadModule \\\n  jk_module libexec/mod_jk.so', output: null, errors: ['mod_jk supports 2.4 from release 1.2.37'] },
  ],
});
