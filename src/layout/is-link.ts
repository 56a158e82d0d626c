import { lstatSync } from 'node:fs';

/** True when `path` is a symbolic link (whatever it points at, even nothing). */
export function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
