/**
 * What one Include or IncludeOptional line pulls in, the way httpd 2.4 reads
 * it (config.c ap_process_fnmatch_configs, util.c ap_dir_fnmatch and
 * ap_dir_nofnmatch; semantics §1.8): wildcards in any path component, a
 * wildcard directory component matching real directories only (not symlinks),
 * `*` not matching a leading `.`, every level sorted by strcmp, and a
 * directory included whole and recursively, dotfiles and backups too.
 */
import { realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Severity } from '../ast/nodes.js';
import { fnmatch, hasWildcard, sortBytes } from './fnmatch.js';
import { pseudoFs } from './boundary.js';
import { serverRootRelative } from '../apache/paths.js';
import { listDirectory, type Listing } from './file-names.js';

/** httpd's AP_MAX_FNMATCH_DIR_DEPTH and AP_MAX_INCLUDE_DEPTH. */
export const MAX_INCLUDE_DEPTH = 128;

export type IncludeCode = 'INCLUDE_NOT_FOUND' | 'INCLUDE_NO_MATCH' | 'INCLUDE_DIR_NOT_FOUND' | 'INCLUDE_DIR_DEPTH' | 'INCLUDE_DIR_LOOP' | 'INCLUDE_PSEUDO_FS';

export interface IncludeProblem {
  code: IncludeCode;
  severity: Severity;
  message: string;
}

export interface Expansion {
  /** The files httpd would read, in its order. Directories never appear: their files do. */
  files: string[];
  /** Why httpd 2.4 would refuse to start on this line (never for what IncludeOptional tolerates). */
  diagnostics: IncludeProblem[];
  /**
   * Files (or directories of files) httpd reads here whose names are not valid UTF-8 (file-names.ts):
   * `path` as Node names them (it cannot open them), `shown` with their bytes written out.
   */
  undecodable: { path: string; shown: string }[];
}

const PREFIX = 'Include/IncludeOptional: ';

/**
 * An Include argument made absolute against the ServerRoot, as ap_server_root_relative does (`.` and `..`
 * folded). A trailing `/` stays: it makes the last component name a directory (`conf/sites/` + `*` + `/`
 * matches directories only, and `conf/f.conf/` for a file fails with "Not a directory").
 */
export function resolveIncludePattern(pattern: string, serverRoot: string): string {
  return keepTrailingSlash(pattern, serverRootRelative(pattern, serverRoot));
}

function keepTrailingSlash(given: string, resolved: string): string {
  return given.endsWith('/') && !resolved.endsWith('/') ? `${resolved}/` : resolved;
}

/**
 * httpd 2.2's refusal of an absolute Include pattern that 2.4 reads, or undefined: 2.2 allowed a wildcard
 * only in the last path component (config.c ap_process_resource_config; semantics §1.8).
 */
export function refusedBy22(pattern: string): string | undefined {
  const slash = pattern.lastIndexOf('/');
  return slash > 0 && hasWildcard(pattern.slice(0, slash)) ? `Wildcard patterns not allowed in Include ${pattern}` : undefined;
}

/**
 * The files an Include (optional=false) or IncludeOptional (optional=true)
 * of this absolute pattern reads. A relative pattern is taken against the
 * process's working directory; use resolveIncludePattern first.
 */
export function expandInclude(pattern: string, optional: boolean): Expansion {
  const out: Expansion = { files: [], diagnostics: [], undecodable: [] };
  const abs = keepTrailingSlash(pattern, resolve(pattern));
  if (pseudoFs(abs) && abs !== '/dev/null') {
    // /sys/kernel alone holds tens of thousands of entries, and some reads there block.
    out.diagnostics.push({ code: 'INCLUDE_PSEUDO_FS', severity: 'warning', message: `${abs} is in /proc, /sys or /dev, which hold no configuration files; it was not read` });
    return out;
  }
  if (!hasWildcard(abs)) includePath(abs, optional, [], out);
  // A trailing slash is an empty last component: what matches before it must be a directory, and the name ends in `/`.
  else matchComponents('/', abs.split('/').filter((p, i, all) => p !== '' || i === all.length - 1), optional, out);
  return out;
}

/** ap_dir_fnmatch: literal components are appended unchecked; the first wildcard one lists its directory. */
function matchComponents(dir: string, parts: string[], optional: boolean, out: Expansion): void {
  let path = dir;
  let i = 0;
  while (i < parts.length && !hasWildcard(parts[i]!)) {
    const part = parts[i++]!;
    path = part === '' ? `${path}/` : join(path, part);
  }
  if (i === parts.length) {
    includePath(path, optional, [], out);
    return;
  }
  const part = parts[i]!;
  const rest = parts.slice(i + 1);
  let listing: Listing;
  try {
    listing = listDirectory(path);
  } catch (e) {
    if (optional && errCode(e) === 'ENOENT') return;
    out.diagnostics.push(problem('INCLUDE_DIR_NOT_FOUND', `${PREFIX}Could not open directory ${path}: ${strerror(e)}`));
    return;
  }
  // A wildcard inside the path matches directories only; readdir's type of a symlink is "link", so links never match.
  const names = listing.entries.filter((e) => fnmatch(part, e.name) && (rest.length === 0 || e.entry.isDirectory())).map((e) => e.name);
  // A name that is not valid UTF-8 is matched as Node gives it (U+FFFD for each bad byte): `*` and `?` match it as they match the bytes.
  const unreadable = listing.undecodable.filter((e) => fnmatch(part, e.name) && (rest.length === 0 || e.entry.isDirectory()));
  for (const e of unreadable) out.undecodable.push({ path: join(path, e.name), shown: join(path, e.shown) });
  if (names.length === 0 && unreadable.length === 0) {
    if (!optional) out.diagnostics.push(problem('INCLUDE_NO_MATCH', `${PREFIX}No matches for the wildcard '${part}' in '${path}', failing`));
    return;
  }
  for (const name of sortBytes(names)) {
    if (rest.length > 0) matchComponents(join(path, name), rest, optional, out);
    else includePath(join(path, name), optional, [], out);
  }
}

/**
 * ap_dir_nofnmatch: a directory is read whole, recursively and sorted; anything else is a file to open.
 * `above`: the real paths of the directories being read around this one. A symlink back to one of them is a
 * loop httpd follows round until the system answers ELOOP (2^40 paths for two such links): it is reported and
 * not followed, so the files below are read once.
 */
function includePath(path: string, optional: boolean, above: readonly string[], out: Expansion): void {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch (e) {
    if (!optional) out.diagnostics.push(problem('INCLUDE_NOT_FOUND', `Could not open configuration file ${path}: ${strerror(e)}`));
    return;
  }
  if (!isDir) {
    out.files.push(path);
    return;
  }
  if (above.length + 1 > MAX_INCLUDE_DEPTH) {
    out.diagnostics.push(problem('INCLUDE_DIR_DEPTH', `${PREFIX}Directory ${path} exceeds the maximum include directory nesting level of ${MAX_INCLUDE_DEPTH}. You have probably a recursion somewhere.`));
    return;
  }
  let real = path;
  try { real = realpathSync(path); } catch { /* statSync above succeeded: keep the path */ }
  if (above.includes(real)) {
    // httpd gives up at the first "Too many levels of symbolic links" (IncludeOptional ignores it): one finding a line.
    if (!out.diagnostics.some((p) => p.code === 'INCLUDE_DIR_LOOP')) {
      out.diagnostics.push({ code: 'INCLUDE_DIR_LOOP', severity: optional ? 'warning' : 'error',
        message: `${path} leads back to ${real} through a symbolic link, and httpd follows the loop round, reading the files in it again on each turn, until the system answers "Too many levels of symbolic links"` });
    }
    return;
  }
  let listing: Listing;
  try {
    listing = listDirectory(path);
  } catch (e) {
    out.diagnostics.push(problem('INCLUDE_DIR_NOT_FOUND', `${PREFIX}Could not open directory ${path}: ${strerror(e)}`));
    return;
  }
  for (const e of listing.undecodable) out.undecodable.push({ path: join(path, e.name), shown: join(path, e.shown) });
  const inside = [...above, real];
  for (const name of sortBytes(listing.entries.map((e) => e.name))) includePath(join(path, name), optional, inside, out);
}

function problem(code: IncludeCode, message: string): IncludeProblem {
  return { code, severity: 'error', message };
}

function errCode(e: unknown): string {
  return (e as NodeJS.ErrnoException | undefined)?.code ?? '';
}

const STRERROR: Record<string, string> = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  ELOOP: 'Too many levels of symbolic links',
  ENAMETOOLONG: 'File name too long',
};

/** The C library's text for an fs error, as httpd prints it with %pm. */
export function strerror(e: unknown): string {
  return STRERROR[errCode(e)] ?? (e instanceof Error ? e.message : String(e));
}
