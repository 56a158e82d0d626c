/**
 * A .htaccess the main server never reads (the stock <Directory /> AllowOverride None) that a
 * virtual host's own <Directory> lets httpd read. Found by a helper's bug hunt: it was called
 * "never read … delete them" and left unmigrated, while the real 2.4 enforced it for the host.
 */
import { describe, expect, it } from 'vitest';
import { proveProject } from '../../src/access/migrate/index.js';
import { projectOf } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';
import { runRule } from '../helpers/rule-tester.js';
import rule from '../../rules/prefer-require.js';
import { parse } from '../../src/parse/parser.js';
import type { ConfigFile } from '../../src/ast/nodes.js';

const CONF = `DocumentRoot /srv/www
<Directory />
    AllowOverride None
</Directory>
<VirtualHost *:80>
    ServerName blog.example.com
    DocumentRoot /srv/www/blog
    <Directory /srv/www/blog>
        AllowOverride All
        Order allow,deny
        Allow from all
    </Directory>
</VirtualHost>
`;

describe('a .htaccess only a virtual host reads', () => {
  it('is translated from the host\'s reading and proven there', () => {
    const project = projectOf([
      sourceFile('/etc/httpd.conf', CONF),
      sourceFile('/srv/www/blog/.htaccess', '<Files xmlrpc.php>\nOrder Deny,Allow\nDeny from all\nAllow from 127.0.0.3\n</Files>\n'),
    ]);
    const proof = proveProject(project);
    const v = proof.byFile.get('/srv/www/blog/.htaccess')?.[0];
    expect(v?.status, v?.status === 'refused' ? v.reason : '').toBe('rewrite');
    if (v?.status === 'rewrite') expect(v.lines).toEqual(['Require ip 127.0.0.3']);
  });

  it('is still "never read" where no host reads it either', () => {
    const project = projectOf([
      sourceFile('/etc/httpd.conf', CONF.replace('AllowOverride All', 'AllowOverride None')),
      sourceFile('/srv/www/blog/.htaccess', 'Order Deny,Allow\nDeny from all\n'),
    ]);
    const v = proveProject(project).byFile.get('/srv/www/blog/.htaccess')?.[0];
    expect(v?.status === 'refused' && v.reason).toMatch(/^httpd does not read this section/);
  });

  it('is said to answer 500, not "never read", where the host\'s own <Directory> opens it under an AllowOverride that refuses its lines', () => {
    // httpd 2.4 + mod_access_compat (as 2.2) answers 500 on the host, "order not allowed here" (tested).
    const ht = 'Order Deny,Allow\nDeny from all\n';
    const project = (f: ConfigFile) => projectOf([
      sourceFile('/etc/httpd.conf', CONF.replace('AllowOverride All\n        Order allow,deny\n        Allow from all', 'AllowOverride FileInfo')),
      { path: f.path, display: f.path, kind: 'htaccess', ast: f },
    ]);
    const file = parse(ht, '/srv/www/blog/.htaccess');
    const v = proveProject(project(file)).byFile.get('/srv/www/blog/.htaccess')?.[0];
    expect(v?.status === 'refused' && v.reason).toMatch(/^httpd answers 500 to every request this section applies to \(\/srv\/www\/blog\/\.htaccess: order not allowed here\)/);
    const r = runRule(rule, ht, '/srv/www/blog/.htaccess', {}, project);
    expect(r.output).toBe(ht);
    expect(r.remaining.map((p) => [p.severity, p.message.split(':')[0]])).toEqual([['error', 'This .htaccess file is left with its 2.2 Order/Deny lines']]);
    expect(r.remaining[0]!.message).toMatch(/httpd answers 500 .*fix that error first/);
  });
});
