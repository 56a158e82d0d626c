/**
 * `httpd-migrate verify <old> <new>`: for users who migrated by hand. The old tree is read as
 * 2.2 and the new one as 2.4, every representative request is decided by both, and each request
 * whose outcome differs is a row. Exit 1 when any differs.
 */
import type { Io } from '../io.js';
import { EXIT } from '../errors.js';
import { loadProject } from '../../project/load.js';
import { verifyProjects } from '../../access/compare/index.js';
import { formatGroups, groupRows } from '../../report/verify-groups.js';
import { outputWidth } from '../io.js';
import { escapeControls } from '../../report/escape.js';

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
  const result = verifyProjects(before, after);
  const code = result.rows.length ? EXIT.PENDING : EXIT.CLEAN;
  if (opts.format === 'json') {
    io.stdout.write(JSON.stringify({ version: 1, command: 'verify', ...result, exitCode: code }, null, 2) + '\n');
    return code;
  }
  if (result.rows.length) io.stdout.write(formatGroups(result.rows, Math.min(outputWidth(io.stdout) ?? 100, 100)));
  for (const g of result.gaps) io.stderr.write(`note: ${escapeControls(g)}\n`);
  io.stdout.write(result.rows.length
    ? `\n✖ ${result.rows.length} of ${result.checked} representative requests (${plural(groupRows(result.rows).length, 'group')} above) get a different answer in the new tree.\n`
    : `✔ all ${result.checked} representative requests get the same answer in both trees.\n`);
  return code;
}
