/**
 * `--httpd PATH`: checks a migrated tree with the user's own httpd 2.4 before anything is written.
 * The tree is laid out in a scratch directory (see stage.ts), `httpd -t -f <copy> -d <copy root>`
 * runs on it, and what httpd says is mapped back to the original files and lines (see errors.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readHttpdOutput, type HttpdMessage } from './startup-messages.js';
import { httpdModulesDir, SCRATCH_DIR } from './find-httpd.js';
import { stage, WRAPPER_DISPLAY, type CheckFile, type CheckProject } from './stage.js';
import { blankOut } from './blank-out.js';
import { checkUser, handOver, type RunAs } from './run-as.js';

/** At most this many `httpd -t` runs per check (each finds one more error). */
export const MAX_ROUNDS = 20;

export type { CheckFile } from './stage.js';
export type { HttpdMessage } from './startup-messages.js';

export interface HttpdCheckResult {
  /** httpd said `Syntax OK` (exit 0). */
  ok: boolean;
  /**
   * The errors, mapped to the original file and line: the one httpd stopped on, then each further
   * one found by taking that line out of the copy and checking again (up to MAX_ROUNDS runs).
   */
  errors: HttpdMessage[];
  /** Warnings printed on the way (AH00117 DefaultType, AH00548 NameVirtualHost…), mapped likewise. */
  warnings: HttpdMessage[];
  /** httpd's stdout and stderr as printed, with the copy's paths. */
  raw: string;
  /** The command that ran. */
  command: string[];
  /** The user it ran as when that is not this process's own (root runs it as `nobody`, see run-as.ts). */
  user: string | null;
}

export interface CheckOptions {
  /** The ServerRoot relative paths resolve against (Project.serverRoot); default: the main file's directory. */
  serverRoot?: string | null;
  /** The main configuration file (an entry of the project); default: the first non-.htaccess file. */
  main?: string | null;
  /** The httpd's modules directory (default: $HTTPD_MODULES_DIR, `<prefix>/modules`, or the distribution's). */
  modulesDir?: string;
  /** Give up after this many milliseconds (default 60 s). */
  timeout?: number;
  /** Run httpd as this user (null: as this process); default: `nobody` when this process is root (run-as.ts). */
  user?: RunAs | null;
}

/**
 * Runs `httpdPath -t` on the migrated `files` and maps its errors back to them. Never throws for
 * a bad configuration; rejects only when the binary cannot be run at all. The scratch copy is
 * removed afterwards.
 */
export async function checkWithHttpd(httpdPath: string, files: readonly CheckFile[], options: CheckOptions = {}): Promise<HttpdCheckResult> {
  const dir = mkdtempSync(join(SCRATCH_DIR, 'httpd-migrate-check-'));
  try {
    const user = options.user === undefined ? checkUser() : options.user;
    const project: CheckProject = {
      serverRoot: options.serverRoot ?? null, main: options.main ?? null, modulesDir: options.modulesDir ?? httpdModulesDir(httpdPath), standIns: user !== null,
    };
    const staged = stage(dir, files, project);
    if (user) handOver(dir, user);
    const args = ['-t', '-f', staged.conf, '-d', staged.root];
    const as = user ? { uid: user.uid, gid: user.gid } : {};
    const runOnce = () => new Promise<{ stdout: string; stderr: string; exit: number }>((resolve, reject) => {
      execFile(httpdPath, args, { encoding: 'latin1', timeout: options.timeout ?? 60_000, maxBuffer: 16 << 20, ...as }, (err, stdout, stderr) => {
        if (err && typeof err.code !== 'number') reject(new Error(`cannot run ${httpdPath}: ${err.message}`));
        else resolve({ stdout, stderr, exit: err ? (err.code as number) : 0 });
      });
    });
    const run = await runOnce();
    const { errors, warnings } = readHttpdOutput(run.stderr, run.exit, staged.display);
    // httpd stops at its first error: take that line out of the copy and ask again, so one run
    // tells the user every error it can.
    const copyOf = new Map([...staged.display].map(([copy, shown]) => [shown, copy]));
    let last = errors[0];
    for (let round = 1; last && round < MAX_ROUNDS; round++) {
      const copy = copyOf.get(last.display);
      if (!copy || last.display === WRAPPER_DISPLAY || last.line === 0 || !blankOut(copy, last.line)) break;
      const again = await runOnce();
      if (again.exit === 0) break;
      const next = readHttpdOutput(again.stderr, again.exit, staged.display).errors[0];
      if (!next || errors.some((e) => e.display === next.display && e.line === next.line && e.message === next.message)) break;
      errors.push(next);
      last = next;
    }
    return { ok: run.exit === 0, errors, warnings, raw: run.stdout + run.stderr, command: [httpdPath, ...args], user: user?.name ?? null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
