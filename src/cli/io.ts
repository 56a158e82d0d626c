/** The seams between the CLI and the process: streams, environment, working directory. Tests pass their own. */
export interface Stream {
  write(chunk: string | Uint8Array): unknown;
  isTTY?: boolean;
}

export interface Io {
  stdout: Stream;
  stderr: Stream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export function processIo(): Io {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

/** Colour policy: FORCE_COLOR wins, then NO_COLOR, then whether the stream is a terminal. */
export function colorLevel(stream: Stream, env: NodeJS.ProcessEnv): 0 | 1 {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force === '0' || force === 'false' ? 0 : 1;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  return stream.isTTY ? 1 : 0;
}
