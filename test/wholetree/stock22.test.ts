// The stock httpd 2.2.34 tree (every extra enabled), migrated with `write` as a user would, must
// start on the real httpd 2.4 without mod_access_compat and answer the 248 recorded requests as
// real 2.2.34 answered them. Data: ../shared/wholetree/stock22 (see its README).
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataPath, requireDataOrSkip } from '../helpers/shared-data.js';
import { requireHttpdOrSkip } from '../oracle/httpd.js';
import { ask, cli, differences, layOut, start, stopServer, type Answer, type Sandbox, type TreeRequest } from './sandbox.js';

const data = requireDataOrSkip('wholetree/stock22');
const oracle = requireHttpdOrSkip();

function load(): { main: string; requests: TreeRequest[]; expected: Record<string, Answer> } {
  const reqs = JSON.parse(readFileSync(dataPath('wholetree/stock22/requests.json'), 'utf8')) as { main: string; requests: TreeRequest[] };
  const exp = JSON.parse(readFileSync(dataPath('wholetree/stock22/expected22.json'), 'utf8')) as { results: Record<string, Answer> };
  return { main: reqs.main, requests: reqs.requests, expected: exp.results };
}

describe.skipIf(data.skip || oracle.skip)('whole tree: stock 2.2.34 on the real httpd 2.4 without mod_access_compat', () => {
  const boxes: Sandbox[] = [];
  afterAll(() => {
    if (process.env.ORACLE_KEEP !== '1') for (const b of boxes) rmSync(dirname(b.root), { recursive: true, force: true });
  });

  /** Lays out the tree, runs `write` with `extra` options, starts httpd and asks every request. */
  async function migrateAndAsk(extra: string[]) {
    const { main, requests, expected } = load();
    const box = await layOut(join(data.path, 'tree'));
    boxes.push(box);
    const write = await cli(['write', main, '--server-root', '.', ...extra], box.root);
    const second = await cli(['write', main, '--server-root', '.', ...extra], box.root);
    const server = await start(oracle.httpd!, box, main);
    if (typeof server === 'string') return { write, second, startError: server, mismatches: [] as string[], asked: 0 };
    const mismatches: string[] = [];
    try {
      for (const req of requests) {
        const got = await ask(box, req);
        const diff = differences(expected[req.key]!, got);
        if (diff.length) mismatches.push(`${req.key}\n    ${diff.join('\n    ')}`);
      }
    } finally {
      await stopServer(server);
    }
    return { write, second, startError: '', mismatches, asked: requests.length };
  }

  it('write gives a tree that starts and answers 248/248 requests as 2.2 did; a second write changes nothing', async () => {
    const run = await migrateAndAsk([]);
    expect(run.write.stderr, run.write.stdout).not.toMatch(/\n\s+at /); // no stack trace
    expect(run.startError).toBe('');
    expect(run.asked).toBe(248);
    expect(run.mismatches.join('\n')).toBe('');
    // 12 since alice's private .htaccess is proven with <Directory /home/*/public_html> above it (and gets its <Limit> lines).
    expect(run.write.stdout).toMatch(/Fixed \d+ problems in 1[0-2] of 14 files\./);
    expect(run.second.stdout).not.toMatch(/Fixed \d+ problem/); // printed whenever a file changes
  }, 180_000);

  it('with --httpd (the same binary), write checks the result, writes it, and it starts and answers as 2.2 did', async () => {
    const run = await migrateAndAsk(['--httpd', oracle.httpd!]);
    expect(run.write.code, run.write.stderr).toBe(1); // findings remain for the user (exit 1), nothing refused (exit 2)
    expect(run.write.stderr).not.toMatch(/nothing was written/);
    expect(run.write.stdout).not.toMatch(/ {2}error {2}.* {2}httpd$/m);
    expect(run.startError).toBe('');
    expect(run.mismatches.join('\n')).toBe('');
  }, 180_000);
});
