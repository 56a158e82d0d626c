/** The seams between the CLI and the process: streams, environment, working directory. Tests pass their own. */
import { fstatSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { collectorForTree } from './collector.js';

export interface Stream {
  write(chunk: string | Uint8Array): unknown;
  isTTY?: boolean;
  /** The terminal's width, when the stream is a terminal. */
  columns?: number;
}

export interface Io {
  stdout: Stream;
  stderr: Stream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Standard input, read only for the path `-`. */
  stdin?: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
  /** Told how many bytes of configuration the tree holds once it is read (the process: collector.ts). */
  treeRead?: (bytes: number) => void;
}

export function processIo(): Io {
  return {
    stdout: outputStream(1), stderr: outputStream(2), env: process.env, cwd: process.cwd(),
    // A getter: touching process.stdin loads Node's stream and readline code (tens of ms at start-up),
    // which only the path `-` needs.
    get stdin() { return process.stdin; },
    treeRead: collectorForTree,
  };
}

/**
 * Standard output or error. A terminal gets Node's stream, which knows the terminal's width and
 * writes to it synchronously. A pipe, a file or another device (/dev/null, /dev/full) gets each chunk
 * written whole with writeSync before write returns: Node's stream for a pipe loads its net and
 * stream modules (~8 ms of a one-file check's CPU) and may still hold output when the run ends.
 * A reader that has gone (`httpd-migrate diff … | head`) ends the run quietly with the status of a
 * process killed by SIGPIPE (128 + 13), as other Unix tools do, not with a stack trace.
 */
function outputStream(fd: 1 | 2): Stream {
  let terminal = true;
  try {
    // node:tty loads net: asked only of a character device, which a pipe or a file is not.
    terminal = fstatSync(fd).isCharacterDevice() && (createRequire(import.meta.url)('node:tty') as typeof import('node:tty')).isatty(fd);
  } catch { /* closed: Node's stream deals with it as it always has */ }
  if (!terminal) return { write: (chunk) => writeWhole(fd, chunk) };
  const stream = fd === 1 ? process.stdout : process.stderr;
  stream.on('error', (e: NodeJS.ErrnoException) => outputFailed(fd, e));
  return stream;
}

/**
 * Output that cannot be written ends the run: a reader that has gone with SIGPIPE's status, any
 * other failure (a full disk, /dev/full, an I/O error) with one line on standard error and status 2,
 * not a stack trace, and not the status of a run that wrote its findings.
 */
function outputFailed(fd: number, e: NodeJS.ErrnoException): never {
  if (e.code === 'EPIPE') process.exit(141);
  try {
    writeSync(2, `httpd-migrate: cannot write ${fd === 1 ? 'the output' : 'to standard error'}: ${e.message}\n`);
  } catch { /* standard error failed too: the status says it */ }
  process.exit(2);
}

function writeWhole(fd: number, chunk: string | Uint8Array): void {
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  for (let done = 0; done < bytes.length;) {
    try {
      done += writeSync(fd, bytes, done, bytes.length - done);
    } catch (e) {
      // A pipe left non-blocking by another program, and full: give its reader a millisecond.
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') outputFailed(fd, e as NodeJS.ErrnoException);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}

/** All of standard input as bytes (empty when there is none). */
export async function readAllStdin(io: Io): Promise<Buffer> {
  const chunks: Buffer[] = [];
  if (io.stdin) for await (const c of io.stdin) chunks.push(typeof c === 'string' ? Buffer.from(c, 'latin1') : Buffer.from(c));
  return Buffer.concat(chunks);
}

/**
 * Colour policy: `--color`/`--no-color` win, then FORCE_COLOR, then NO_COLOR, then a terminal
 * that cannot show colour (TERM=dumb), then whether the stream is a terminal.
 */
export function colorLevel(stream: Stream, env: NodeJS.ProcessEnv, flag?: boolean): 0 | 1 {
  if (flag !== undefined) return flag ? 1 : 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force === '0' || force === 'false' ? 0 : 1;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  if (env.TERM === 'dumb') return 0;
  return stream.isTTY ? 1 : 0;
}

/** The width to wrap human output to: the terminal's (80 when it does not say), none for a pipe or file. */
export function outputWidth(stream: Stream): number | undefined {
  if (!stream.isTTY) return undefined;
  return stream.columns && stream.columns > 0 ? stream.columns : 80;
}
