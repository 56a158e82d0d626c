/** Runs every rule over every file of a project and returns the rewritten texts. */
import type { Diagnostic } from './ast/nodes.js';
import { fixFile, type FixGuard, type FixOptions } from './engine/fix-loop.js';
import type { Problem, Rule } from './engine/rule.js';
import type { Project, SourceFile } from './project/project.js';
import { allRules } from '../rules/index.js';

export interface MigrateOptions extends FixOptions {
  /** The rules to run (default: all of them). */
  rules?: readonly Rule[];
  /** A veto on fixes, e.g. the access-control prover. */
  guard?: FixGuard;
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
}

export interface MigrateResult {
  project: Project;
  files: FileResult[];
}

export function migrate(project: Project, options: MigrateOptions = {}): MigrateResult {
  const rules = options.rules ?? allRules;
  const files = project.files.map((file): FileResult => {
    if (file.readError !== undefined) {
      return { file, output: file.ast.text, changed: false, applied: [], remaining: [], diagnostics: [] };
    }
    const r = fixFile(file.ast, rules, project, options, options.guard);
    return {
      file, output: r.output, changed: r.output !== file.ast.text, applied: r.applied, remaining: r.remaining, diagnostics: file.ast.diagnostics,
    };
  });
  return { project, files };
}
