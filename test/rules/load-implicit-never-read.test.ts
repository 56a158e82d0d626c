/**
 * An access file httpd never opens keeps no mod_access_compat loaded (found by a helper's bug hunt): an
 * .htaccess beside the .acl that the only host with AllowOverride there reads (AccessFileName .acl) held
 * `Deny from all`. prefer-require said it is never read, yet load-implicit-modules added
 * LoadModule access_compat_module and build-notes asked to build it, so the tree could not run without it.
 */
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/migrate.js';
import { projectOf } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';

const MAIN = `ServerRoot "/srv/httpd"
Listen 127.0.0.1:8080
PidFile logs/httpd.pid
LoadModule authz_host_module modules/mod_authz_host.so
LoadModule dir_module modules/mod_dir.so
User nobody
Group nogroup
DocumentRoot "/srv/htdocs"
<Directory />
    AllowOverride None
</Directory>
NameVirtualHost 127.0.0.1:8080
<VirtualHost 127.0.0.1:8080>
    ServerName v1.example
    DocumentRoot "/srv/v1"
    AccessFileName ACCESS
    <Directory "/srv/v1">
        AllowOverride All
    </Directory>
</VirtualHost>
`;

function run(accessFileName: string) {
  // Discovery finds the .acl only where some AccessFileName names it (a file no list names is read everywhere).
  const acl = accessFileName === '.acl' ? [{ ...sourceFile('/srv/v1/.acl', 'Require all denied\n'), kind: 'htaccess' as const }] : [];
  const result = migrate(projectOf([
    sourceFile('/srv/httpd/httpd.conf', MAIN.replace('ACCESS', accessFileName)),
    sourceFile('/srv/v1/.htaccess', 'Satisfy Any\nDeny from all\n'),
    ...acl,
  ]), { env: {} });
  const main = result.files.find((r) => r.file.path === '/srv/httpd/httpd.conf')!;
  const ht = result.files.find((r) => r.file.path === '/srv/v1/.htaccess')!;
  return { main, ht, messages: [...main.applied, ...main.remaining].map((p) => p.message).join('\n') };
}

describe('an access file no context opens', () => {
  it('keeps its lines, and the tree loads no mod_access_compat for them', () => {
    const { main, ht, messages } = run('.acl');
    expect(ht.output).toBe('Satisfy Any\nDeny from all\n');
    expect(ht.remaining.map((p) => p.message)).toEqual([expect.stringMatching(/^This \.htaccess file is never read/)]);
    expect(main.output).toMatch(/^LoadModule authz_core_module modules\/mod_authz_core\.so$/m);
    expect(main.output).not.toMatch(/access_compat/);
    expect(messages).not.toMatch(/access_compat/);
  });

  it('is migrated once a host opens it (AccessFileName names it)', () => {
    const { main, ht } = run('.htaccess');
    expect(ht.output).toBe('Require all denied\n');
    expect(main.output).not.toMatch(/access_compat/);
  });
});
