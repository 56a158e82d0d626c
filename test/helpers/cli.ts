/** Runs the CLI in-process with captured streams. */
import { main } from '../../src/cli/main.js';
import type { Io } from '../../src/cli/io.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout as bytes, for patches (which are written as the files' own bytes). */
  stdoutBytes: Buffer;
}

export async function runCli(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; tty?: boolean; columns?: number; stdin?: string | Buffer }): Promise<CliRun> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const sink = (into: Buffer[]) => ({
    // Strings go out as UTF-8, as process.stdout writes them; buffers as they are.
    write: (c: string | Uint8Array) => into.push(typeof c === 'string' ? Buffer.from(c, 'utf8') : Buffer.from(c)),
    isTTY: options.tty ?? false,
    columns: options.columns,
  });
  const stdin = options.stdin === undefined ? [] : [typeof options.stdin === 'string' ? Buffer.from(options.stdin, 'latin1') : options.stdin];
  const io: Io = { stdout: sink(out), stderr: sink(err), env: options.env ?? {}, cwd: options.cwd, stdin };
  const code = await main(args, io);
  const stdoutBytes = Buffer.concat(out);
  return { code, stdout: stdoutBytes.toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), stdoutBytes };
}

/**
 * The findings of stylish output (uncoloured, not a terminal) as one line each,
 * `file:line:col  severity  headline  rule-id`, for tests that look for one finding.
 */
export function findingLines(stdout: string): string {
  const out: string[] = [];
  let file = '';
  for (const line of stdout.split('\n')) {
    const m = /^ {2}\s*(\d+):(\d+) {2}(error|warning|info) +(.*?) {2,}(\S+)$/.exec(line);
    if (m) out.push(`${file}:${m[1]}:${m[2]}  ${m[3]}  ${m[4]}  ${m[5]}`);
    else if (line && !line.startsWith(' ')) file = line;
  }
  return out.join('\n');
}

/**
 * Like findingLines, with each finding's remedy (the indented lines below it) joined onto its line:
 * `file:line:col  severity  headline  rule-id  | remedy`.
 */
export function findingsWithRemedy(stdout: string): string {
  const out: string[] = [];
  let file = '';
  for (const line of stdout.split('\n')) {
    const m = /^ {2}\s*(\d+):(\d+) {2}(error|warning|info) +(.*?) {2,}(\S+)$/.exec(line);
    if (m) out.push(`${file}:${m[1]}:${m[2]}  ${m[3]}  ${m[4]}  ${m[5]}  |`);
    else if (line.startsWith(' ') && out.length && line.trim()) out[out.length - 1] += ` ${line.trim()}`;
    else if (line && !line.startsWith(' ')) file = line;
  }
  return out.join('\n');
}
