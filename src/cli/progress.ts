/** A progress line on stderr for long runs, on a terminal only. */
import type { Io } from './io.js';

/** Trees smaller than this finish before a progress line would help. */
export const PROGRESS_MIN_FILES = 200;

export function progress(io: Io, total: number): { update: (done: number, total: number) => void; done: () => void } {
  const on = Boolean(io.stderr.isTTY) && total > PROGRESS_MIN_FILES && !io.env.CI;
  let last = 0;
  return {
    update(done, all) {
      if (!on) return;
      const now = Date.now();
      if (now - last < 100 && done !== all) return;
      last = now;
      io.stderr.write(`\rhttpd-migrate: ${done}/${all} files`);
    },
    done() {
      if (on) io.stderr.write('\r\x1b[K');
    },
  };
}
