import rule from '../../rules/prefer-mod-cache-disk.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['LoadModule cache_disk_module modules/mod_cache_disk.so\n', '<IfModule mod_cache_disk.c>\n</IfModule>\n', '# LoadModule disk_cache_module modules/mod_disk_cache.so\n'],
  invalid: [
    {
      code: 'LoadModule disk_cache_module /usr/lib/httpd/modules/mod_disk_cache.so\n',
      output: 'LoadModule cache_disk_module /usr/lib/httpd/modules/mod_cache_disk.so\n',
      errors: [/^LoadModule disk_cache_module \/usr\/lib\/httpd\/modules\/mod_disk_cache\.so loaded 2\.2's disk cache; .* Write `LoadModule cache_disk_module \/usr\/lib\/httpd\/modules\/mod_cache_disk\.so`\.$/],
    },
    { name: 'keeps quotes and CRLF', code: 'LoadModule  disk_cache_module\t"modules/mod_disk_cache.so"\r\n', output: 'LoadModule  cache_disk_module\t"modules/mod_cache_disk.so"\r\n', errors: ['Write `LoadModule cache_disk_module "modules/mod_cache_disk.so"`.'] },
    { name: 'renames a negated, quoted and a 2.4-style spaced test', code: '<IfModule "!mod_disk_cache.c">\n</IfModule>\n<IfModule ! disk_cache_module>\n</IfModule>\n', output: '<IfModule "!mod_cache_disk.c">\n</IfModule>\n<IfModule ! cache_disk_module>\n</IfModule>\n', errors: ['would always be true. Write `<IfModule !mod_cache_disk.c>`.', 'Write `<IfModule !cache_disk_module>`'] },
    { name: 'reports the a2enmod commands for a Debian .load file', filename: '/etc/apache2/mods-available/disk_cache.load', code: 'LoadModule disk_cache_module /usr/lib/apache2/modules/mod_disk_cache.so\n', output: null, errors: ['run `a2dismod disk_cache && a2enmod cache_disk`'] },
  ],
});
