/**
 * Runs the cache, proxy, per-module report and build-note rules together over every real corpus file: no crash, the output re-parses
 * without new errors, a second run changes nothing, and untouched bytes stay (fixes only insert
 * or rename). Prints the number of findings per rule.
 */
import { expect } from 'vitest';
import { describeOverCorpus } from '../helpers/corpus-run.js';
import { cacheProxyReportRules } from './cache-proxy-report-rules.js';

describeOverCorpus('cache, proxy and report', cacheProxyReportRules, {
  title: 'runs, re-parses and is idempotent',
  alone: false,
  check(_rules, text, r) {
    // Fixes only add lines or rename: every original line is still there, in order.
    const out = r.output.split(/\r?\n/);
    let k = 0;
    for (const line of text.split(/\r?\n/)) {
      const name = line.trim().split(/\s/)[0]?.toLowerCase();
      if (name === 'include') continue;
      while (k < out.length && out[k] !== line) k++;
      expect(k, `line kept: ${line}`).toBeLessThan(out.length);
    }
  },
});
