/**
 * Applies rule fixes to one file: edits against the current text, overlapping
 * groups deferred to a further pass, a re-parse after each pass, at most
 * MAX_PASSES passes. A fix that makes the file fail to parse is dropped and
 * reported as a failure of its rule.
 */
import type { ConfigFile } from '../ast/nodes.js';
import { applyEdits, EditOffsets, pickGroups, uniqueEdits, type Edit } from '../edit/edit.js';
import { LineCounter } from '../parse/line-counter.js';
import { parse } from '../parse/parser.js';
import type { Project } from '../project/project.js';
import { crashProblem, lintFile } from './run.js';
import { reparse as reparseIn } from './reparse.js';
import { RunCache } from '../project/run-cache.js';
import type { Problem, Rule, RuleOptions } from './rule.js';

export const MAX_PASSES = 10;

export interface FixOptions extends RuleOptions {
  /** Apply suggestions too: all of them (true) or those of the named rules. */
  suggestions?: boolean | readonly string[];
  /**
   * Which problems of a pass stand, and with what severity (the config's rule settings and the
   * file's suppression comments): a problem dropped here is neither reported nor fixed.
   */
  filter?: (file: ConfigFile, problems: Problem[]) => Problem[];
}

/** A fix about to be applied: the problem and its edits. */
export interface FixGroup {
  problem: Problem;
  edits: Edit[];
}

/**
 * A hook that may veto a group of edits, e.g. the access-control prover. It is
 * called for each group of a pass, with every group the pass means to apply.
 */
export type FixGuard = (file: ConfigFile, problem: Problem, edits: readonly Edit[], pass: readonly FixGroup[]) => Problem | null;

export interface FixResult {
  /** The final text (one character per byte). */
  output: string;
  /**
   * Problems whose edits were applied, in the order applied. Here and in `remaining`, start, end,
   * line and col point into the original text, whichever pass found the problem; its fix and
   * suggestion edits are against that pass's text.
   */
  applied: Problem[];
  /** Problems still standing after the last pass (reports, suggestions not taken, vetoed fixes). */
  remaining: Problem[];
  passes: number;
  /** The final tree. */
  ast: ConfigFile;
  /** An offset of the original text as an offset of the output (for positions once the output is written); see EditOffsets.toEdited for `side`. */
  toOutput: (offset: number, side?: 'start' | 'end') => number;
  /** An offset of the output as an offset of the original text (written text: where it goes). */
  fromOutput: (offset: number) => number;
}

export function fixFile(
  file: ConfigFile, rules: readonly Rule[], project: Project, options: FixOptions = {}, guard?: FixGuard,
): FixResult {
  const runCache = options.runCache ?? new RunCache();
  const reparse = (text: string, path: string) => reparseIn(runCache, text, path);
  if (!options.runCache) options = { ...options, runCache };
  let ast = file;
  const applied: Problem[] = [];
  const vetoed: Problem[] = [];
  let remaining: Problem[] = [];
  let passes = 0;
  const baseErrors = countErrors(file);
  const rejected = new Set<string>();
  /** The edits of each pass so far, against that pass's text: to take later positions back to the original. */
  const history: EditOffsets[] = [];
  const found = new Map<Problem, number>();
  /** The text each pass read, by the number of passes that had changed it. */
  const texts: string[] = [file.text];
  while (passes < MAX_PASSES) {
    passes++;
    const linted = lintFile(ast, rules, project, options);
    // A rule's crash is no finding about the file: settings and suppression comments do not drop it.
    const problems = options.filter ? [...options.filter(ast, linted.filter((p) => !p.crash)), ...linted.filter((p) => p.crash)] : linted;
    for (const p of problems) found.set(p, history.length);
    const groups = problems
      .map((problem) => ({ problem, edits: editsToApply(problem, options) }))
      .filter((g): g is FixGroup => g.edits !== null && !rejected.has(key(g.problem)));
    const grouped = new Set(groups.map((g) => g.problem));
    remaining = problems.filter((p) => !rejected.has(key(p)) && !grouped.has(p));
    const taken: typeof groups = [];
    const { taken: picked, deferred } = pickGroups(groups);
    // A guard that judged a pass which leaves other fixes for later judged a file that is not yet what the fixes make it:
    // its vetoes are asked again in the next pass, once those are in (a rewrite was vetoed over a section whose own
    // rewrite waited behind another rule's line, and a second run made it). Only a pass that changes nothing makes them final.
    const tentative = deferred.length > 0 && passes < MAX_PASSES;
    const retried: [FixGroup, Problem][] = [];
    const reject = (g: FixGroup, veto: Problem) => { rejected.add(key(g.problem)); found.set(veto, history.length); vetoed.push(veto); };
    for (const g of picked) {
      let veto: Problem | null;
      try {
        veto = guard?.(ast, g.problem, g.edits, picked) ?? null;
      } catch (e) {
        veto = crashProblem(g.problem.ruleId, ast.path, e, g.problem.start, { line: g.problem.line, col: g.problem.col });
      }
      if (veto && tentative && !veto.crash) retried.push([g, veto]);
      else if (veto) reject(g, veto);
      else taken.push(g);
    }
    if (taken.length === 0) {
      // Nothing changes: the vetoes stand, and the fixes deferred behind the vetoed ones get their pass.
      for (const [g, veto] of retried) reject(g, veto);
      if (picked.length > 0 && deferred.length > 0 && passes < MAX_PASSES) continue;
      break;
    }
    let next = applyEdits(ast.text, uniqueEdits(taken.flatMap((g) => g.edits)));
    let nextAst = reparse(next, ast.path);
    if (countErrors(nextAst) > baseErrors) {
      // Find the fixes that break parsing, drop them, and keep the rest.
      const good = taken.filter((g) => countErrors(parse(applyEdits(ast.text, g.edits), ast.path, { version: '2.4' })) <= baseErrors);
      for (const g of taken.filter((t) => !good.includes(t))) {
        rejected.add(key(g.problem));
        const broken: Problem = { ...g.problem, fix: undefined, suggestion: undefined, severity: 'error', message: `internal: the fix of ${g.problem.ruleId} would break the file's syntax, so it was not applied: ${g.problem.message}` };
        found.set(broken, history.length);
        vetoed.push(broken);
      }
      if (good.length === 0) continue;
      next = applyEdits(ast.text, uniqueEdits(good.flatMap((g) => g.edits)));
      nextAst = parse(next, ast.path, { version: '2.4' });
      taken.splice(0, taken.length, ...good);
    }
    applied.push(...taken.map((g) => g.problem));
    history.push(new EditOffsets(uniqueEdits(taken.flatMap((g) => g.edits)).sort((a, b) => a.start - b.start || a.end - b.end)));
    ast = nextAst;
    texts.push(ast.text);
  }
  /** An offset in the text pass `pass` read, as an offset in the original. */
  const backFrom = (offset: number, pass: number, side: 'start' | 'end') => {
    for (let i = pass - 1; i >= 0; i--) offset = history[i]!.toOriginal(offset, side);
    return offset;
  };
  const forwardTo = (offset: number, pass: number) => {
    for (let i = 0; i < pass; i++) offset = history[i]!.toEdited(offset);
    return offset;
  };
  /** Edits of pass `pass` as edits of the original, when each covers original text only (it maps there and back, and reads the same). */
  const originalEdits = (edits: Edit[] | undefined, pass: number): Edit[] | undefined => {
    if (!edits?.length) return undefined;
    if (pass === 0) return edits;
    const out: Edit[] = [];
    for (const e of edits) {
      const start = backFrom(e.start, pass, 'start');
      const end = backFrom(e.end, pass, 'end');
      if (forwardTo(start, pass) !== e.start || forwardTo(end, pass) !== e.end || file.text.slice(start, end) !== texts[pass]!.slice(e.start, e.end)) return undefined;
      out.push({ ...e, start, end });
    }
    return out;
  };
  let lines: LineCounter | null = null;
  const back = (p: Problem): Problem => {
    const pass = found.get(p) ?? 0;
    const mapped = originalEdits(p.fix ?? p.suggestion, pass);
    // Object.assign, not `{ ...p, originalEdits }`: V8 gives each object that spread makes a hidden
    // class of its own (~340 bytes a problem, 7 MB on 10,000 vhosts).
    const withEdits = mapped ? Object.assign({}, p, { originalEdits: mapped }) : p;
    if (pass === 0) return withEdits;
    const start = backFrom(p.start, pass, 'start');
    return { ...withEdits, start, end: backFrom(p.end, pass, 'end'), ...(lines ??= new LineCounter(file.text)).position(start) };
  };
  return { output: ast.text, applied: applied.map(back), remaining: [...vetoed, ...remaining].map(back), passes, ast, ...offsetMaps(history) };
}

/**
 * toOutput and fromOutput over the edits of each pass. Made here, not in fixFile, because closures
 * there would keep fixFile's whole scope alive with each result, every pass's tree included.
 */
function offsetMaps(grown: readonly EditOffsets[]): Pick<FixResult, 'toOutput' | 'fromOutput'> {
  // A copy of exactly the passes (one, usually): a list grown by push keeps room for 17, and every file's result keeps this one.
  const history = grown.slice();
  return {
    toOutput: (offset, side) => history.reduce((o, pass) => pass.toEdited(o, side), offset),
    fromOutput: (offset) => history.reduceRight((o, pass) => pass.toOriginal(o, 'start'), offset),
  };
}


function editsToApply(p: Problem, options: FixOptions): Edit[] | null {
  if (p.fix && p.fix.length) return p.fix;
  const s = options.suggestions;
  if (p.suggestion && p.suggestion.length && (s === true || (Array.isArray(s) && s.includes(p.ruleId)))) return p.suggestion;
  return null;
}

function key(p: Problem): string {
  return `${p.ruleId}\0${p.message}`;
}

function countErrors(f: ConfigFile): number {
  return f.diagnostics.filter((d) => d.severity === 'error').length;
}
