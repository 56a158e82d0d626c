/**
 * A .htaccess the main server never reads (the stock <Directory /> AllowOverride None) that a
 * virtual host's own <Directory> lets httpd read. Found by a helper's bug hunt: it was called
 * "never read … delete them" and left unmigrated, while the real 2.4 enforced it for the host.
 */
import { describe, expect, it } from 'vitest';
import { proveProject } from '../../src/access/migrate/index.js';
import { projectOf } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';

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
});
