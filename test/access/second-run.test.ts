/**
 * A second write changes nothing. Found by a helper's bug hunt: after a first write kept three
 * sections (their answer under mod_access_compat is not 2.2's, and it said so) and rewrote a fourth,
 * the tree was mixed, and the second write rewrote the three to what mod_access_compat answered,
 * which the real 2.4 then served: 403 where 2.2 answered 401 and 200.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

describe('write, run again on its own output', () => {
  it('keeps the sections the first run kept, with their findings', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'www/wp-admin'), { recursive: true });
    mkdirSync(join(root, 'other'));
    writeFileSync(join(root, 'httpd.conf'), `DocumentRoot "${root}/www"
<Directory "${root}/www">
    Order allow,deny
    Allow from all
</Directory>
<Directory "${root}/www/wp-admin">
    AuthType Basic
    AuthName "Admin"
    AuthUserFile /dev/null
    Require valid-user
    Order deny,allow
    Deny from all
    Allow from 127.0.0.2
    Satisfy any
</Directory>
<Files wp-config.php>
    Order allow,deny
    Deny from all
</Files>
<Directory "${root}/other">
    Order allow,deny
    Allow from all
</Directory>
`);
    await runCli(['write', 'httpd.conf'], { cwd: root });
    const first = readFileSync(join(root, 'httpd.conf'), 'latin1');
    expect(first).toContain('<Directory "' + root + '/other">\n    Require all granted\n');
    expect(first).toContain('<Files wp-config.php>\n    Order allow,deny\n');
    const again = await runCli(['write', 'httpd.conf'], { cwd: root });
    expect(readFileSync(join(root, 'httpd.conf'), 'latin1')).toBe(first);
    expect(again.stdout).toMatch(/<Files wp-config\.php> is left with its 2\.2 Order\/Deny lines/);
    expect(again.stdout.replace(/\s+/g, ' ')).toContain('this tree under mod_access_compat answers');
  });

  it('reads a section written for both versions as 2.2 did, though the first run loaded mod_authz_core (found by a helper\'s bug hunt)', async () => {
    // The first write adds LoadModule authz_core_module. The second read <IfModule mod_authz_core.c> as
    // true in its 2.2 reading, took the tree for one already mixing in 2.4 syntax, rewrote the two
    // sections the first kept (their compat answer is not 2.2's, and it said so) and dropped mod_access_compat.
    const root = tempDir();
    mkdirSync(join(root, 'htdocs/im'), { recursive: true });
    writeFileSync(join(root, 'httpd.conf'), `ServerRoot "${root}"
LoadModule authz_host_module modules/mod_authz_host.so
DocumentRoot "${root}/htdocs"
<Directory />
    Order deny,allow
    Deny from all
</Directory>
<Directory "${root}/htdocs">
    Order allow,deny
    Allow from all
</Directory>
<Directory "${root}/htdocs/im">
    <IfModule mod_authz_core.c>
        Require ip 127.0.0.3
    </IfModule>
    <IfModule !mod_authz_core.c>
        Order allow,deny
        Allow from 127.0.0.2
    </IfModule>
</Directory>
`);
    const once = await runCli(['write', 'httpd.conf'], { cwd: root });
    const first = readFileSync(join(root, 'httpd.conf'), 'latin1');
    expect(first).toContain('LoadModule access_compat_module');
    expect(once.stdout).toContain('it does NOT answer as 2.2 did');
    const again = await runCli(['write', 'httpd.conf'], { cwd: root });
    expect(readFileSync(join(root, 'httpd.conf'), 'latin1')).toBe(first);
    expect(again.stdout).toContain('it does NOT answer as 2.2 did');
  });
});
