// What a CLI run lets go of before it reports: the run's memo (access models and proofs) once only
// the HTML report's proof tables would read it again; and the human report is written file by file,
// never held whole.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { cacheSlot, RunCache } from '../../src/project/run-cache.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

afterEach(() => { vi.restoreAllMocks(); });

describe('the run memo', () => {
  it('forgets every table on clear: a table asked for again starts empty', () => {
    const slot = cacheSlot('test table', () => new Map<string, number>());
    const cache = new RunCache();
    cache.get(slot).set('a', 1);
    cache.clear();
    expect(cache.get(slot).size).toBe(0);
  });
});

describe('a CLI run', () => {
  const tree = () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'site.conf'), '<Directory /srv/www>\nOrder allow,deny\nAllow from all\n</Directory>\n');
    return cwd;
  };

  it('clears the memo before check and diff report', async () => {
    for (const args of [['check', 'site.conf'], ['check', '--format', 'json', 'site.conf'], ['diff', 'site.conf']]) {
      const clear = vi.spyOn(RunCache.prototype, 'clear');
      const r = await runCli(args, { cwd: tree() });
      expect(r.code).toBe(1);
      expect(clear).toHaveBeenCalledTimes(1);
      clear.mockRestore();
    }
  });

  it('keeps it for the HTML report, whose proof tables read the models', async () => {
    const clear = vi.spyOn(RunCache.prototype, 'clear');
    const r = await runCli(['check', '--format', 'html', 'site.conf'], { cwd: tree() });
    expect(r.stdout).toContain('Require all granted');
    expect(clear).not.toHaveBeenCalled();
  });
});

describe('the human report', () => {
  it('is written one file at a time, then the summary', async () => {
    const cwd = tempDir();
    const names = ['a.conf', 'b.conf', 'c.conf'];
    for (const n of names) writeFileSync(join(cwd, n), '<Directory /srv/www>\nOrder allow,deny\nAllow from all\n</Directory>\n');
    const writes: string[] = [];
    const sink = { write: (c: string | Uint8Array) => { writes.push(typeof c === 'string' ? c : Buffer.from(c).toString('utf8')); } };
    const code = await main(['check', '--no-color', ...names], { stdout: sink, stderr: { write: () => undefined }, env: {}, cwd });
    expect(code).toBe(1);
    expect(writes).toHaveLength(4);
    names.forEach((n, i) => expect(writes[i]).toMatch(new RegExp(`^${n}\n[^]*prefer-require[^]*\n\n$`)));
    expect(writes[3]).toMatch(/^✖ \d+ problems/);
    // The pieces are the whole report: the same text as a run that collects it.
    expect((await runCli(['check', '--no-color', ...names], { cwd })).stdout).toBe(writes.join(''));
  });
});
