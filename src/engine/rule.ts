/**
 * What a rule is: metadata plus a factory that returns node handlers
 * (ESLint's meta + create). Rules never mutate the tree; they report
 * problems whose edits are spliced into the original text by the engine.
 */
import type { ConfigFile, Directive, Section, Severity } from '../ast/nodes.js';
import type { Project } from '../project/project.js';
import type { Edit } from '../edit/edit.js';
import type { RunCache } from '../project/run-cache.js';

/** fix: rewritten automatically. suggest: rewrite offered, applied only on request. report: a finding with its remedy. */
export type RuleKind = 'fix' | 'suggest' | 'report';

export interface RuleMeta {
  /** Same as the file name in rules/, the doc and the fixture folder. */
  id: string;
  /** One line, starting with a verb. */
  description: string;
  /** The upgrade-notes row this rule implements, by heading and first cell as docs/coverage.md names it, or the httpd behaviour it follows. */
  row: string;
  kind: RuleKind;
  /** True for rules that rewrite access control: their fixes need the evaluator's proof. */
  access?: boolean;
  /**
   * True for rules that decide from the whole tree as migrated (which modules to load): in a file
   * with LoadModule lines they run after every file of the tree has been migrated, on the result.
   */
  migratedTree?: boolean;
}

export interface Problem {
  ruleId: string;
  severity: Severity;
  message: string;
  /** The file the problem is in. */
  path: string;
  start: number;
  end: number;
  /** 1-based line and column of start, in the text the rule saw. */
  line: number;
  col: number;
  /** Edits applied automatically (rules of kind fix). */
  fix?: Edit[];
  /** Edits applied only on request (rules of kind suggest). */
  suggestion?: Edit[];
  /**
   * Set by the fix loop: the fix (or else suggestion) edits as offsets of the original text. Absent
   * when there are none, or when one touches text an earlier pass wrote (it has no original offsets).
   */
  originalEdits?: Edit[];
  /** True when the rule threw on this file (src/engine/run.ts crashProblem): the file is not rewritten and the run fails. */
  crash?: true;
}

export interface ReportInput {
  message: string;
  /** Where: a node, or explicit offsets. */
  node?: { start: number; end: number; contentStart?: number; contentEnd?: number; open?: { contentStart: number; contentEnd: number } };
  start?: number;
  end?: number;
  severity?: Severity;
  fix?: Edit[];
  suggestion?: Edit[];
}

export interface RuleContext {
  readonly file: ConfigFile;
  readonly project: Project;
  readonly options: RuleOptions;
  report(problem: ReportInput): void;
}

/** Options every rule may read. */
export interface RuleOptions {
  /** The MPM the tree will run, when known (`--mpm`). */
  mpm?: string;
  /** The modules the target httpd has compiled in, when known (`--httpd`: its `-l`). */
  builtin?: readonly string[];
  /** The run's memo (src/project/run-cache.ts; default: the project's). */
  runCache?: RunCache;
  /** Extra options, keyed by rule id. */
  [key: string]: unknown;
}

/**
 * Handlers keyed by node kind: `File`, `FileExit`, `Directive`, `Section`,
 * `SectionExit`, or narrowed to one name in lower case: `Directive:maxclients`,
 * `Section:directory`, `SectionExit:directory`. Each gets the node and its
 * enclosing sections, outermost first.
 */
export interface Visitor {
  File?: (file: ConfigFile) => void;
  FileExit?: (file: ConfigFile) => void;
  [key: `Directive${string}`]: ((node: Directive, ancestors: readonly Section[]) => void) | undefined;
  [key: `Section${string}`]: ((node: Section, ancestors: readonly Section[]) => void) | undefined;
}

export interface Rule {
  meta: RuleMeta;
  create(context: RuleContext): Visitor;
}

/** Identity helper that gives a rule module its type. */
export function defineRule(rule: Rule): Rule {
  return rule;
}
