/**
 * check, diff and write: load the tree, run the rules, then report (check),
 * print one unified diff (diff) or rewrite files in place (write).
 */
import type { Io } from '../io.js';
import { colorLevel, outputWidth } from '../io.js';
import { treeArgs } from '../next-args.js';
import { EXIT, UsageError } from '../errors.js';
import { loadProject } from '../../project/load.js';
import { migrate, type MigrateOptions } from '../../migrate.js';
import { allRules } from '../../../rules/index.js';
import { blocking, collectFindings, HTTPD_RULE_ID, type FileReport } from '../../report/findings.js';
import { stylish } from '../../report/stylish.js';
import { jsonReport } from '../../report/json.js';
import { sarifReport } from '../../report/sarif.js';
import { writeInChunks } from '../../report/sink.js';
import { githubReport } from '../../report/github.js';
import { printConfig, readInputs } from '../inputs.js';
import { isDirectory } from '../../project/stat.js';
import { htmlReport } from '../../report/html.js';
import { accessProofs } from '../../report/access-proof.js';
import { unifiedDiff } from '../../diff/unified.js';
import { patchNames } from '../../diff/paths.js';
import { escapeControls, shellQuote } from '../../report/escape.js';
import { hardLinksReason, writeTree, type WriteItem, type WriteOutcome } from '../../write/atomic.js';
import { removeStaleTemps, staleTemps } from '../../write/temp-names.js';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { existingParent, insideTree, real } from '../../project/boundary.js';
import { displayPath } from '../../project/read.js';
import { colorDiff } from '../../diff/color.js';
import { activity, progress } from '../progress.js';
import type { Rule } from '../../engine/rule.js';
import { type Project, readForContext } from '../../project/project.js';
import type { MigrateResult } from '../../migrate.js';
import { checkWithHttpd, type CheckFile, type HttpdCheckResult as HttpdCheck } from '../../httpd/syntax-check.js';
import { LineCounter } from '../../parse/line-counter.js';
import type { HttpdMessage } from '../../httpd/startup-messages.js';
import { applyLayoutChange, layoutPatch } from '../../layout/apply.js';
import type { LayoutChange } from '../../layout/debian.js';
import { compiledIn } from '../../httpd/built-in.js';
import { dirname, relative, resolve } from 'node:path';

export type Mode = 'check' | 'diff' | 'write';
export type Format = 'stylish' | 'json' | 'sarif' | 'github' | 'html';

export interface MigrateCommandOptions {
  paths: string[];
  serverRoot?: string;
  followIncludes: boolean;
  htaccess: boolean;
  format: Format;
  only?: string[];
  disable?: string[];
  suggestions?: boolean | string[];
  mpm?: string;
  pruneLegacy?: boolean;
  /** write only: keep the original as <file><suffix>. */
  backup?: string;
  /** An httpd binary whose syntax check the migrated tree must pass. */
  httpd?: string;
  /** write only: write even when the httpd syntax check fails. */
  force?: boolean;
  /** --config <file>, or false for --no-config (default: found by walking up from each file). */
  config?: string | false;
  /** False for --no-ignore. */
  ignore?: boolean;
  /** Print the configuration for this file and stop. */
  printConfig?: string;
  /** Report errors only. */
  quiet?: boolean;
  /** Warnings fail the run only when there are more than this many (-1: never). Default: any warning fails. */
  maxWarnings?: number;
  /** The path standard input (`-`) stands for. */
  stdinFilename?: string;
  /** --color / --no-color; undefined: decided by the environment and the terminal. */
  color?: boolean;
  /** More directories inside the tree (--root): write changes files inside the tree only. */
  roots?: string[];
}

export async function runMigrateCommand(mode: Mode, opts: MigrateCommandOptions, io: Io): Promise<number> {
  const rules = selectRules(opts);
  if (opts.printConfig !== undefined) {
    io.stdout.write(printConfig(opts.printConfig, opts, io));
    return EXIT.CLEAN;
  }
  // A --root that is not there would add nothing to the tree, and a typo in it would go unnoticed.
  const missingRoot = (opts.roots ?? []).find((r) => !isDirectory(resolve(io.cwd, r)));
  if (missingRoot !== undefined) throw new UsageError(`--root ${missingRoot}: no such directory`);
  // Nor a --server-root: every relative path of the tree would resolve to nothing (httpd: "ServerRoot must be a valid directory").
  if (opts.serverRoot !== undefined && !isDirectory(resolve(io.cwd, opts.serverRoot))) throw new UsageError(`--server-root ${opts.serverRoot}: no such directory`);
  // A --httpd that cannot run is a typo, found before the run rather than after it.
  if (opts.httpd !== undefined && !runnable(opts.httpd, io)) throw new UsageError(`--httpd ${opts.httpd}: no such program (give the path of httpd or apache2, e.g. /usr/sbin/apache2)`);
  const inputs = await readInputs(opts, io, mode);
  const loading = activity(io);
  const load = () => loadProject(inputs.paths, {
    cwd: io.cwd, serverRoot: inputs.serverRoot, followIncludes: opts.followIncludes, htaccess: opts.htaccess,
    contents: inputs.contents, ignore: inputs.resolver.ignored, roots: opts.roots, onProgress: loading.update,
  });
  let project = load();
  // Temp files an interrupted write left (an Include of the tree may read them): write removes them first.
  const stale = staleTemps(tempPlaces(project));
  const removed = mode === 'write' ? removeStaleTemps(stale) : [];
  if (removed.length > 0) project = load();
  loading.done();
  io.treeRead?.(project.files.reduce((n, f) => n + f.ast.text.length, 0));
  const showProgress = progress(io, project.files.length);
  const options: MigrateOptions = {
    rules, suggestions: withPruneLegacy(opts), mpm: inputs.mpm, pruneLegacy: opts.pruneLegacy, onFile: showProgress.update,
    settingsFor: inputs.resolver.settingsFor,
    ...(opts.httpd ? { builtin: compiledIn(opts.httpd) ?? undefined } : {}),
    // Only the httpd check reads the migrated files' trees once the run is over.
    outputTrees: Boolean(opts.httpd),
  };
  const result = migrate(project, options);
  showProgress.done();
  // The access models and proofs (~70 MB on 10,000 vhosts) are read again only for the HTML report's proof tables.
  if (opts.format !== 'html') result.project.cache.clear();
  // Findings point into the files as they are on disk after the run: the rewritten text once `write` writes it.
  const httpdOk = opts.httpd ? await httpdAccepts(opts.httpd, result) : null;
  const refuse = mode === 'write' && httpdOk !== null && !httpdOk.ok && !opts.force;
  const reports: (FileReport & { diff?: string })[] = collectFindings(result, io.cwd, mode === 'write' && !refuse ? 'output' : 'input');
  if (httpdOk) addHttpdFindings(opts.httpd!, result, reports, httpdOk, mode === 'write' && !refuse ? 'output' : 'input');
  if (refuse) io.stderr.write(`httpd-migrate: ${escapeControls(opts.httpd!)} -t rejects the migrated tree, so nothing was written (use --force to write anyway).\n`);
  let failedWrites = refuse ? 1 : 0;
  staleFindings(stale, removed, io.cwd, reports);
  const patches: string[] = [];
  const toDiff: { r: MigrateResult['files'][number]; report: FileReport & { diff?: string } }[] = [];
  const toWrite: { item: WriteItem; report: FileReport }[] = [];
  result.files.forEach((r, i) => {
    const report = reports[i]!;
    if (outsideTree(r, result, report, io.cwd)) return;
    if (!r.changed) return;
    if (mode === 'diff') {
      toDiff.push({ r, report });
    } else if (mode === 'write' && !refuse) {
      toWrite.push({ item: { path: r.file.path, original: Buffer.from(r.file.ast.text, 'latin1'), output: Buffer.from(r.output, 'latin1') }, report });
    }
  });
  // The files that can affect one another are written together or not at all, and not while one of them could not be
  // read: the patch leaves out what write would not write, so that applying it gives what write writes.
  const groups = toWrite.length || toDiff.length ? writeGroups(result, io.cwd, mode === 'diff') : null;
  const unwritable = (path: string) => groups?.unreadable.get(groups.of.get(path) ?? -1);
  const leftOut = toDiff.filter((x) => unwritable(x.r.file.path) !== undefined);
  for (const d of leftOut) {
    const blocker = unwritable(d.r.file.path)!;
    toDiff.splice(toDiff.indexOf(d), 1);
    d.report.changed = false;
    d.report.failed = true;
    d.report.findings.unshift({
      path: d.report.path, line: 1, col: 1, endLine: 1, endCol: 1, severity: 'error', ruleId: 'io', fixable: false,
      message: blocker.own !== undefined && blocker.path === resolve(io.cwd, d.r.file.display)
        ? `not in the patch: ${blocker.own}; write would not write it either`
        : `not in the patch: ${displayPath(blocker.path, io.cwd)} ${blocker.why}, and files that affect one another are migrated together (their module lines and access rewrites were decided and proven as one), so write would not write this file either; fix that file, then run diff again`,
    });
  }
  // Debian's mods-enabled/ symlinks and new .load files (src/layout/): made only when every one lies inside the tree,
  // the layout being one change (a link to a .load file made elsewhere would point at nothing).
  const layoutOutside = result.layout.filter((c) => readForContext(result.project, existingParent(c.path)));
  const layoutChanges = layoutOutside.length ? [] : result.layout;
  if (layoutOutside.length) {
    const dirs = [...new Set(layoutOutside.map((c) => dirname(c.path)))];
    reports[0]?.findings.unshift({
      path: reports[0].path, line: 1, col: 1, endLine: 1, endCol: 1, severity: 'warning', ruleId: 'io', fixable: false,
      message: `the module layout (a2enmod/a2dismod) is not changed: ${dirs.map((d) => displayPath(d, io.cwd)).join(', ')} ${dirs.length === 1 ? 'is' : 'are'} outside the tree; add --root ${dirs.map((d) => displayPath(d, io.cwd)).join(' --root ')} to change ${dirs.length === 1 ? 'it' : 'them'}`,
    });
  }
  // Patch paths relative to the working directory, or to the directory holding every changed file (layout changes too).
  // Write makes no layout change while a file of the tree is not written (below): nor does the patch.
  const diffLayout = mode === 'diff' && leftOut.length === 0 ? layoutChanges : [];
  const names = patchNames([...toDiff.map((d) => patchPath(d.r.file.path, result.project, io.cwd)), ...diffLayout.map((c) => c.path)], io.cwd);
  toDiff.forEach(({ r, report }, i) => {
    const patch = unifiedDiff(names.names[i]!, r.file.ast.text, r.output);
    patches.push(patch);
    report.diff = patch;
  });
  const layoutDiffs = diffLayout.map((c, i) => layoutPatch(c, names.names[toDiff.length + i]!));
  patches.push(...layoutDiffs);
  if (patches.length && names.base !== io.cwd) {
    io.stderr.write(`httpd-migrate: the patch's paths are relative to ${escapeControls(names.base)}; apply it there: cd ${escapeControls(shellQuote(names.base))} && git apply (or patch -p1)\n`);
  }
  const writable = toWrite.filter((w) => unwritable(w.item.path) === undefined);
  const written = writeTree(writable.map((w) => w.item), {
    backupSuffix: opts.backup, includes: result.project.includes, boundary: result.project.boundary, groups: writable.map((w) => groups!.of.get(w.item.path)!),
  });
  let next = 0;
  const outcomes = toWrite.map((w): WriteOutcome => {
    const blocker = unwritable(w.item.path);
    return blocker === undefined ? written[next++]! : { path: w.item.path, error: `${blocker.path} ${blocker.why}`, blockedBy: blocker };
  });
  outcomes.forEach((o, i) => {
    const report = toWrite[i]!.report;
    if (o.error !== undefined) {
      // A file that was not written is counted as failed, not changed.
      failedWrites++;
      report.failed = true;
      report.changed = false;
      const message = o.blockedBy === undefined ? `cannot write: ${o.error}`
        : `not written: ${displayPath(o.blockedBy.path, io.cwd)} ${o.blockedBy.why}, and files that affect one another are migrated together (their module lines and access rewrites were decided and proven as one); fix that file, then run write again`;
      report.findings.unshift({ path: report.path, line: 1, col: 1, endLine: 1, endCol: 1, severity: 'error', message, ruleId: 'io', fixable: false });
    } else if (o.backup && o.backupMoved) {
      report.findings.unshift({
        path: report.path, line: 1, col: 1, endLine: 1, endCol: 1, severity: 'info', ruleId: 'io', fixable: false,
        message: `the original is kept as ${displayPath(o.backup, io.cwd)}, not beside the file, where an Include of the tree would read it`,
      });
    }
  });
  // The layout changes: made on disk by write (the patches above, for diff).
  const layoutMade: LayoutChange[] = [];
  const display = (path: string) => (relative(io.cwd, path).startsWith('..') ? path : relative(io.cwd, path));
  // The layout was decided on the tree as migrated: not made when a file of it was left as it is.
  if (mode === 'write' && !refuse && layoutChanges.length && outcomes.some((o) => o.error !== undefined)) {
    failedWrites++;
    reports[0]?.findings.unshift({
      path: reports[0].path, line: 1, col: 1, endLine: 1, endCol: 1, severity: 'error', ruleId: 'io', fixable: false,
      message: 'the module layout (a2enmod/a2dismod) was not changed: it was decided on the tree as migrated, and files of the tree could not be written (see their errors); fix them, then run write again',
    });
  } else if (mode === 'write' && !refuse) {
    for (const change of [...layoutChanges].sort((a, b) => (a.kind === 'create' ? 0 : 1) - (b.kind === 'create' ? 0 : 1))) {
      try {
        applyLayoutChange(change);
        layoutMade.push(change);
      } catch (e) {
        failedWrites++;
        reports[0]?.findings.unshift({ path: display(change.path), line: 1, col: 1, endLine: 1, endCol: 1, severity: 'error', message: `cannot write: ${(e as Error).message}`, ruleId: 'io', fixable: false });
      }
    }
  }
  // Files that ignore patterns exclude but the tree includes were read for context only.
  const isShown = (i: number) => !(i < result.files.length && inputs.resolver.ignored(result.files[i]!.file.path));
  const shown = reports.filter((_, i) => isShown(i));
  let hidden = 0;
  if (opts.quiet) {
    for (const r of shown) {
      const errors = r.findings.filter((f) => f.severity === 'error');
      hidden += r.findings.length - errors.length;
      r.findings = errors;
    }
  }
  const tooMany = tooManyWarnings(mode, shown, opts.maxWarnings);
  const code = exitCode(mode, shown, failedWrites, opts.maxWarnings);
  if (tooMany) io.stderr.write(`httpd-migrate: too many warnings (${tooMany}; maximum: ${opts.maxWarnings}).\n`);
  // The machine formats and the page are written as they are made, in chunks (report/sink.ts).
  const toStdout = (chunk: string) => { io.stdout.write(chunk); };
  if (opts.format === 'json') {
    // The module layout changes check would make, the patches diff printed for them, or those write made.
    const listed = mode === 'check' ? layoutChanges : mode === 'diff' ? diffLayout : layoutMade;
    const changes = listed.map((c, i) => ({
      kind: c.kind, path: display(c.path), ...(c.kind === 'create' ? {} : { target: c.target }), ...(mode === 'diff' ? { diff: layoutDiffs[i]! } : {}),
    }));
    writeInChunks(toStdout, (out) => jsonReport(out, mode, shown, code, changes));
    return code;
  }
  if (opts.format === 'sarif' || opts.format === 'github') {
    // write has fixed what is fixable in the files it wrote: only what is left is reported.
    const left = mode === 'write' ? shown.map((r) => ({ ...r, findings: r.findings.filter((f) => !f.fixable || r.failed) })) : shown;
    // The text each report's positions point into, as collectFindings chose it above.
    const texts = new Map(result.files.map((r, i) => [reports[i]!.path, mode === 'write' && !refuse ? r.output : r.file.ast.text]));
    writeInChunks(toStdout, (out) => (opts.format === 'sarif'
      ? sarifReport(out, left, { cwd: io.cwd, rules: allRules, textOf: (path) => texts.get(path) })
      : githubReport(out, left)));
    return code;
  }
  if (opts.format === 'html') {
    const proofs = rules.some((r) => r.meta.access) ? accessProofs(result) : [];
    // The reports stylish shows, those with no file of their own (a pattern that matches nothing) included.
    const files = reports.flatMap((report, i) => (isShown(i) ? [{ report, before: result.files[i]?.file.ast.text ?? '', after: result.files[i]?.output ?? '' }] : []));
    writeInChunks(toStdout, (out) => htmlReport(out, { mode: refuse ? 'check' : mode, files, proofs, args: treeArgs(opts) }));
    return code;
  }
  // The findings go where the patch does not: stderr for diff.
  const human = mode === 'diff' ? io.stderr : io.stdout;
  const layout = { color: colorLevel(human, io.env, opts.color), width: outputWidth(human), args: treeArgs(opts), stdin: opts.paths.includes('-'), hidden };
  if (mode === 'diff') {
    const patch = patches.join('');
    io.stdout.write(Buffer.from(colorLevel(io.stdout, io.env, opts.color) ? colorDiff(patch) : patch, 'latin1'));
  }
  for (const part of stylish(shown, { ...layout, mode: refuse ? 'check' : mode })) human.write(part);
  return code;
}

/** Whether `cmd` names an executable file: a path (against the working directory), or a name found on PATH. */
function runnable(cmd: string, io: Io): boolean {
  const candidates = cmd.includes('/') ? [resolve(io.cwd, cmd)] : (io.env.PATH ?? '').split(':').filter(Boolean).map((d) => resolve(io.cwd, d, cmd));
  return candidates.some((p) => {
    try {
      accessSync(p, constants.X_OK);
      return statSync(p).isFile();
    } catch {
      return false;
    }
  });
}

/**
 * A file outside the tree (ServerRoot, named paths, --root) is read for context only (the migration
 * changes nothing in it): when it has findings, they come with the line that includes it and the
 * option that brings it in.
 */
function outsideTree(r: MigrateResult['files'][number], result: MigrateResult, report: FileReport, cwd: string): boolean {
  const boundary = result.project.boundary;
  if (!boundary || !readForContext(result.project, r.file.path)) return false;
  if (!report.findings.length) return true;
  const site = result.project.includes.find((s) => s.files.includes(r.file.path));
  const from = site && result.project.byPath.get(site.from);
  const by = site && from ? `, included by ${from.display}:${new LineCounter(from.ast.text).position(site.directive.contentStart).line} (${site.directive.name} ${site.pattern})` : '';
  report.changed = false;
  report.findings.unshift({
    path: report.path, line: 1, col: 1, endLine: 1, endCol: 1, severity: 'warning', ruleId: 'io', fixable: false,
    message: `outside the tree (${boundary.map((b) => displayPath(b, cwd)).join(', ')})${by}: read for context, not changed; add --root ${displayPath(dirname(realOf(result.project)(r.file.path)), cwd)} to migrate it`,
  });
  return true;
}

/**
 * The path a patch names a file by. git apply will not patch through a symbolic link (Debian's
 * mods-enabled/alias.conf → ../mods-available/alias.conf, a .htaccess below a symlinked directory),
 * so a file reached through one is named by where it really is: below the working directory as seen
 * from it, else by its real path (the patch's base then moves up, and stderr says where to apply it).
 * A path the user named stays as named. Found by a helper's sweep: run from a subdirectory, the patch
 * named mods-enabled/status.conf, and git apply refused it ("patch does not apply").
 */
function patchPath(path: string, project: Project, cwd: string): string {
  if (project.entries.includes(path)) return path;
  const realOfPath = realOf(project);
  const target = realOfPath(path);
  if (target === path) return path;
  const base = realOfPath(cwd);
  return target.startsWith(base === '/' ? '/' : `${base}/`) ? resolve(cwd, relative(base, target)) : target;
}

/** The project's memo of real paths, or realpath itself for a project put together by hand. */
function realOf(project: Project): (path: string) => string {
  return project.realPath ?? real;
}

/**
 * Where write may have put temp files: the directories of the tree's files and their parents inside
 * the tree. Not those of files read for context only: write puts nothing outside the tree, so a
 * name there that looks like one of its temp files is somebody else's.
 */
function tempPlaces(project: Project): string[] {
  const dirs = new Set<string>();
  const real = realOf(project);
  for (const f of project.files) {
    if (project.boundary && !insideTree(dirname(real(f.path)), project.boundary, (p) => p)) continue;
    for (let d = dirname(real(f.path)); !dirs.has(d); d = dirname(d)) {
      dirs.add(d);
      if (!project.boundary || !insideTree(dirname(d), project.boundary) || d === dirname(d)) break;
    }
  }
  return [...dirs];
}

/**
 * The group number of each file (files that can affect one another share one: src/project/components.ts),
 * and the groups holding a file that could not be read, with that file: their changes were decided
 * without its lines (a crashed rule's file likewise, its changes assumed in the others').
 */
function writeGroups(result: MigrateResult, cwd: string, linked: boolean): { of: Map<string, number>; unreadable: Map<number, { path: string; why: string; own?: string }> } {
  const of = new Map<string, number>();
  result.groups.forEach((group, n) => { for (const path of group) of.set(path, n); });
  const unreadable = new Map<number, { path: string; why: string; own?: string }>();
  for (const r of result.files) {
    const n = of.get(r.file.path);
    if (n === undefined || unreadable.has(n)) continue;
    // Named as users see it (a name that is not valid UTF-8 has its bytes written out), as an absolute path.
    const path = resolve(cwd, r.file.display);
    if (r.file.readError !== undefined) unreadable.set(n, { path, why: 'could not be read' });
    else if (r.remaining.some((p) => p.crash)) unreadable.set(n, { path, why: 'was left as it is (a rule crashed on it)' });
  }
  // `linked` (diff): a changed file that write would refuse to replace (writeTree) keeps its group out of the patch too.
  for (const r of linked ? result.files : []) {
    const n = of.get(r.file.path);
    if (n === undefined || unreadable.has(n) || !r.changed) continue;
    const links = statSync(r.file.path, { throwIfNoEntry: false })?.nlink ?? 1;
    if (links > 1) unreadable.set(n, { path: resolve(cwd, r.file.display), why: `has ${links} hard links, which write does not replace`, own: hardLinksReason(links) });
  }
  return { of, unreadable };
}

/** Temp files of an interrupted write: removed by write, reported by check and diff. */
function staleFindings(stale: string[], removed: string[], cwd: string, reports: FileReport[]): void {
  for (const path of stale) {
    const shown = displayPath(path, cwd);
    const gone = removed.includes(path);
    const message = gone
      ? `removed ${shown}, a temp file an interrupted httpd-migrate write left behind`
      : `${shown} is a temp file an interrupted httpd-migrate write left behind; an Include may read it as configuration. 'httpd-migrate write' removes it`;
    const finding = { path: shown, line: 1, col: 1, endLine: 1, endCol: 1, severity: gone ? 'info' as const : 'warning' as const, message, ruleId: 'io', fixable: false };
    const own = reports.find((r) => r.path === shown);
    if (own) own.findings.unshift(finding);
    else reports.push({ path: shown, changed: false, failed: false, findings: [finding] });
  }
}

/** The httpd binary's syntax check (`-t`) of the migrated tree. */
async function httpdAccepts(httpd: string, result: MigrateResult): Promise<HttpdCheck> {
  const files: CheckFile[] = result.files.filter((r) => r.file.readError === undefined)
    .map((r) => ({ path: r.file.path, display: r.file.display, output: r.output, kind: r.file.kind, ast: r.outputAst }));
  files.push(...layoutFiles(result.layout, files));
  return checkWithHttpd(httpd, files, { serverRoot: result.project.serverRoot, main: result.project.entries[0] ?? null });
}

/** The tree's files as the layout changes leave them: removed links gone, new links as their targets' text. */
function layoutFiles(layout: MigrateResult['layout'], files: CheckFile[]): CheckFile[] {
  const gone = new Set(layout.filter((c) => c.kind === 'unlink').map((c) => c.path));
  for (let i = files.length - 1; i >= 0; i--) if (gone.has(files[i]!.path)) files.splice(i, 1);
  const textOf = (path: string) => {
    const made = layout.find((c) => c.kind === 'create' && c.path === path);
    if (made?.kind === 'create') return made.text;
    try { return readFileSync(path, 'latin1'); } catch { return null; }
  };
  return layout.flatMap((c) => {
    if (c.kind !== 'link') return [];
    const text = textOf(resolve(dirname(c.path), c.target));
    return text === null ? [] : [{ path: c.path, display: c.path, output: text, kind: 'conf' as const }];
  });
}

/**
 * Adds the httpd binary's own errors as findings (rule id `httpd`). httpd read the migrated text;
 * unless that text is what is now on disk (`write`), a line is taken back to the file as read.
 */
function addHttpdFindings(httpd: string, result: MigrateResult, reports: FileReport[], check: HttpdCheck, positions: 'input' | 'output'): void {
  const mainDisplay = result.files[0]?.file.display ?? '';
  const add = (e: HttpdMessage, severity: 'error' | 'warning') => {
    const path = e.display || mainDisplay;
    const report = reports.find((r) => r.path === path) ?? reports[0];
    const file = result.files.find((r) => r.file.display === path);
    const line = e.line && file && positions === 'input' ? lineAsRead(file, e.line) : e.line || 1;
    // The line httpd names in its text is the migrated copy's too: say the same line as the finding.
    const message = e.line && line !== e.line
      ? e.message.split(`line ${e.line} of ${path}`).join(`line ${line} of ${path}`).split(`${path}:${e.line}`).join(`${path}:${line}`)
      : e.message;
    report?.findings.push({ path, line, col: 1, endLine: line, endCol: 1, severity, message: `${message} (${httpd} -t${check.user ? ` as ${check.user}` : ''})`, ruleId: HTTPD_RULE_ID, fixable: false });
  };
  for (const e of check.errors) add(e, e.environment ? 'warning' : 'error');
  for (const w of check.warnings) add(w, 'warning');
}

/** A line of a file's migrated text as the line of the file as read (a written line: where it goes). */
function lineAsRead(file: MigrateResult['files'][number], line: number): number {
  return file.changed ? file.positions.inputLine(line) : line;
}

/** --prune-legacy takes the suggestions of no-legacy-access-branch, which removes branches dead under 2.4. */
function withPruneLegacy(opts: MigrateCommandOptions): boolean | string[] | undefined {
  if (!opts.pruneLegacy || opts.suggestions === true) return opts.suggestions;
  return [...(opts.suggestions || []), 'no-legacy-access-branch'];
}

function selectRules(opts: MigrateCommandOptions): readonly Rule[] {
  const known = new Set(allRules.map((r) => r.meta.id));
  const suggested = Array.isArray(opts.suggestions) ? opts.suggestions : [];
  const unknown = [...(opts.only ?? []), ...(opts.disable ?? []), ...suggested].filter((id) => !known.has(id));
  if (unknown.length) throw new UsageError(`unknown rule id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (httpd-migrate rules lists them)`);
  let rules = allRules;
  if (opts.only?.length) rules = rules.filter((r) => opts.only!.includes(r.meta.id));
  if (opts.disable?.length) rules = rules.filter((r) => !opts.disable!.includes(r.meta.id));
  return rules;
}

/** The findings that stand after the run: for write, those it did not fix. */
function leftAfter(mode: Mode, reports: FileReport[]) {
  return reports.flatMap((r) => r.findings).filter((f) => blocking(f) && !(mode === 'write' && f.fixable));
}

/** The number of warnings left when --max-warnings is given and they are more than it allows, else 0. */
function tooManyWarnings(mode: Mode, reports: FileReport[], maxWarnings: number | undefined): number {
  if (maxWarnings === undefined || maxWarnings < 0) return 0;
  const warnings = leftAfter(mode, reports).filter((f) => f.severity === 'warning').length;
  return warnings > maxWarnings ? warnings : 0;
}

/**
 * 2: something could not be read, parsed or written. 1: changes pending, or errors left, or warnings
 * left (more than --max-warnings, when given). 0: clean.
 */
function exitCode(mode: Mode, reports: FileReport[], failedWrites: number, maxWarnings?: number): number {
  if (failedWrites > 0 || reports.some((r) => r.failed)) return EXIT.ERROR;
  const pendingChanges = mode !== 'write' && reports.some((r) => r.changed);
  const left = leftAfter(mode, reports);
  const findingsLeft = left.some((f) => f.severity === 'error')
    || (maxWarnings === undefined ? left.length > 0 : tooManyWarnings(mode, reports, maxWarnings) > 0);
  return pendingChanges || findingsLeft ? EXIT.PENDING : EXIT.CLEAN;
}
