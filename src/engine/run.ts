/** Runs rules over one parsed file in a single walk and collects their problems. */
import type { ConfigFile, Directive, Section } from '../ast/nodes.js';
import { walk } from '../ast/walk.js';
import { LineCounter } from '../parse/line-counter.js';
import type { Project } from '../project/project.js';
import type { Problem, ReportInput, Rule, RuleContext, RuleOptions, Visitor } from './rule.js';

type Handler<T> = (node: T, ancestors: readonly Section[]) => void;

export function lintFile(file: ConfigFile, rules: readonly Rule[], project: Project, options: RuleOptions = {}): Problem[] {
  const problems: Problem[] = [];
  let lines: LineCounter | null = null;
  const position = (offset: number) => (lines ??= new LineCounter(file.text)).position(offset);
  const visitors: Visitor[] = rules.map((rule) => {
    const context: RuleContext = {
      file, project, options,
      report: (p: ReportInput) => problems.push(toProblem(rule, file, p, position)),
    };
    return rule.create(context);
  });
  const call = <T>(key: string, node: T, ancestors: readonly Section[]) => {
    for (const v of visitors) (v[key as keyof Visitor] as Handler<T> | undefined)?.(node, ancestors);
  };
  for (const v of visitors) v.File?.(file);
  walk(file, {
    directive: (d: Directive, anc) => {
      call('Directive', d, anc);
      call(`Directive:${d.lname}`, d, anc);
    },
    enter: (s, anc) => {
      call('Section', s, anc);
      call(`Section:${s.lname}`, s, anc);
    },
    exit: (s, anc) => {
      call('SectionExit', s, anc);
      call(`SectionExit:${s.lname}`, s, anc);
    },
  });
  for (const v of visitors) v.FileExit?.(file);
  return problems;
}

function toProblem(rule: Rule, file: ConfigFile, p: ReportInput, position: (offset: number) => { line: number; col: number }): Problem {
  const n = p.node;
  const start = p.start ?? n?.open?.contentStart ?? n?.contentStart ?? n?.start ?? 0;
  const end = p.end ?? n?.open?.contentEnd ?? n?.contentEnd ?? n?.end ?? start;
  const defaultSeverity = rule.meta.kind === 'fix' ? 'error' : 'warning';
  const problem: Problem = { ruleId: rule.meta.id, severity: p.severity ?? defaultSeverity, message: p.message, path: file.path, start, end, ...position(start) };
  if (p.fix && rule.meta.kind === 'fix') problem.fix = p.fix;
  if (p.suggestion) problem.suggestion = p.suggestion;
  else if (p.fix && rule.meta.kind !== 'fix') problem.suggestion = p.fix;
  return problem;
}
