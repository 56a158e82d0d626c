/**
 * `httpd-migrate verify <old> <new>`: for users who migrated by hand. The old tree is read as
 * 2.2 and the new one as 2.4, every representative request is decided by both, and each request
 * whose outcome differs is a row. Exit 1 when any differs.
 */
import type { Io } from '../io.js';
import { EXIT } from '../errors.js';
import { loadProject } from '../../project/load.js';
import { verifyProjects, type VerifyResult } from '../../access/compare/index.js';
import { formatGroups, groupRows } from '../../report/verify-groups.js';
import { outputWidth } from '../io.js';
import { escapeControls, readableText } from '../../report/escape.js';
import { LineCounter } from '../../parse/line-counter.js';
import type { Project } from '../../project/project.js';
import type { ErrorAt } from '../../access/model/index.js';

export interface VerifyCommandOptions {
  old: string;
  new: string;
  oldServerRoot?: string;
  newServerRoot?: string;
  htaccess: boolean;
  format: 'stylish' | 'json';
}

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

export function runVerifyCommand(opts: VerifyCommandOptions, io: Io): number {
  const load = (entry: string, serverRoot: string | undefined, version: '2.2' | '2.4') =>
    loadProject([entry], { cwd: io.cwd, serverRoot, htaccess: opts.htaccess, version });
  const before = load(opts.old, opts.oldServerRoot, '2.2');
  const after = load(opts.new, opts.newServerRoot, '2.4');
  const unreadable = [...before.files, ...after.files].filter((f) => f.readError !== undefined);
  for (const f of unreadable) io.stderr.write(`${escapeControls(f.display)}:1:1  error  ${escapeControls(f.readError!)}\n`);
  if (unreadable.length) return EXIT.ERROR;
  // A tree httpd would not start on (a section left open, an Include of nothing): the comparison still runs, but
  // the run fails, as check does on the same errors.
  const { startErrors: accessErrors, ...result } = verifyProjects(before, after);
  const oldBroken = startErrors(before, '2.2', accessErrors.old);
  const newBroken = startErrors(after, '2.4', accessErrors.new);
  const broken = [...oldBroken, ...newBroken];
  for (const e of broken) io.stderr.write(`${escapeControls(e.at)}  error  ${escapeControls(e.message)}\n`);
  // Paths and words from the files, read one character per byte, as people read them (UTF-8 decoded where it is UTF-8).
  result.rows = result.rows.map((r) => ({ ...r, request: readableText(r.request), path: readableText(r.path), client: readableText(r.client), vhost: readableText(r.vhost) }));
  result.gaps = result.gaps.map(readableText);
  // Requests not decided are no all-clear: they are for the user to check.
  const code = broken.length ? EXIT.ERROR : result.rows.length || result.undecided ? EXIT.PENDING : EXIT.CLEAN;
  if (opts.format === 'json') {
    io.stdout.write(JSON.stringify({ version: 1, command: 'verify', ...result, errors: broken, exitCode: code }, null, 2) + '\n');
    return code;
  }
  if (result.rows.length) io.stdout.write(formatGroups(result.rows, Math.min(outputWidth(io.stdout) ?? 100, 100)));
  for (const g of result.gaps) io.stderr.write(`note: ${escapeControls(g)}\n`);
  io.stdout.write(summary(result, oldBroken.length > 0, newBroken.length > 0));
  return code;
}

/** The last line: the differences, or the same answers, said only of what was compared. */
function summary(result: Omit<VerifyResult, 'startErrors'>, oldBroken: boolean, newBroken: boolean): string {
  const notDecided = result.undecided ? `; the requests of ${plural(result.undecided, 'note')} above are not decided` : '';
  if (result.rows.length) {
    return `\n✖ ${result.rows.length} of ${result.checked} representative requests (${plural(groupRows(result.rows).length, 'group')} above) get a different answer in the new tree${notDecided}.\n`;
  }
  if (oldBroken || newBroken) {
    // Trees that do not start answer no request: an agreement between them says nothing.
    const which = oldBroken && newBroken ? 'either tree' : oldBroken ? 'the old tree' : 'the new tree';
    return `✖ the ${result.checked} representative requests compared get the same answer in both trees, but httpd would not start on ${which} (errors above), so that says nothing of how they will run; fix the errors, then run verify again.\n`;
  }
  if (result.undecided) {
    return `✖ the ${result.checked} representative requests this tool decides get the same answer in both trees, but the requests of ${plural(result.undecided, 'note')} above are not decided: check them by hand.\n`;
  }
  return `✔ all ${result.checked} representative requests get the same answer in both trees.\n`;
}

/**
 * The errors of a tree's files, Include lines and access lines that stop httpd from starting, as
 * `file:line:col` and message. An Include whose wildcard matches nothing stops only 2.4: 2.2
 * included nothing there.
 */
function startErrors(project: Project, version: '2.2' | '2.4', access: readonly ErrorAt[]): { at: string; message: string }[] {
  // One line index per file, however many errors it has.
  const counters = new Map<string, LineCounter>();
  const at = (path: string, offset: number) => {
    const f = project.byPath.get(path);
    let counter = counters.get(path);
    if (f && !counter) counters.set(path, (counter = new LineCounter(f.ast.text)));
    const { line, col } = counter ? counter.position(offset) : { line: 1, col: 1 };
    return `${f?.display ?? path}:${line}:${col}`;
  };
  return [
    ...project.files.flatMap((f) => f.ast.diagnostics.filter((d) => d.severity === 'error').map((d) => ({ at: at(f.path, d.start), message: readableText(d.message) }))),
    ...project.diagnostics.filter((d) => d.severity === 'error' && (version === '2.4' || d.code !== 'INCLUDE_NO_MATCH'))
      .map((d) => ({ at: at(d.path, d.start), message: readableText(d.message) })),
    ...access.map((e) => ({ at: at(e.path, e.start), message: readableText(e.message) })),
  ];
}
