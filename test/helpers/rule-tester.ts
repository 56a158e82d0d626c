/**
 * Runs one rule over its fixture pair and over inline cases (ESLint's RuleTester,
 * with prettier's line-ending and BOM variants). For every case it checks:
 * the expected output; that a second run finds nothing more to fix; that the
 * output re-parses without new errors; and that new lines copy the line
 * endings around them (the CRLF variant gives the CRLF output).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigFile } from '../../src/ast/nodes.js';
import { fixFile, type FixOptions, type FixResult } from '../../src/engine/fix-loop.js';
import type { Problem, Rule } from '../../src/engine/rule.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf, type Project } from '../../src/project/project.js';
import { errorCount } from './corpus-run.js';

export const FIXTURES = resolve(import.meta.dirname, '../../fixtures');

/** A project for `Cases.project`: the file under test beside a main configuration with no <Directory>. */
export function besideMain(f: ConfigFile): Project {
  const main = parse('ServerRoot "/etc/httpd"\nListen 80\n', '/etc/httpd/conf/httpd.conf');
  return projectOf([
    { path: main.path, display: 'httpd.conf', kind: 'conf', ast: main },
    { path: f.path, display: f.path, kind: f.path.endsWith('.htaccess') ? 'htaccess' : 'conf', ast: f },
  ]);
}

export interface InvalidCase {
  name?: string;
  code: string;
  /** The fixed text; null when the rule reports but must not change the text. */
  output: string | null;
  /** One entry per expected problem: a substring or pattern of its message. */
  errors: (string | RegExp)[];
  /** The file name the code is read as (e.g. `.htaccess`). */
  filename?: string;
  options?: FixOptions;
}

export interface Cases {
  valid?: (string | { code: string; filename?: string; options?: FixOptions })[];
  invalid?: InvalidCase[];
  /** Builds the project the rule sees (default: the one file alone). */
  project?: (file: ConfigFile) => Project;
}

/** Runs `rule` alone over `code` (suggestions of this rule applied) and returns the fix result. */
export function runRule(rule: Rule, code: string, filename = 'test.conf', options: FixOptions = {}, project?: (f: ConfigFile) => Project): FixResult {
  const file = parse(code, filename);
  const proj = project ? project(file) : projectOf([{ path: filename, display: filename, kind: filename.endsWith('.htaccess') ? 'htaccess' : 'conf', ast: file }]);
  return fixFile(file, [rule], proj, { suggestions: [rule.meta.id], ...options });
}

/** Checks one input against its expected output, with the second-run and re-parse checks. */
export function checkCase(rule: Rule, code: string, expected: string | null, filename: string, options: FixOptions = {}, project?: Cases['project']): FixResult {
  const r = runRule(rule, code, filename, options, project);
  if (expected === null) {
    expect(r.output, 'a case with output null must not be changed').toBe(code);
    return r;
  }
  expect(r.output).toBe(expected);
  expect(r.output, 'an invalid case with an output must change the text').not.toBe(code);
  const again = runRule(rule, r.output, filename, options, project);
  expect(again.output, 'a second run must change nothing').toBe(r.output);
  expect(again.applied).toEqual([]);
  expect(errorCount(r.output), 'the output must re-parse without new errors').toBeLessThanOrEqual(errorCount(code));
  return r;
}

function messages(ps: Problem[]): string[] {
  return ps.map((p) => p.message);
}

export function ruleTester(rule: Rule, cases: Cases = {}): void {
  const id = rule.meta.id;
  describe(id, () => {
    const dir = join(FIXTURES, id);
    const input = join(dir, 'input.conf');
    const outputPath = join(dir, 'output.conf');
    it('has a fixture input', () => expect(existsSync(input)).toBe(true));
    if (existsSync(input)) {
      const code = readFileSync(input, 'latin1');
      const expected = existsSync(outputPath) ? readFileSync(outputPath, 'latin1') : null;
      it('fixes its fixture as output.conf says', () => {
        const r = checkCase(rule, code, expected, input, {}, cases.project);
        expect(r.applied.length + r.remaining.length, 'the fixture must make the rule report').toBeGreaterThan(0);
      });
      it('keeps CRLF line endings in its fixture', () => {
        checkCase(rule, code.replace(/\r?\n/g, '\r\n'), expected?.replace(/\r?\n/g, '\r\n') ?? null, input, {}, cases.project);
      });
      it('keeps a byte-order mark in its fixture', () => {
        checkCase(rule, '\xEF\xBB\xBF' + code, expected === null ? null : '\xEF\xBB\xBF' + expected, input, {}, cases.project);
      });
      if (expected !== null) {
        it('finds nothing to fix in its fixture output', () => {
          expect(runRule(rule, expected, input, {}, cases.project).applied).toEqual([]);
        });
      }
    }
    for (const [i, v] of (cases.valid ?? []).entries()) {
      const c = typeof v === 'string' ? { code: v } : v;
      it(`accepts valid case ${i + 1}`, () => {
        const r = runRule(rule, c.code, c.filename, c.options, cases.project);
        expect(messages([...r.applied, ...r.remaining])).toEqual([]);
        expect(r.output).toBe(c.code);
      });
    }
    for (const [i, c] of (cases.invalid ?? []).entries()) {
      it(c.name ?? `reports invalid case ${i + 1}`, () => {
        const r = checkCase(rule, c.code, c.output, c.filename ?? 'test.conf', c.options, cases.project);
        const got = messages([...r.applied, ...r.remaining]);
        expect(got.length, `problems: ${JSON.stringify(got)}`).toBe(c.errors.length);
        c.errors.forEach((e, k) => {
          if (typeof e === 'string') expect(got[k]).toContain(e);
          else expect(got[k]).toMatch(e);
        });
      });
    }
  });
}
