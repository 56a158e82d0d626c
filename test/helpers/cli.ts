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

export async function runCli(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; tty?: boolean; stdin?: string | Buffer }): Promise<CliRun> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const sink = (into: Buffer[]) => ({
    // Strings go out as UTF-8, as process.stdout writes them; buffers as they are.
    write: (c: string | Uint8Array) => into.push(typeof c === 'string' ? Buffer.from(c, 'utf8') : Buffer.from(c)),
    isTTY: options.tty ?? false,
  });
  const stdin = options.stdin === undefined ? [] : [typeof options.stdin === 'string' ? Buffer.from(options.stdin, 'latin1') : options.stdin];
  const io: Io = { stdout: sink(out), stderr: sink(err), env: options.env ?? {}, cwd: options.cwd, stdin };
  const code = await main(args, io);
  const stdoutBytes = Buffer.concat(out);
  return { code, stdout: stdoutBytes.toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), stdoutBytes };
}
