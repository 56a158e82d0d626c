/** Runs every rule over every file of a project and returns the rewritten texts. */
import type { Diagnostic } from './ast/nodes.js';
import { fixFile, type FixGuard, type FixOptions } from './engine/fix-loop.js';
import type { Problem, Rule } from './engine/rule.js';
import { lintFile } from './engine/run.js';
import type { Project, SourceFile } from './project/project.js';
import { components } from './project/components.js';
import { allRules } from '../rules/index.js';
import { accessGuard } from './eval/guard.js';
import { DEFAULT_SETTINGS, fileFilter, type FileSettings } from './engine/settings.js';

export interface MigrateOptions extends FixOptions {
  /** The rules to run (default: all of them). */
  rules?: readonly Rule[];
  /** A veto on fixes. Default: the access-control prover, which refuses any access rewrite it cannot prove. */
  guard?: FixGuard;
  /** Called after each file, for progress display. */
  onFile?: (done: number, total: number) => void;
  /** The configuration of each file (by absolute path): ignored, rules off or at another severity. Default: none. */
  settingsFor?: (path: string) => FileSettings;
}

export interface FileResult {
  file: SourceFile;
  /** The migrated text, one character per byte. */
  output: string;
  changed: boolean;
  applied: Problem[];
  remaining: Problem[];
  /** Parse diagnostics of the original file. */
  diagnostics: Diagnostic[];
  /** True when the file has syntax errors, so it was checked but not rewritten. */
  skipped: boolean;
  /**
   * Problems' positions point into the file as read; this takes an offset there to the output,
   * for reporting positions in a file once the output is written.
   */
  toOutput: (offset: number) => number;
  /** The other way: an offset of the output as an offset of the file as read. */
  fromOutput: (offset: number) => number;
}

export interface MigrateResult {
  project: Project;
  files: FileResult[];
}

export function migrate(project: Project, options: MigrateOptions = {}): MigrateResult {
  const rules = options.rules ?? allRules;
  const total = project.files.length;
  // Files that cannot affect one another (loose files, the pre-commit case) are independent
  // inputs: each group is migrated and proven as a project of its own, which keeps a run over
  // 100,000 unrelated .htaccess files linear instead of modelling them all as one server.
  const groupOf = new Map<string, Project>();
  for (const group of components(project)) for (const f of group.files) groupOf.set(f.path, group);
  const guards = new Map<Project, FixGuard>();
  const guardOf = (p: Project) => {
    let g = guards.get(p);
    if (!g) guards.set(p, (g = options.guard ?? accessGuard(p, { ...options, rules })));
    return g;
  };
  const files = project.files.map((file, i): FileResult => {
    const own = groupOf.get(file.path) ?? project;
    const result = migrateFile(file, rules, own, { ...options, guard: guardOf(own) });
    options.onFile?.(i + 1, total);
    return result;
  });
  return { project, files };
}

const KNOWN_RULES: ReadonlySet<string> = new Set(allRules.map((r) => r.meta.id));

function migrateFile(file: SourceFile, rules: readonly Rule[], project: Project, options: MigrateOptions): FileResult {
  const ast = file.ast;
  const base = { file, output: ast.text, changed: false, applied: [], diagnostics: ast.diagnostics, toOutput: (offset: number) => offset, fromOutput: (offset: number) => offset };
  if (file.readError !== undefined) return { ...base, remaining: [], skipped: true };
  const review = fileFilter(ast, rules, KNOWN_RULES, options.settingsFor?.(file.path) ?? DEFAULT_SETTINGS);
  if (ast.diagnostics.some((d) => d.severity === 'error')) {
    // A file httpd cannot read is not rewritten: its sections may not be what they seem.
    return { ...base, remaining: [...review.filter(ast, lintFile(ast, rules, project, options)), ...review.unused()], skipped: true };
  }
  const r = fixFile(ast, rules, project, { ...options, filter: review.filter }, options.guard);
  return { ...base, output: r.output, changed: r.output !== ast.text, applied: r.applied, remaining: [...r.remaining, ...review.unused()], skipped: false, toOutput: r.toOutput, fromOutput: r.fromOutput };
}
