// A Debian 2.2 tree that enables a module 2.4 renamed (disk_cache, now cache_disk) with its settings
// in mods-enabled/disk_cache.conf. write made a2dismod disk_cache and a2enmod cache_disk, which linked
// only cache_disk.load: nothing read the (migrated) disk_cache.conf any more, so CacheEnable was off
// without a word, and the real 2.4 stopped caching (found by a helper's bug hunt).
import { mkdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLink } from '../../src/layout/is-link.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

describe('a module 2.4 renamed, enabled with settings in mods-enabled/', () => {
  it('keeps its settings read under the new name, and a second write changes nothing', async () => {
    const root = tempDir();
    for (const d of ['mods-available', 'mods-enabled', 'www']) mkdirSync(join(root, d));
    const mods: Record<string, string> = { authz_host: '', mime: 'TypesConfig /etc/mime.types\n', disk_cache: `CacheRoot ${root}/cache\nCacheEnable disk /\n` };
    for (const [m, conf] of Object.entries(mods)) {
      writeFileSync(join(root, 'mods-available', `${m}.load`), `LoadModule ${m}_module /usr/lib/apache2/modules/mod_${m}.so\n`);
      symlinkSync(`../mods-available/${m}.load`, join(root, 'mods-enabled', `${m}.load`));
      if (!conf) continue;
      writeFileSync(join(root, 'mods-available', `${m}.conf`), `<IfModule mod_${m}.c>\n${conf}</IfModule>\n`);
      symlinkSync(`../mods-available/${m}.conf`, join(root, 'mods-enabled', `${m}.conf`));
    }
    writeFileSync(join(root, 'apache2.conf'), `ServerRoot "${root}"\nInclude mods-enabled/*.load\nInclude mods-enabled/*.conf\nListen 80\nDocumentRoot ${root}/www\n`);
    const first = await runCli(['write', 'apache2.conf'], { cwd: root });
    expect(first.stdout).toContain('a2dismod disk_cache');
    expect(isLink(join(root, 'mods-enabled/disk_cache.conf'))).toBe(false);
    expect(readlinkSync(join(root, 'mods-enabled/cache_disk.load'))).toBe('../mods-available/cache_disk.load');
    expect(readlinkSync(join(root, 'mods-enabled/cache_disk.conf'))).toBe('../mods-available/disk_cache.conf');
    const again = await runCli(['diff', 'apache2.conf'], { cwd: root });
    expect(again.stdout).not.toContain('+++');
  });
});
