/**
 * The tree's boundary: what `write` may change and where `.htaccess` discovery may walk. It is
 * the ServerRoot, the files and directories the user named, and any `--root DIR`; everything is
 * compared by real path, so a symlink out of the tree leads outside it. The pseudo-filesystems
 * /proc, /sys and /dev (but /dev/shm) are never walked, inside the boundary or not.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const PSEUDO_FS = ['/proc', '/sys', '/dev'];

/** The real path, or the path itself (resolved) when it cannot be resolved. */
export function real(path: string): string {
  try { return realpathSync(path); } catch { return resolve(path); }
}

/** Whether a path is the directory or lies below it. */
export function below(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir === '/' ? '/' : `${dir}/`);
}

/** Real paths of the boundary's roots, each once, leaving out those inside another. */
export function boundaryOf(paths: readonly string[]): string[] {
  const all = [...new Set(paths.map(real))];
  return all.filter((p) => !all.some((q) => q !== p && below(p, q)));
}

/** Whether a file lies inside the boundary, by its real path (`realOf`: a memo of realpath). */
export function insideTree(path: string, boundary: readonly string[], realOf: (path: string) => string = real): boolean {
  const p = realOf(path);
  return boundary.some((root) => below(p, root));
}

/**
 * The parts of a directory that .htaccess discovery may walk: the directory itself when it lies
 * inside the boundary, at the path httpd sees (a symlinked DocumentRoot under its own name, which is
 * what its <Directory> sections match), else the boundary's roots that lie below it; never a
 * pseudo-filesystem.
 */
export function walkableParts(dir: string, boundary: readonly string[]): string[] {
  const d = real(dir);
  if (insideTree(d, boundary)) return pseudoFs(d) ? [] : [dir];
  return boundary.filter((root) => below(root, d) && root !== d && !pseudoFs(root));
}

/** /proc, /sys and /dev hold no configuration; /dev/shm, a plain tmpfs, may. */
export function pseudoFs(path: string): boolean {
  return PSEUDO_FS.some((fs) => below(path, fs)) && !below(path, '/dev/shm');
}

/** The directory a new or removed entry lies in, or its nearest ancestor that exists: where it is, by real path, for insideTree. */
export function existingParent(path: string): string {
  let dir = dirname(path);
  while (!existsSync(dir) && dir !== dirname(dir)) dir = dirname(dir);
  return dir;
}
