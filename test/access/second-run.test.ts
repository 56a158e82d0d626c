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
});
