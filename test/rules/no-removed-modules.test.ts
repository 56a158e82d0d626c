import rule from '../../rules/no-removed-modules.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    'LoadModule authn_core_module modules/mod_authn_core.so\n<IfModule mod_authn_core.c>\n</IfModule>\n',
    'LoadModule disk_cache_module modules/mod_disk_cache.so\n',
    'CacheEnable disk /\n',
    'MCacheSize 4096\nAuthzDefaultAuthoritative On\n',
  ],
  invalid: [
    {
      code: 'LoadModule authz_default_module modules/mod_authz_default.so\n',
      output: '',
      errors: [/^LoadModule authz_default_module modules\/mod_authz_default\.so loaded mod_authz_default in 2\.2; 2\.4 has no such module .*it only denied a request that no authorization module decided, which mod_authz_core now does itself\. Remove the line;/],
    },
    {
      name: 'keeps a block that was never read and says so',
      code: 'LoadModule mime_module modules/mod_mime.so\n<IfModule authn_alias_module>\n</IfModule>\n',
      output: null,
      errors: ['the tree never loads mod_authn_alias, so 2.2 skipped this block and 2.4 skips it too'],
    },
    {
      name: 'renames the test when the module is loaded, inside CRLF text',
      code: 'LoadModule authn_alias_module modules/mod_authn_alias.so\r\n<IfModule !authn_alias_module>\r\n  Include x.conf\r\n</IfModule>\r\n',
      output: '<IfModule !authn_core_module>\r\n  Include x.conf\r\n</IfModule>\r\n',
      errors: ['Remove the line', 'would always be true. Write `<IfModule !authn_core_module>`.'],
    },
    {
      name: 'reports mod_mem_cache and its directives, and removes its LoadModule line only on request',
      code: 'LoadModule mem_cache_module "/usr/lib/httpd/modules/mod_mem_cache.so"\n<IfModule mod_mem_cache.c>\n  CacheEnable \\\n    mem /cached\n  MCacheSize 4096\n</IfModule>\n',
      output: '<IfModule mod_mem_cache.c>\n  CacheEnable \\\n    mem /cached\n  MCacheSize 4096\n</IfModule>\n',
      errors: ['use mod_cache_socache', 'tested for mod_mem_cache, which 2.4 dropped: 2.4 never loads a module of that name, so the block is skipped.', 'Write `CacheEnable socache /cached`'],
    },
    { name: 'names the 2.2 successor of a 2.0 module in the same style', code: 'LoadModule imap_module  libexec/mod_imap.so\n', output: null, errors: ['Write `LoadModule imagemap_module  libexec/mod_imagemap.so`.'] },
    { name: 'reports a2dismod on Debian', filename: '/etc/apache2/mods-enabled/authn_alias.load', code: 'LoadModule authn_alias_module /usr/lib/apache2/modules/mod_authn_alias.so\n', output: null, errors: ['run `a2dismod authn_alias`'] },
    { name: 'says a 2.0 module test changes nothing', code: '<IfModule mod_auth.c>\n  AuthDigestFile /x\n</IfModule>\n', output: null, errors: ['2.2 had no such module either, so nothing changes: the block is skipped as before.'] },
  ],
});
