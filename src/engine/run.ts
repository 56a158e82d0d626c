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
  // Handlers by node kind and name, looked up once per name rather than once per node and rule:
  // for a directive, every rule's `Directive` handler, then every rule's `Directive:<name>` one.
  const byKey = new Map<string, Handler<never>[]>();
  for (const v of visitors) {
    for (const [key, fn] of Object.entries(v)) {
      if (typeof fn !== 'function' || key === 'File' || key === 'FileExit') continue;
      const list = byKey.get(key);
      if (list) list.push(fn as Handler<never>);
      else byKey.set(key, [fn as Handler<never>]);
    }
  }
  const handlers = (kind: string) => {
    const cache = new Map<string, Handler<never>[]>();
    const generic = byKey.get(kind) ?? [];
    return (lname: string) => {
      let list = cache.get(lname);
      if (!list) cache.set(lname, (list = [...generic, ...(byKey.get(`${kind}:${lname}`) ?? [])]));
      return list as Handler<Directive & Section>[];
    };
  };
  const onDirective = handlers('Directive');
  const onEnter = handlers('Section');
  const onExit = handlers('SectionExit');
  for (const v of visitors) v.File?.(file);
  walk(file, {
    directive: (d, anc) => { for (const h of onDirective(d.lname)) h(d as Directive & Section, anc); },
    enter: (s, anc) => { for (const h of onEnter(s.lname)) h(s as Directive & Section, anc); },
    exit: (s, anc) => { for (const h of onExit(s.lname)) h(s as Directive & Section, anc); },
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
