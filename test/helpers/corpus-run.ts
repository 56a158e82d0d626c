/** Running a set of rules over one corpus file and checking what every corpus test checks. */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusFiles, requireCorpusOrSkip } from './corpus.js';
import { fixFile, type FixResult } from '../../src/engine/fix-loop.js';
import type { Problem, Rule } from '../../src/engine/rule.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';

/** Syntax errors of a text read with 2.4's rules. */
export function errorCount(text: string): number {
  return parse(text, 'x', { version: '2.4' }).diagnostics.filter((d) => d.severity === 'error').length;
}

/** The rules over one file on its own, suggestions applied. */
export function runRules(rules: readonly Rule[], text: string, path: string): FixResult {
  const ast = parse(text, path);
  return fixFile(ast, rules, projectOf([{ path, display: path, kind: path.endsWith('.htaccess') ? 'htaccess' : 'conf', ast }]), { suggestions: true, env: {} });
}

/**
 * Runs the rules and checks: no rule fails its own fix, the output re-parses without new
 * errors, and a second run changes nothing. Returns the problems found.
 */
export function checkRun(rules: readonly Rule[], text: string, path: string): { result: FixResult; problems: Problem[] } {
  const result = runRules(rules, text, path);
  const problems = [...result.applied, ...result.remaining];
  for (const p of problems) expect(p.message, 'no rule may fail its own fix').not.toMatch(/^internal:/);
  expect(errorCount(result.output), 'the output re-parses without new errors').toBeLessThanOrEqual(errorCount(text));
  const again = runRules(rules, result.output, path);
  expect(again.applied, 'a second run applies nothing').toEqual([]);
  expect(again.output).toBe(result.output);
  return { result, problems };
}

export interface CorpusSuiteOptions {
  /** The test of each file, after its path: `each rule runs, re-parses and is idempotent`. */
  title: string;
  /** Run each rule alone too, before all together (findings are counted from the lone runs then). */
  alone: boolean;
  /** The family's own checks on one run (one rule alone, or all of them). */
  check?: (rules: readonly Rule[], text: string, result: FixResult) => void;
}

/**
 * The corpus test of a set of rules (`name`: "family A"): every real corpus file through checkRun,
 * each rule alone and then all together, and the number of findings per rule printed at the end.
 */
export function describeOverCorpus(name: string, rules: readonly Rule[], options: CorpusSuiteOptions): void {
  const data = requireCorpusOrSkip();
  const corpus = corpusFiles();
  const counts = new Map<string, number>(rules.map((r) => [r.meta.id, 0]));
  const count = (problems: readonly Problem[]) => { for (const p of problems) counts.set(p.ruleId, (counts.get(p.ruleId) ?? 0) + 1); };
  describe.skipIf(data.skip)(`${name} rules over the corpus`, () => {
    it('has corpus files', () => expect(corpus.length).toBeGreaterThan(0));

    it.each(corpus.map((c) => [c.rel, c.abs]))(`%s: ${options.title}`, (_rel, abs) => {
      const text = readFileSync(abs, 'latin1');
      const run = (set: readonly Rule[]) => {
        const { result, problems } = checkRun(set, text, abs);
        options.check?.(set, text, result);
        return problems;
      };
      if (options.alone) for (const rule of rules) count(run([rule]));
      const together = run(rules);
      if (!options.alone) count(together);
    });

    afterAll(() => {
      console.log(`${name} findings over ${corpus.length} corpus files: ${JSON.stringify(Object.fromEntries(counts))}`);
    });
  });
}
