/**
 * Names of the temp files `write` stages its output in, and the clean-up of those an interrupted
 * run left behind: `.<name>.httpd-migrate-<pid>-<n>.tmp`, a dotfile not ending in `.conf`, so
 * no wildcard Include reads it; a directory Include is kept away by where it is put.
 */
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

const TEMP = /^\..*\.httpd-migrate-(\d+)(?:-\d+)?\.tmp$/s;

/** The longest file name Linux file systems take, in bytes (NAME_MAX). */
const NAME_MAX = 255;

/** The temp name for the n-th file of this run; a long name is cut (at a character) so the whole stays within NAME_MAX. */
export function tempName(base: string, n: number): string {
  const tail = `.httpd-migrate-${process.pid}-${n}.tmp`;
  const room = NAME_MAX - 1 - tail.length;
  let head = base;
  while (Buffer.byteLength(head) > room) head = [...head].slice(0, -1).join('');
  return `.${head}${tail}`;
}

/** Temp files in these directories whose process is gone. */
export function staleTemps(dirs: Iterable<string>): string[] {
  const out: string[] = [];
  for (const dir of new Set(dirs)) {
    let names: string[];
    try { names = readdirSync(dir); } catch { continue; }
    for (const name of names) {
      const m = TEMP.exec(name);
      if (!m || alive(Number(m[1]))) continue;
      const path = join(dir, name);
      try { if (lstatSync(path).isFile()) out.push(path); } catch { /* gone meanwhile */ }
    }
  }
  return out.sort();
}

/** Removes them; gives those removed. */
export function removeStaleTemps(paths: readonly string[]): string[] {
  return paths.filter((p) => {
    try { unlinkSync(p); return true; } catch { return false; }
  });
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
