/**
 * Runs the family C rules together over every real corpus file: no crash, the output re-parses
 * without new errors, a second run changes nothing, and untouched bytes stay (fixes only insert
 * or rename). Prints the number of findings per rule.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { fixFile } from '../../src/engine/fix-loop.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { corpusFiles } from '../helpers/corpus.js';
import { familyC } from './family-c.js';

const corpus = corpusFiles();
const counts = new Map<string, number>(familyC.map((r) => [r.meta.id, 0]));
const errors = (text: string) => parse(text, 'x', { version: '2.4' }).diagnostics.filter((d) => d.severity === 'error').length;
const env = { env: {} as Record<string, string> };

function run(text: string, path: string) {
  const ast = parse(text, path);
  return fixFile(ast, familyC, projectOf([{ path, display: path, kind: path.endsWith('.htaccess') ? 'htaccess' : 'conf', ast }]), { ...env, suggestions: true });
}

describe('family C rules over the corpus', () => {
  it('has corpus files', () => expect(corpus.length).toBeGreaterThan(0));

  it.each(corpus.map((c) => [c.rel, c.abs]))('%s: runs, re-parses and is idempotent', (_rel, abs) => {
    const text = readFileSync(abs, 'latin1');
    const r = run(text, abs);
    for (const p of [...r.applied, ...r.remaining]) {
      expect(p.message, 'no rule may fail its own fix').not.toMatch(/^internal:/);
      counts.set(p.ruleId, (counts.get(p.ruleId) ?? 0) + 1);
    }
    expect(errors(r.output)).toBeLessThanOrEqual(errors(text));
    const again = run(r.output, abs);
    expect(again.applied).toEqual([]);
    expect(again.output).toBe(r.output);
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
    console.log(`family C findings over ${corpus.length} corpus files: ${JSON.stringify(Object.fromEntries(counts))}`);
  });
});
