/** Running a set of rules over one corpus file and checking what every corpus test checks. */
import { expect } from 'vitest';
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
