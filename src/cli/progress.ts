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

/**
 * A progress line while the tree is read and searched for .htaccess files, before the number of
 * files is known: `httpd-migrate: files read: 1200`. Terminal only, at most ten updates a second.
 */
export function activity(io: Io, clock: () => number = Date.now): { update: (what: string, count: number) => void; done: () => void } {
  const on = Boolean(io.stderr.isTTY) && !io.env.CI;
  const started = clock();
  let last = 0;
  let shown = false;
  return {
    update(what, count) {
      const now = clock();
      // Quick runs show nothing; after half a second, the count.
      if (!on || now - started < 500 || now - last < 100) return;
      last = now;
      shown = true;
      io.stderr.write(`\rhttpd-migrate: ${what}: ${count}\x1b[K`);
    },
    done() {
      if (shown) io.stderr.write('\r\x1b[K');
    },
  };
}
