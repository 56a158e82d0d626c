/**
 * The tree's boundary (issue 12, item 7): write and diff change only files inside the ServerRoot,
 * the named paths and --root directories; files reached outside are read for context and reported
 * with the option that brings them in; .htaccess discovery never walks outside, nor /proc, /sys, /dev.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/project/load.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

/** base/etc (the ServerRoot) includes base/elsewhere/abs.conf by absolute path and through a symlink. */
function treeWithOutsideFiles(): { base: string; etc: string } {
  const base = tempDir();
  const etc = join(base, 'etc');
  mkdirSync(join(etc, 'conf.d'), { recursive: true });
  mkdirSync(join(base, 'elsewhere'));
  mkdirSync(join(base, 'www'));
  writeFileSync(join(etc, 'httpd.conf'), `ServerRoot "${etc}"\nKeepAlive 1\nInclude ${join(base, 'elsewhere/abs.conf')}\nInclude conf.d/*.conf\nDocumentRoot ${join(base, 'www')}\n`);
  writeFileSync(join(base, 'elsewhere/abs.conf'), 'KeepAlive 2\n');
  writeFileSync(join(base, 'elsewhere/linked.conf'), 'KeepAlive 3\n');
  symlinkSync('../../elsewhere/linked.conf', join(etc, 'conf.d/linked.conf'));
  writeFileSync(join(base, 'www/.htaccess'), 'Order allow,deny\nAllow from all\n');
  return { base, etc };
}

describe('write inside the tree only', () => {
  it('reads files outside the ServerRoot for context, leaves them unchanged, and names the Include and --root', async () => {
    const { base, etc } = treeWithOutsideFiles();
    const r = await runCli(['write', 'httpd.conf'], { cwd: etc });
    expect(readFileSync(join(etc, 'httpd.conf'), 'latin1')).toContain('KeepAlive On\n');
    expect(readFileSync(join(base, 'elsewhere/abs.conf'), 'latin1')).toBe('KeepAlive 2\n');
    expect(readFileSync(join(base, 'elsewhere/linked.conf'), 'latin1')).toBe('KeepAlive 3\n');
    expect(readFileSync(join(base, 'www/.htaccess'), 'latin1')).toBe('Order allow,deny\nAllow from all\n');
    const abs = join(base, 'elsewhere/abs.conf');
    expect(r.stdout).toContain(`${abs}:1:1  warning  outside the tree (${etc}), included by httpd.conf:3 (Include ${abs}): read for context, not changed; add --root ${join(base, 'elsewhere')} to migrate it`);
    expect(r.stdout).toContain(`conf.d/linked.conf:1:1  warning  outside the tree (${etc}), included by httpd.conf:4 (Include ${etc}/conf.d/*.conf): read for context, not changed; add --root ${join(base, 'elsewhere')} to migrate it`);
    expect(r.stdout).toContain(`${join(base, 'www')} is outside the tree (${etc}), so its .htaccess files were not looked for; add --root ${join(base, 'www')} to migrate them.`);
    expect(r.stdout).toMatch(/1 of 4 files changed/);
  });

  it('changes them once --root names their directories, and diff agrees', async () => {
    const { base, etc } = treeWithOutsideFiles();
    const args = ['httpd.conf', '--root', '../elsewhere', '--root', '../www'];
    const d = await runCli(['diff', ...args], { cwd: etc });
    expect(d.stdout).toContain('elsewhere/abs.conf');
    expect(d.stderr, 'the .htaccess below the DocumentRoot is read').toContain(`${join(base, 'www/.htaccess')}:1:1`);
    await runCli(['write', ...args], { cwd: etc });
    expect(readFileSync(join(base, 'elsewhere/abs.conf'), 'latin1')).toBe('KeepAlive On\n');
    expect(readFileSync(join(base, 'elsewhere/linked.conf'), 'latin1')).toBe('KeepAlive On\n');
  });

  it('leaves files outside the tree out of the diff', async () => {
    const { etc } = treeWithOutsideFiles();
    const d = await runCli(['diff', 'httpd.conf'], { cwd: etc });
    expect(d.stdout.match(/^\+\+\+ .*$/gm)).toEqual(['+++ b/httpd.conf\t']);
  });
});

describe('.htaccess discovery', () => {
  it('never walks /proc, /sys or /dev, even inside the tree', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'httpd.conf'), 'DocumentRoot /sys/kernel\n<Directory /proc/self>\nAllowOverride All\n</Directory>\n<Directory /dev>\nAllowOverride All\n</Directory>\n');
    const p = loadProject(['httpd.conf'], { cwd: dir, roots: ['/'] });
    expect(p.files.map((f) => f.path)).toEqual([join(dir, 'httpd.conf')]);
  });
});
