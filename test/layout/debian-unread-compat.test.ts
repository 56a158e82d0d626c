// A Debian 2.2 tree whose apache2.conf holds Order lines inside <IfModule mod_status.c>, with no mod_status enabled:
// neither 2.2 nor the migrated 2.4 tree reads them, yet the a2enmod changes enabled mod_access_compat for them alone.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

describe('Order lines in an <IfModule> of a module no mods-enabled/ file loads', () => {
  it('enables no mod_access_compat for them, and a second write changes nothing', async () => {
    const root = tempDir();
    for (const d of ['mods-available', 'mods-enabled', 'www']) mkdirSync(join(root, d));
    for (const m of ['authz_host', 'mime']) {
      writeFileSync(join(root, 'mods-available', `${m}.load`), `LoadModule ${m}_module /usr/lib/apache2/modules/mod_${m}.so\n`);
      symlinkSync(`../mods-available/${m}.load`, join(root, 'mods-enabled', `${m}.load`));
    }
    writeFileSync(join(root, 'apache2.conf'), `ServerRoot "${root}"\nInclude mods-enabled/*.load\nListen 80\nDocumentRoot ${root}/www\n`
      + `<Directory ${root}/www>\n    Order allow,deny\n    Allow from all\n</Directory>\n`
      + '<IfModule mod_status.c>\n    <Location /server-status>\n        SetHandler server-status\n        Order deny,allow\n        Deny from all\n        Allow from 127.0.0.1\n    </Location>\n</IfModule>\n');
    const first = await runCli(['write', 'apache2.conf'], { cwd: root });
    expect(first.stdout).toContain('a2enmod authz_core');
    expect(first.stdout).not.toContain('a2enmod access_compat');
    expect(existsSync(join(root, 'mods-enabled/access_compat.load'))).toBe(false);
    expect(first.stdout).toMatch(/<IfModule mod_status\.c> is read neither by 2\.2 nor by the migrated 2\.4 tree/);
    const again = await runCli(['diff', 'apache2.conf'], { cwd: root });
    expect(again.stdout).not.toContain('+++');
  });
});
