// A 2.2 tree that loads no mod_version, with a <Directory> in <IfModule !mod_version.c>: 2.2 read the block and
// answered 403 below it. Debian's 2.4 has mod_version compiled in and skips the block. Found by a helper's hunt of
// whole trees: the block was rewritten to Require all denied, the real 2.4 answered 200, and nothing was said. Now
// the run says so on the block with that request, which the real server confirms, and the remedy it names (the
// lines out of the block) makes the real 2.4 answer as 2.2 did.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireHttpdOrSkip } from '../oracle/httpd.js';
import { oneSiteTree, statuses } from './one-site.js';
import { cli, type Sandbox } from './sandbox.js';

const oracle = requireHttpdOrSkip();
const made: string[] = [];

const BLOCK = (root: string) => `<IfModule !mod_version.c>\n    <Directory "${root}/www/priv">\n        Order deny,allow\n        Deny from all\n    </Directory>\n</IfModule>\n`;

async function tree(): Promise<Sandbox> {
  const box = await oneSiteTree('builtin-version-', (root) => `<Directory "${root}/www">\n    AllowOverride None\n    Order allow,deny\n    Allow from all\n</Directory>\n${BLOCK(root)}`);
  made.push(box.base);
  return box;
}

describe.skipIf(oracle.skip)('<IfModule !mod_version.c> in a tree that loads no mod_version, on Debian\'s 2.4', () => {
  afterAll(() => { for (const d of made) rmSync(d, { recursive: true, force: true }); });

  it('is an error naming the request the real 2.4 answers otherwise, and its remedy makes it answer as 2.2 did', async () => {
    const box = await tree();
    const run = await cli(['write', 'httpd.conf', '--no-color'], box.root);
    expect(run.code, run.stdout + run.stderr).not.toBe(0);
    expect(run.stdout).toMatch(/error +<IfModule !mod_version\.c> is skipped by a 2\.4 that has mod_version compiled in, and 2\.2 read it/);
    expect(run.stdout).toMatch(/GET \/priv\/\S* from [\d.]+, no credentials: 403 before, 200 after/);
    // What the finding says, the real server does: 2.2 answered 403 for /priv/.
    expect(await statuses(oracle.httpd!, box, [['/priv/', '127.0.0.1'], ['/', '127.0.0.1']])).toEqual([200, 200]);
    // The remedy: the lines out of the block. The next run rewrites them, and the real 2.4 answers as 2.2 did.
    const conf = join(box.root, 'httpd.conf');
    const text = readFileSync(conf, 'utf8');
    const block = /<IfModule !mod_version\.c>\n([\s\S]*?)<\/IfModule>\n/.exec(text)!;
    writeFileSync(conf, text.replace(block[0], block[1]!.replace(/^ {4}/gm, '')));
    const second = await cli(['write', 'httpd.conf', '--no-color'], box.root);
    expect(second.stdout).not.toMatch(/mod_version/);
    expect(readFileSync(conf, 'utf8')).not.toMatch(/access_compat|Order|Deny from/);
    expect(await statuses(oracle.httpd!, box, [['/priv/', '127.0.0.1'], ['/', '127.0.0.1']])).toEqual([403, 200]);
  }, 60_000);
});
