/** Migrating a text with prefer-require and proving the result against the original, for the table tests. */
import rule from '../../rules/prefer-require.js';
import { compareModels, type Comparison } from '../../src/access/compare/index.js';
import { runRule } from '../helpers/rule-tester.js';
import { m22, m24 } from './helpers.js';

export function migrateText(text: string, filename = 'test.conf'): { output: string; messages: string[] } {
  const r = runRule(rule, text, filename);
  return { output: r.output, messages: [...r.applied, ...r.remaining].map((p) => p.message) };
}

/** Compares the text read as 2.2 with another read as 2.4 (without mod_access_compat unless `compat`). */
export function prove(before22: string, after24: string, compat = false): Comparison {
  return compareModels(m22(before22), m24(after24, compat));
}
