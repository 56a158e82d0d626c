/** Runs every rule over every file of a project and returns the rewritten texts. */
import type { ConfigFile, Diagnostic, Directive } from './ast/nodes.js';
import { fixFile, type FixGuard, type FixOptions } from './engine/fix-loop.js';
import type { Problem, Rule } from './engine/rule.js';
import { lintFile } from './engine/run.js';
import { leftForSyntaxErrors, type Project, readForContext, type SourceFile } from './project/project.js';
import { components } from './project/components.js';
import { allRules } from '../rules/index.js';
import { accessGuard } from './access/migrate/index.js';
import { DEFAULT_SETTINGS, fileFilter, type FileSettings } from './engine/settings.js';
import { directives } from './ast/walk.js';
import { debianLayout, managesDebianModules, type LayoutChange } from './layout/debian.js';
import { parse } from './parse/parser.js';
import { PositionMap } from './engine/positions.js';
import type { Edit } from './edit/edit.js';

export interface MigrateOptions extends FixOptions {
  /** The rules to run (default: all of them). */
  rules?: readonly Rule[];
  /** A veto on fixes. Default: the access-control prover, which refuses any access rewrite it cannot prove. */
  guard?: FixGuard;
  /** Called after each file, for progress display. */
  onFile?: (done: number, total: number) => void;
  /** The configuration of each file (by absolute path): ignored, rules off or at another severity. Default: none. */
  settingsFor?: (path: string) => FileSettings;
  /**
   * Keep each changed file's final tree on its result (`outputAst`) for the caller (default: true).
   * With false, a tree is kept only while a later step of the run reads it (the rules that run on the
   * migrated tree, the Debian layout) and every result's `outputAst` is null: a tree of 10,000 vhosts
   * holds ~45 MB of them.
   */
  outputTrees?: boolean;
}

export interface FileResult {
  file: SourceFile;
  /** The migrated text, one character per byte. */
  output: string;
  changed: boolean;
  /**
   * The tree of the output as 2.4 reads it, kept from the fix loop's last parse so nothing parses the
   * output again; null when the file did not change (its tree is `file.ast`, read as 2.2 reads it), and
   * in a run told not to keep it (`outputTrees: false`).
   */
  outputAst: ConfigFile | null;
  applied: Problem[];
  remaining: Problem[];
  /** Parse diagnostics of the original file. */
  diagnostics: Diagnostic[];
  /** True when the file has syntax errors or a rule crashed on it, so it was checked but not rewritten. */
  skipped: boolean;
  /**
   * Problems' positions point into the file as read; this maps them to the output (for reporting
   * positions once the output is written) and back, and gives line:col in either text.
   */
  positions: PositionMap;
}

export interface MigrateResult {
  project: Project;
  files: FileResult[];
  /** Changes to the tree beyond file texts: Debian's mods-enabled symlinks and new .load files. */
  layout: LayoutChange[];
  /**
   * The paths of each group of files that can affect one another (project/components.ts), each
   * migrated and proven as a project of its own: write writes a group whole or not at all.
   */
  groups: string[][];
}

export function migrate(project: Project, runOptions: MigrateOptions = {}): MigrateResult {
  // One cache for the run, shared by the fix loop, the access guard and the rules (options.runCache).
  const options: MigrateOptions = { ...runOptions, runCache: runOptions.runCache ?? project.cache };
  const rules = options.rules ?? allRules;
  const total = project.files.length;
  // Files that cannot affect one another (loose files, the pre-commit case) are independent
  // inputs: each group is migrated and proven as a project of its own, which keeps a run over
  // 100,000 unrelated .htaccess files linear instead of modelling them all as one server.
  const parts = components(project);
  const groupOf = new Map<string, Project>();
  for (const group of parts) for (const f of group.files) groupOf.set(f.path, group);
  const groups = parts.map((g) => g.files.map((f) => f.path));
  const guards = new Map<Project, FixGuard>();
  const guardOf = (p: Project) => {
    let g = guards.get(p);
    if (!g) guards.set(p, (g = options.guard ?? accessGuard(p, { ...options, rules })));
    return g;
  };
  // Module lines follow the migrated tree, not the input: in a file with LoadModule lines the
  // rules that decide which modules to load (meta.migratedTree) run last, on that file's result,
  // with every other file of its group as migrated. So mod_access_compat is loaded only while an
  // Order/Allow/Deny is still left once every access rule has been rewritten.
  const holds = (f: SourceFile) => directives(f.ast, 'loadmodule').length > 0;
  const early = rules.filter((r) => !r.meta.migratedTree);
  const late = rules.filter((r) => r.meta.migratedTree);
  const debianLate = late.some((r) => r.meta.id === 'load-implicit-modules') && managesDebianModules(project);
  // The late rules read every file of a group that holds LoadModule lines as migrated, and Debian's
  // layout the whole tree: only those trees are kept when the caller does not want them.
  const keeps = new Map<Project, boolean>();
  const keepTree = (group: Project) => {
    if (options.outputTrees !== false || debianLate) return true;
    if (!keeps.has(group)) keeps.set(group, late.length > 0 && group.files.some(holds));
    return keeps.get(group)!;
  };
  const files = project.files.map((file, i): FileResult => {
    const own = groupOf.get(file.path) ?? project;
    const result = migrateFile(file, late.length && holds(file) ? early : rules, own, { ...options, guard: guardOf(own) });
    options.onFile?.(i + 1, total);
    return result.outputAst && !keepTree(own) ? { ...result, outputAst: null } : result;
  });
  if (late.length === 0) return { project, files, layout: [], groups };
  const migrated = new Map(files.map((r) => [r.file.path, r]));
  const asMigratedOf = new Map<Project, Project>(); // each group's outputs are parsed once
  const final = files.map((r) => {
    if (r.skipped || !holds(r.file)) return r;
    const own = groupOf.get(r.file.path) ?? project;
    if (!asMigratedOf.has(own)) asMigratedOf.set(own, asMigrated(own, migrated));
    const next = onMigrated(r, late, asMigratedOf.get(own)!, options);
    const crashes = next.remaining.filter((p) => p.crash);
    return crashes.length ? leftAsRead(r.file, rules, own, options, crashes) : next;
  });
  // Debian's layout: the a2enmod/a2dismod changes, decided on the tree as migrated.
  // (Only a tree that reads mods-enabled/ has one: the others are not parsed again for it.)
  const debian = debianLate
    ? debianLayout(asMigrated(project, new Map(final.map((r) => [r.file.path, r]))), options.mpm)
    : { changes: [], finding: null };
  const at = debian.finding;
  const kept = options.outputTrees !== false ? final : final.map((r) => (r.outputAst ? { ...r, outputAst: null } : r));
  if (!at) return { project, files: kept, layout: [], groups };
  return {
    project,
    files: kept.map((r) => (r.file.path !== at.path ? r : {
      ...r,
      applied: [...r.applied, {
        ruleId: 'load-implicit-modules', severity: 'warning', path: at.path, start: at.start, end: at.end, message: at.message,
        ...r.positions.inputPosition(at.start),
      }],
    })),
    layout: debian.changes,
    groups,
  };
}

/** `project` with every file as its migration left it. */
function asMigrated(project: Project, migrated: ReadonlyMap<string, FileResult>): Project {
  const files = project.files.map((f) => {
    const r = migrated.get(f.path);
    return !r?.changed ? f : { ...f, ast: r.outputAst ?? parse(r.output, f.path, { version: '2.4' }) };
  });
  const byPath = new Map(files.map((f) => [f.path, f]));
  return { ...project, files, byPath, includes: includesIn(project, byPath) };
}

/**
 * The project's Include sites, each pointing at its line in the file as migrated: the line in the same place
 * among the file's Include lines (rules may make an Include line IncludeOptional, never add or remove one).
 * Left on the line as read, a model of the migrated tree did not follow it: the files of an Include in a
 * rewritten file went unread, and with them (found by a fuzzer) the AllowOverride All that opens a .htaccess
 * whose Order line needs mod_access_compat, which the first run then left out and the second wrote.
 */
function includesIn(project: Project, byPath: ReadonlyMap<string, SourceFile>): Project['includes'] {
  const lines = new Map<string, [Directive[], Directive[]] | null>();
  const linesOf = (path: string) => {
    if (!lines.has(path)) {
      const before = project.byPath.get(path)?.ast;
      const after = byPath.get(path)?.ast;
      const pair = before && after && before !== after ? [includeLines(before), includeLines(after)] as [Directive[], Directive[]] : null;
      lines.set(path, pair && pair[0].length === pair[1].length ? pair : null);
    }
    return lines.get(path);
  };
  return project.includes.map((site) => {
    const pair = linesOf(site.from);
    const at = pair ? pair[0].indexOf(site.directive) : -1;
    return at < 0 ? site : { ...site, directive: pair![1][at]! };
  });
}

const includeLines = (file: ConfigFile) => directives(file, 'include', 'includeoptional');

/** Runs `rules` on the output of a first round `r` and joins both rounds, positions back in the file as read. */
function onMigrated(r: FileResult, rules: readonly Rule[], project: Project, options: MigrateOptions): FileResult {
  const ast = project.byPath.get(r.file.path)!.ast;
  // The same settings and suppression comments as the first round; the comments are in the output as they were.
  const review = fileFilter(ast, rules, KNOWN_RULES, options.settingsFor?.(r.file.path) ?? DEFAULT_SETTINGS);
  const second = fixFile(ast, rules, project, { ...options, filter: review.filter });
  const back = (p: Problem): Problem => {
    const start = r.positions.fromOutput(p.start);
    const moved = { ...p, start, end: r.positions.fromOutput(p.end), ...r.positions.inputPosition(start) };
    // Its edits are against the first round's output: as edits of the file as read, or none (machine formats).
    if (!p.originalEdits) return moved;
    const originalEdits = editsAsRead(p.originalEdits, r.positions);
    if (originalEdits) return { ...moved, originalEdits };
    const { originalEdits: _dropped, ...rest } = moved;
    return rest;
  };
  return {
    ...r,
    output: second.output,
    changed: second.output !== r.file.ast.text,
    outputAst: second.output !== r.file.ast.text ? second.ast : null,
    applied: [...r.applied, ...second.applied.map(back)],
    remaining: [...r.remaining, ...[...second.remaining, ...review.unused()].map(back)],
    positions: r.positions.then(new PositionMap(ast.text, second.output, second.toOutput, second.fromOutput)),
  };
}

/**
 * Edits of a first round's output as edits of the file as read, when each covers text of the file as read
 * only (it maps there and back, and reads the same); else undefined.
 */
function editsAsRead(edits: readonly Edit[], positions: PositionMap): Edit[] | undefined {
  if (positions.input === positions.output) return [...edits];
  const out: Edit[] = [];
  for (const e of edits) {
    const start = positions.fromOutput(e.start);
    const end = positions.fromOutput(e.end);
    if (positions.toOutput(start) !== e.start || positions.toOutput(end) !== e.end) return undefined;
    if (positions.input.slice(start, end) !== positions.output.slice(e.start, e.end)) return undefined;
    out.push({ ...e, start, end });
  }
  return out;
}

const KNOWN_RULES: ReadonlySet<string> = new Set(allRules.map((r) => r.meta.id));

function migrateFile(file: SourceFile, rules: readonly Rule[], project: Project, options: MigrateOptions): FileResult {
  const ast = file.ast;
  if (file.readError !== undefined) return { ...asRead(file), remaining: [], skipped: true };
  // Outside the tree: read as it is, so the rest of the tree is migrated knowing its lines stay (mod_access_compat
  // stays loaded for its Order/Allow/Deny lines); its findings say what to do, with nothing to fix here.
  if (readForContext(project, file.path)) {
    const r = leftAsRead(file, rules, project, options, []);
    return { ...r, remaining: r.remaining.map(({ fix: _fix, ...p }) => p) };
  }
  // A file httpd cannot read is not rewritten: its sections may not be what they seem.
  if (leftForSyntaxErrors(file)) return leftAsRead(file, rules, project, options, []);
  const review = fileFilter(ast, rules, KNOWN_RULES, options.settingsFor?.(file.path) ?? DEFAULT_SETTINGS);
  const r = fixFile(ast, rules, project, { ...options, filter: review.filter }, options.guard);
  const crashes = r.remaining.filter((p) => p.crash);
  if (crashes.length) return leftAsRead(file, rules, project, options, crashes);
  return { ...asRead(file), output: r.output, changed: r.output !== ast.text, outputAst: r.output !== ast.text ? r.ast : null, applied: r.applied, remaining: [...r.remaining, ...review.unused()], skipped: false, positions: new PositionMap(ast.text, r.output, r.toOutput, r.fromOutput) };
}

/** A file's result before any change: its text as read. */
function asRead(file: SourceFile) {
  return { file, output: file.ast.text, changed: false, outputAst: null, applied: [], diagnostics: file.ast.diagnostics, positions: PositionMap.unchanged(file.ast.text) };
}

/**
 * A file left as it was read (syntax errors, or a rule that crashed on it): checked, not rewritten. Its
 * findings are those of the text as read, plus the crashes of later passes that the text as read does not show.
 */
function leftAsRead(file: SourceFile, rules: readonly Rule[], project: Project, options: MigrateOptions, crashes: readonly Problem[]): FileResult {
  const review = fileFilter(file.ast, rules, KNOWN_RULES, options.settingsFor?.(file.path) ?? DEFAULT_SETTINGS);
  const found = lintFile(file.ast, rules, project, options);
  const own = found.filter((p) => p.crash);
  const later = crashes.filter((c) => !own.some((p) => p.ruleId === c.ruleId && p.message === c.message));
  return { ...asRead(file), remaining: [...review.filter(file.ast, found.filter((p) => !p.crash)), ...own, ...later, ...review.unused()], skipped: true };
}
