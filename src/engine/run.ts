/** Runs rules over one parsed file in a single walk and collects their problems. */
import type { ConfigFile, Directive, Section } from '../ast/nodes.js';
import { walk } from '../ast/walk.js';
import { disjointEdits } from '../edit/edit.js';
import { LineCounter } from '../parse/line-counter.js';
import type { Project } from '../project/project.js';
import type { Problem, ReportInput, Rule, RuleContext, RuleOptions, Visitor } from './rule.js';

type Handler<T> = (node: T, ancestors: readonly Section[]) => void;

export function lintFile(file: ConfigFile, rules: readonly Rule[], project: Project, options: RuleOptions = {}): Problem[] {
  const problems: Problem[] = [];
  let lines: LineCounter | null = null;
  const position = (offset: number) => (lines ??= new LineCounter(file.text)).position(offset);
  // A rule that throws is stopped for the rest of this file and reported (crash); the other rules go on.
  const crashed = new Set<Rule>();
  const crash = (rule: Rule, e: unknown, at: number) => {
    crashed.add(rule);
    problems.push(crashProblem(rule.meta.id, file.path, e, at, position(at)));
  };
  const visitors: { rule: Rule; visitor: Visitor }[] = [];
  for (const rule of rules) {
    const context: RuleContext = {
      file, project, options,
      report: (p: ReportInput) => problems.push(toProblem(rule, file, p, position)),
    };
    try {
      visitors.push({ rule, visitor: rule.create(context) });
    } catch (e) {
      crash(rule, e, 0);
    }
  }
  // Handlers by node kind and name, looked up once per name rather than once per node and rule:
  // for a directive, every rule's `Directive` handler, then every rule's `Directive:<name>` one.
  const byKey = new Map<string, RuleHandler[]>();
  for (const { rule, visitor } of visitors) {
    for (const [key, fn] of Object.entries(visitor)) {
      if (typeof fn !== 'function' || key === 'File' || key === 'FileExit') continue;
      const list = byKey.get(key);
      const h = { rule, fn: fn as Handler<Directive & Section> };
      if (list) list.push(h);
      else byKey.set(key, [h]);
    }
  }
  const handlers = (kind: string) => {
    const cache = new Map<string, RuleHandler[]>();
    const generic = byKey.get(kind) ?? [];
    return (lname: string) => {
      let list = cache.get(lname);
      if (!list) cache.set(lname, (list = [...generic, ...(byKey.get(`${kind}:${lname}`) ?? [])]));
      return list;
    };
  };
  const call = (list: readonly RuleHandler[], node: Directive | Section, anc: readonly Section[]) => {
    for (const { rule, fn } of list) {
      if (crashed.has(rule)) continue;
      try {
        fn(node as Directive & Section, anc);
      } catch (e) {
        crash(rule, e, node.start);
      }
    }
  };
  const onDirective = handlers('Directive');
  const onEnter = handlers('Section');
  const onExit = handlers('SectionExit');
  const whole = (hook: 'File' | 'FileExit') => {
    for (const { rule, visitor } of visitors) {
      if (crashed.has(rule)) continue;
      try {
        visitor[hook]?.(file);
      } catch (e) {
        crash(rule, e, 0);
      }
    }
  };
  whole('File');
  walk(file, {
    directive: (d, anc) => call(onDirective(d.lname), d, anc),
    enter: (s, anc) => call(onEnter(s.lname), s, anc),
    exit: (s, anc) => call(onExit(s.lname), s, anc),
  });
  whole('FileExit');
  return problems;
}

interface RuleHandler {
  rule: Rule;
  fn: Handler<Directive & Section>;
}

/**
 * The report of a rule that threw on a file (in its handlers or, via the fix loop, in the proof of its
 * fix): an error naming the rule and its message. The file is then left as it was read and the run fails.
 */
export function crashProblem(ruleId: string, path: string, e: unknown, start: number, at: { line: number; col: number }): Problem {
  const message = e instanceof Error ? e.message : String(e);
  return { ruleId, severity: 'error', message: `rule ${ruleId} crashed on this file: ${message}`, path, start, end: start, ...at, crash: true };
}

function toProblem(rule: Rule, file: ConfigFile, p: ReportInput, position: (offset: number) => { line: number; col: number }): Problem {
  const n = p.node;
  const start = p.start ?? n?.open?.contentStart ?? n?.contentStart ?? n?.start ?? 0;
  const end = p.end ?? n?.open?.contentEnd ?? n?.contentEnd ?? n?.end ?? start;
  const defaultSeverity = rule.meta.kind === 'fix' ? 'error' : 'warning';
  const problem: Problem = { ruleId: rule.meta.id, severity: p.severity ?? defaultSeverity, message: p.message, path: file.path, start, end, ...position(start) };
  // Copies (an array a rule grew by push keeps room for 17 edits, and a run keeps every problem's),
  // with no two edits sharing a byte, as the machine formats give them.
  if (p.fix && rule.meta.kind === 'fix') problem.fix = disjointEdits(file.text, p.fix);
  if (p.suggestion) problem.suggestion = disjointEdits(file.text, p.suggestion);
  else if (p.fix && rule.meta.kind !== 'fix') problem.suggestion = disjointEdits(file.text, p.fix);
  return problem;
}
