/** The seams between the CLI and the process: streams, environment, working directory. Tests pass their own. */
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
}

export function processIo(): Io {
  return {
    stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(),
    // A getter: touching process.stdin loads Node's stream and readline code (tens of ms at start-up),
    // which only the path `-` needs.
    get stdin() { return process.stdin; },
  };
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
