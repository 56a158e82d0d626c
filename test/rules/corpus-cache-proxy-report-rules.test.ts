/**
 * Runs the cache, proxy, per-module report and build-note rules together over every real corpus file: no crash, the output re-parses
 * without new errors, a second run changes nothing, and untouched bytes stay (fixes only insert
 * or rename). Prints the number of findings per rule.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusFiles, requireCorpusOrSkip } from '../helpers/corpus.js';
import { checkRun } from '../helpers/corpus-run.js';
import { cacheProxyReportRules } from './cache-proxy-report-rules.js';

const data = requireCorpusOrSkip();
const corpus = corpusFiles();
const counts = new Map<string, number>(cacheProxyReportRules.map((r) => [r.meta.id, 0]));
describe.skipIf(data.skip)('cache, proxy and report rules over the corpus', () => {
  it('has corpus files', () => expect(corpus.length).toBeGreaterThan(0));

  it.each(corpus.map((c) => [c.rel, c.abs]))('%s: runs, re-parses and is idempotent', (_rel, abs) => {
    const text = readFileSync(abs, 'latin1');
    const { result: r, problems } = checkRun(cacheProxyReportRules, text, abs);
    for (const p of problems) counts.set(p.ruleId, (counts.get(p.ruleId) ?? 0) + 1);
    // Fixes only add lines or rename: every original line is still there, in order.
    const out = r.output.split(/\r?\n/);
    let k = 0;
    for (const line of text.split(/\r?\n/)) {
      const name = line.trim().split(/\s/)[0]?.toLowerCase();
      if (name === 'include') continue;
      while (k < out.length && out[k] !== line) k++;
      expect(k, `line kept: ${line}`).toBeLessThan(out.length);
    }
  });

  afterAll(() => {
    console.log(`cache, proxy and report rule findings over ${corpus.length} corpus files: ${JSON.stringify(Object.fromEntries(counts))}`);
  });
});
