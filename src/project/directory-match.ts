/**
 * The existing directories a wildcard or regex <Directory> section applies to, found the way
 * httpd matches them, so that the .htaccess files below them are read too. A wildcard path is
 * expanded one component at a time with apr_fnmatch (FNM_PATHNAME, no FNM_PERIOD: `*` matches a
 * leading dot, as in core.c's directory walk). A regex is walked from its literal absolute prefix
 * (`^/home/`), testing each directory with and without its trailing slash; a regex without one
 * (`<Directory ~ "\.git">`) cannot be enumerated and is reported instead.
 */
import { isDirectory } from './stat.js';
import { listDirectory, type Listing } from './file-names.js';
import { join } from 'node:path';
import { fnmatch, hasWildcard } from './fnmatch.js';
import { compilePcre } from '../apache/pcre.js';
import type { DirSection } from './overrides.js';

/** At most this many directories are looked at for one section, so a `/*` cannot walk the whole disk. */
export const MAX_DIRS_PER_SECTION = 20_000;

/** Never entered: kernel file systems. */
const SKIP: ReadonlySet<string> = new Set(['/proc', '/sys', '/dev']);

/**
 * The directories in `dir` (a symlink to one counts); `unopenable` gets the first one whose name is
 * not valid UTF-8 (file-names.ts) and that `wanted` takes (given the name as Node gives it), shown
 * with its bytes written out: nothing below it can be listed.
 */
function subdirs(dir: string, unopenable: { shown?: string }, wanted: (name: string) => boolean): string[] {
  let listing: Listing;
  try {
    listing = listDirectory(dir);
  } catch {
    return [];
  }
  for (const u of listing.undecodable) {
    if ((u.entry.isDirectory() || u.entry.isSymbolicLink()) && wanted(u.name)) unopenable.shown ??= join(dir, u.shown);
  }
  return listing.entries.map((e) => join(dir, e.name)).filter((p) => !SKIP.has(p) && isDirectory(p));
}

/** Why not every directory could be listed, for a directory whose name is not valid UTF-8. */
const undecodableDir = (shown: string) => `${shown} has a name that is not valid UTF-8, which httpd-migrate cannot open`;


/** The existing directories a wildcard path names (each component matched with apr_fnmatch). */
export function expandWildcardDir(path: string): MatchedDirs {
  let found = ['/'];
  let looked = 0;
  const unopenable: { shown?: string } = {};
  for (const part of path.split('/').filter((p) => p !== '')) {
    const next: string[] = [];
    for (const dir of found) {
      if (!hasWildcard(part)) {
        const p = join(dir, part.replace(/\\(.)/g, '$1'));
        if (isDirectory(p)) next.push(p);
        continue;
      }
      for (const sub of subdirs(dir, unopenable, (n) => fnmatch(part, n, { period: false }))) {
        if (++looked > MAX_DIRS_PER_SECTION) return { dirs: next, unlisted: `more than ${MAX_DIRS_PER_SECTION} directories match it` };
        if (fnmatch(part, sub.slice(sub.lastIndexOf('/') + 1), { period: false })) next.push(sub);
      }
    }
    found = next;
  }
  return unopenable.shown === undefined ? { dirs: found } : { dirs: found, unlisted: undecodableDir(unopenable.shown) };
}

/** The absolute directory every match of an anchored regex lies in (`^/home/[^/]+` → `/home`), or null. */
export function regexPrefix(regex: string): string | null {
  const m = /^\^(\/(?:[A-Za-z0-9_.,@%+=-]|\\\/|\/)*)/.exec(regex);
  if (!m) return null;
  let literal = m[1]!.replace(/\\\//g, '/');
  // A quantifier after the last literal character makes that character optional: drop it.
  if (/^[?*{]/.test(regex.slice(m[0].length))) literal = literal.slice(0, -1);
  const cut = literal.lastIndexOf('/');
  return cut <= 0 ? '/' : literal.slice(0, cut);
}

export interface MatchedDirs {
  dirs: string[];
  /** Why the directories could not all be listed, when they could not. */
  unlisted?: string;
}

/** The existing directories an anchored regex section matches (below its literal prefix). */
export function regexDirs(section: DirSection): MatchedDirs {
  const prefix = regexPrefix(section.path);
  if (prefix === null || prefix === '/') return { dirs: [], unlisted: 'it has no literal absolute prefix such as ^/srv/www/' };
  const compiled = compilePcre(section.path);
  if (!('regex' in compiled)) return { dirs: [], unlisted: 'the regex is not one this tool can evaluate' };
  const re = compiled.regex;
  const out: string[] = [];
  const queue = isDirectory(prefix) ? [prefix] : [];
  let looked = 0;
  const unopenable: { shown?: string } = {};
  while (queue.length > 0) {
    const dir = queue.shift()!;
    if (re.test(dir) || re.test(`${dir}/`)) out.push(dir);
    for (const sub of subdirs(dir, unopenable, () => true)) {
      if (++looked > MAX_DIRS_PER_SECTION) return { dirs: out, unlisted: `more than ${MAX_DIRS_PER_SECTION} directories lie below ${prefix}` };
      queue.push(sub);
    }
  }
  return unopenable.shown === undefined ? { dirs: out } : { dirs: out, unlisted: undecodableDir(unopenable.shown) };
}
