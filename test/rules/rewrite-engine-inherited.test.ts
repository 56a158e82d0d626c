// Found by a helper's bug hunt on the real 2.4.71: with `RewriteEngine On` at server level, a virtual host (or a
// <Directory>, a .htaccess) holding `RewriteRule ^/x\.html$ - [F]` but no RewriteEngine line of its own answered 403
// after write, where 2.2 (mod_rewrite.c config_server_merge / config_perdir_merge: state = the section's own,
// default off) served the page.
import { describe, expect, it } from 'vitest';
import rule from '../../rules/rewrite-engine-inherited.js';
import { runOnTree } from '../helpers/include-tree.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    // No RewriteEngine On anywhere: 2.4 inherits Off, as 2.2 had it.
    '<VirtualHost *:80>\nRewriteRule ^/a - [F]\n</VirtualHost>\n<Directory /srv>\nRewriteRule ^a - [F]\n</Directory>\n',
    // Each section says its own.
    'RewriteEngine On\n<VirtualHost *:80>\nRewriteEngine On\nRewriteRule ^/a - [F]\n</VirtualHost>\n<Directory /srv>\nRewriteEngine off\nRewriteRule ^a - [F]\n</Directory>\n',
    // The server level has no parent; a section with no rules of its own has nothing to run.
    'RewriteRule ^/a - [F]\nRewriteEngine On\n<Directory /srv>\nRewriteBase /x/\n</Directory>\n<VirtualHost *:80>\nRewriteMap m txt:/m\n</VirtualHost>\n',
    // A virtual host inherits only the server level's On, not another host's.
    '<VirtualHost *:80>\nRewriteEngine On\n</VirtualHost>\n<VirtualHost *:81>\nRewriteRule ^/a - [F]\n</VirtualHost>\n',
    // Lines 2.4 skips.
    'RewriteEngine On\n<IfVersion < 2.4>\n<Directory /srv>\nRewriteRule ^a - [F]\n</Directory>\n</IfVersion>\n',
  ],
  invalid: [
    {
      name: 'a virtual host under a server-level RewriteEngine On',
      code: 'RewriteEngine On\n<VirtualHost *:80>\n  RewriteRule ^/x\\.html$ - [F]\n</VirtualHost>\n',
      output: 'RewriteEngine On\n<VirtualHost *:80>\n  RewriteEngine Off\n  RewriteRule ^/x\\.html$ - [F]\n</VirtualHost>\n',
      errors: [/^The RewriteRule lines of this virtual host never ran in 2\.2: it has no RewriteEngine line of its own.*2\.4 passes RewriteEngine On down \(from the server level\).*RewriteEngine Off keeps 2\.2's answers/],
    },
    {
      name: 'a directory section, once, before its first mod_rewrite line (RewriteOptions Inherit runs the parent\'s rules)',
      code: '<VirtualHost *:80>\nRewriteEngine On\n<Location /a>\n\tRewriteOptions Inherit\n\tRewriteCond %{HTTPS} off\n\tRewriteRule ^ - [F]\n</Location>\n</VirtualHost>\n',
      output: '<VirtualHost *:80>\nRewriteEngine On\n<Location /a>\n\tRewriteEngine Off\n\tRewriteOptions Inherit\n\tRewriteCond %{HTTPS} off\n\tRewriteRule ^ - [F]\n</Location>\n</VirtualHost>\n',
      errors: ['The RewriteRule lines of this section never ran in 2.2'],
    },
  ],
});

describe('.htaccess files and included files', () => {
  it('a .htaccess with rules and no RewriteEngine, below a RewriteEngine On of the configuration', () => {
    const r = runOnTree(rule, {
      'httpd.conf': 'ServerRoot "${dir}"\nDocumentRoot "${dir}/htdocs"\nRewriteEngine On\n<Directory "${dir}/htdocs">\nAllowOverride All\n</Directory>\n',
      'htdocs/.htaccess': 'RewriteRule ^x\\.html$ - [F]\n',
    }, 'htdocs/.htaccess');
    expect(r.output).toBe('RewriteEngine Off\nRewriteRule ^x\\.html$ - [F]\n');
    expect(r.applied.map((p) => p.message)).toEqual([expect.stringMatching(/^The RewriteRule lines of this \.htaccess file never ran in 2\.2/)]);
  });

  it('a virtual host whose rules come from a file it includes', () => {
    const r = runOnTree(rule, {
      'httpd.conf': 'ServerRoot "${dir}"\nRewriteEngine On\n<VirtualHost *:80>\nInclude site.conf\n</VirtualHost>\n',
      'site.conf': 'RewriteRule ^/a - [F]\n',
    }, 'site.conf');
    expect(r.output).toBe('RewriteEngine Off\nRewriteRule ^/a - [F]\n');
    expect(r.applied.map((p) => p.message)).toEqual([expect.stringMatching(/^The RewriteRule lines of this virtual host never ran/)]);
  });
});
