import rule from '../../rules/no-removed-directive.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    'CacheEnable disk /\n',
    '<IfModule mod_mem_cache.c>\n  MCacheSize 10\n</IfModule>\n',
    '<IfModule beos.c>\nMaxRequestsPerThread 1\n</IfModule>\n',
    '# CookieLog logs/c\n',
  ],
  invalid: [
    { code: 'MCacheSize 4096\n', output: '<IfModule mod_mem_cache.c>\n    MCacheSize 4096\n</IfModule>\n', errors: [/mod_mem_cache, which 2\.4 removed.*Invalid command 'MCacheSize'.*on request it is wrapped in <IfModule mod_mem_cache\.c>/] },
    { name: 'leaves AuthzDefaultAuthoritative to prefer-require in a section with access directives', code: '<Location />\nAuthzDefaultAuthoritative On\nRequire valid-user\n</Location>\n', output: null, errors: ['prefer-require removes it'] },
    { name: 'removes AuthDefaultAuthoritative On, the 2.2 default, elsewhere', code: '<Location />\nAuthDefaultAuthoritative On\n</Location>\n', output: '<Location />\n</Location>\n', errors: ['the line is removed'] },
    { name: 'reports AuthzDefaultAuthoritative Off, which 2.4 has no switch for', code: '<Location />\nAuthzDefaultAuthoritative Off\n</Location>\n', output: null, errors: ['no 2.4 equivalent'] },
    { code: '  CookieLog "logs/cookie log"\r\n', output: '  CustomLog "logs/cookie log" "%{Cookie}n \\"%r\\" %t"\r\n', errors: ['it becomes: CustomLog'] },
    { code: 'MaxRequestsPerThread 100\nListen 80\n', output: 'Listen 80\n', errors: ['the line is removed, which keeps the 2.2 behaviour'] },
    { name: 'keeps AuthLDAPAuthzEnabled On, which has no 2.4 switch', code: '<Location />\nAuthLDAPAuthzEnabled On\n</Location>\n', output: null, errors: ['no 2.4 equivalent'] },
    { name: 'keeps SSIAccessEnable off as a finding, since 2.4 always allows -A', code: 'SSIAccessEnable off\n', output: null, errors: ['no 2.4 equivalent'] },
  ],
});
