/** `--httpd` stages a copy and changes nothing in the user's tree, whatever the tree's symlinks (issue 12, item 6). */
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireHttpdOrSkip } from '../oracle/httpd.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

const oracle = requireHttpdOrSkip();

/** Every entry below `dir`, with its type, mode, and a symlink's target or a file's bytes. */
function listing(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).sort().map((rel) => {
    const st = lstatSync(join(dir, rel));
    const what = st.isSymbolicLink() ? `-> ${readlinkSync(join(dir, rel))}` : st.isFile() ? readFileSync(join(dir, rel), 'latin1') : 'dir';
    return `${rel} ${st.mode.toString(8)} ${what}`;
  });
}

describe.skipIf(oracle.skip)('check --httpd', () => {
  it('creates, removes and changes nothing in the tree, through symlinks to its entries either', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'logs'));
    symlinkSync('/nonexistent-httpd-migrate/old', join(root, 'logs/old'));
    writeFileSync(join(root, 'httpd.conf'), [
      `ServerRoot "${root}"`,
      'Listen 127.0.0.1:18124',
      'LoadModule x_module logs/old/mod_x.so',
      'LoadModule y_module logs/newsub/deeper/mod_y.so',
      'CustomLog logs/newlogs/access_log common',
      'ErrorLog logs/errdir/error_log',
      'MaxClients 5',
      '',
    ].join('\n'));
    const before = listing(root);
    const r = await runCli(['check', 'httpd.conf', '--httpd', oracle.httpd!], { cwd: root });
    expect(r.stdout).toMatch(/httpd\.conf:3:1 {2}(error|warning) {2}.*-t: Cannot load logs\/old\/mod_x\.so/);
    expect(listing(root)).toEqual(before);
  });
});
