/**
 * The short form of scripts/fuzz.mjs (issue 12): mutated corpus inputs through parse, check,
 * diff + git apply and write twice, with no crash or hang, git apply equal to write, and a second
 * write that changes nothing. The full run is `node scripts/fuzz.mjs <corpus> 100000`.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireDataOrSkip } from '../helpers/shared-data.js';

const corpus = requireDataOrSkip('corpus/real');

describe.skipIf(corpus.skip)('fuzzing write and diff', () => {
  it('survives 200 mutated corpus inputs, with git apply equal to write', () => {
    const r = spawnSync(process.execPath, [resolve(import.meta.dirname, '../../scripts/fuzz.mjs'), corpus.path, '200', String(Date.now() % 100_000)], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^fuzz: 200 mutated inputs .*no crash.*git apply equal to write every time, every second write changed nothing\n$/);
    expect(r.status).toBe(0);
  }, 300_000);
});
