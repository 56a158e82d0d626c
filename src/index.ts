/** The public API of httpd-migrate. */
export type {
  Arg, Blank, Bogus, Comment, ConfigFile, Diagnostic, Directive, LineSpan, Node, ParseErrorCode, Section, Severity,
} from './ast/nodes.js';
export { parse, decode, type ParseOptions } from './parse/parser.js';
export { print, toBytes } from './print/print.js';
export { LineCounter } from './parse/line-counter.js';
export { walk, directives, sections } from './ast/walk.js';
export { loadProject, type LoadOptions } from './project/load.js';
export type { Project, SourceFile, IncludeSite, ProjectDiagnostic } from './project/project.js';
export { projectOf } from './project/project.js';
export { RunCache } from './project/run-cache.js';
export { migrate, type MigrateOptions, type MigrateResult, type FileResult } from './migrate.js';
export { defineRule, type Rule, type RuleMeta, type RuleKind, type RuleContext, type Problem, type Visitor } from './engine/rule.js';
export { fixFile, MAX_PASSES, type FixResult, type FixOptions, type FixGuard } from './engine/fix-loop.js';
export { lintFile } from './engine/run.js';
export type { Edit } from './edit/edit.js';
export { applyEdits } from './edit/edit.js';
export { unifiedDiff } from './diff/unified.js';
export { rules, allRules } from '../rules/index.js';
