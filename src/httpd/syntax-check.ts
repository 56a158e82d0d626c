/**
 * `--httpd PATH`: checks a migrated tree with the user's own httpd 2.4 before anything is written.
 * The tree is laid out in a scratch directory (see stage.ts), `httpd -t -f <copy> -d <copy root>`
 * runs on it, and what httpd says is mapped back to the original files and lines (see errors.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readHttpdOutput, type HttpdMessage } from './errors.js';
import { httpdModulesDir, SCRATCH_DIR } from './find-httpd.js';
import { stage, type CheckFile, type CheckProject } from './stage.js';

export type { CheckFile } from './stage.js';
export type { HttpdMessage } from './errors.js';

export interface HttpdCheckResult {
  /** httpd said `Syntax OK` (exit 0). */
  ok: boolean;
  /** The error httpd stopped on (at most one: httpd stops at the first), mapped to the original file and line. */
  errors: HttpdMessage[];
  /** Warnings printed on the way (AH00117 DefaultType, AH00548 NameVirtualHost…), mapped likewise. */
  warnings: HttpdMessage[];
  /** httpd's stdout and stderr as printed, with the copy's paths. */
  raw: string;
  /** The command that ran. */
  command: string[];
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
}

/**
 * Runs `httpdPath -t` on the migrated `files` and maps its errors back to them. Never throws for
 * a bad configuration; rejects only when the binary cannot be run at all. The scratch copy is
 * removed afterwards.
 */
export async function checkWithHttpd(httpdPath: string, files: readonly CheckFile[], options: CheckOptions = {}): Promise<HttpdCheckResult> {
  const dir = mkdtempSync(join(SCRATCH_DIR, 'httpd-migrate-check-'));
  try {
    const project: CheckProject = {
      serverRoot: options.serverRoot ?? null, main: options.main ?? null, modulesDir: options.modulesDir ?? httpdModulesDir(httpdPath),
    };
    const staged = stage(dir, files, project);
    const args = ['-t', '-f', staged.conf, '-d', staged.root];
    const run = await new Promise<{ stdout: string; stderr: string; exit: number }>((resolve, reject) => {
      execFile(httpdPath, args, { encoding: 'latin1', timeout: options.timeout ?? 60_000, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
        if (err && typeof err.code !== 'number') reject(new Error(`cannot run ${httpdPath}: ${err.message}`));
        else resolve({ stdout, stderr, exit: err ? (err.code as number) : 0 });
      });
    });
    const { errors, warnings } = readHttpdOutput(run.stderr, run.exit, staged.display);
    return { ok: run.exit === 0, errors, warnings, raw: run.stdout + run.stderr, command: [httpdPath, ...args] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
