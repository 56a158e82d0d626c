/** The errors main() maps to exit codes. Besides bin, only src/cli/io.ts calls process.exit (141, when the reader of the output has gone). */

/** Wrong flags or arguments: exit 2 before any I/O. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The message is already printed; stop with this code. */
export class ExitError extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

export const EXIT = {
  /** Nothing needs changing. */
  CLEAN: 0,
  /** Changes are pending or findings remain. */
  PENDING: 1,
  /** Usage errors, unreadable or binary files, syntax errors, failed writes. */
  ERROR: 2,
} as const;
