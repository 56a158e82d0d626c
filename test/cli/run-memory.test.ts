// What a CLI run lets go of before it reports: the run's memo (access models and proofs) once only
// the HTML report's proof tables would read it again.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
