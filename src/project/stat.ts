/**
 * stat without exceptions. A tree of 20,000 `.htaccess` directories asks for about 40,000 names that are
 * not there (configuration files, other AccessFileName names): a thrown ENOENT costs several times the
 * stat itself, so a missing name is an undefined result, and any other failure is caught as before.
 */
import { type Stats, statSync } from 'node:fs';

/** The file's stat, following links, or null when it cannot be had. */
export function statOrNull(path: string): Stats | null {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/** True when `path` is a regular file (following links). */
export function isFile(path: string): boolean {
  return statOrNull(path)?.isFile() ?? false;
}

/** True when `path` is a directory (following links: a symlink to one counts). */
export function isDirectory(path: string): boolean {
  return statOrNull(path)?.isDirectory() ?? false;
}
