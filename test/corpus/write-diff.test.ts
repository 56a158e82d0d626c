/**
 * The issue-2 acceptance over the real corpus: write run twice changes nothing
 * the second time and never touches a file that needed no change; diff applies
 * with git apply and gives exactly what write gives.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusFiles, requireCorpusOrSkip } from '../helpers/corpus.js';
import { findingLines, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

const data = requireCorpusOrSkip();
const files = corpusFiles().map((c) => c.rel);
const OLD = new Date('2001-02-03T04:05:06Z');

function copyCorpus(): string {
  const dir = tempDir();
  cpSync(CORPUS_DIR, dir, { recursive: true });
  execFileSync('chmod', ['-R', 'u+w', dir]);
  for (const f of files) utimesSync(join(dir, f), OLD, OLD);
  return dir;
}

const args = ['--no-follow-includes', '--no-htaccess', ...files];

describe.skipIf(data.skip)('the corpus', () => {
  it('is written once, then a second write changes nothing and untouched files keep their bytes and mtime', async () => {
    const dir = copyCorpus();
    const first = await runCli(['write', ...args], { cwd: dir });
    expect(first.code, findingLines(first.stdout).split('\n').filter((l) => / {2}error {2}.*(io|syntax)$/.test(l)).join('\n')).toBeLessThan(2);
    const changed = files.filter((f) => statSync(join(dir, f)).mtimeMs !== OLD.getTime());
    expect(changed.length).toBeGreaterThan(20);
    for (const f of files.filter((x) => !changed.includes(x))) {
      expect(readFileSync(join(dir, f)).equals(readFileSync(join(CORPUS_DIR, f))), f).toBe(true);
    }
    for (const f of files) utimesSync(join(dir, f), OLD, OLD);
    const second = await runCli(['write', ...args], { cwd: dir });
    expect(second.code).toBeLessThan(2);
    expect(files.filter((f) => statSync(join(dir, f)).mtimeMs !== OLD.getTime())).toEqual([]);
  });

  it('gets a diff that git apply accepts and that gives exactly what write gives', async () => {
    const viaDiff = copyCorpus();
    const viaWrite = copyCorpus();
    const d = await runCli(['diff', ...args], { cwd: viaDiff });
    expect(d.code).toBe(1);
    writeFileSync(join(viaDiff, 'migrate.patch'), d.stdoutBytes);
    execFileSync('git', ['init', '-q'], { cwd: viaDiff });
    execFileSync('git', ['apply', '--whitespace=nowarn', 'migrate.patch'], { cwd: viaDiff });
    await runCli(['write', ...args], { cwd: viaWrite });
    const differ = files.filter((f) => !readFileSync(join(viaDiff, f)).equals(readFileSync(join(viaWrite, f))));
    expect(differ).toEqual([]);
  });
});
