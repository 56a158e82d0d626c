/** Finding files: what the command line names, and the .htaccess files a loaded tree points at. */
import { readdirSync } from 'node:fs';
import { isFile, statOrNull } from './stat.js';
import { strerror } from './include.js';
import { type CannotOpen, listDirectory, type Listing, REPLACEMENT, undecodableReason } from './file-names.js';
import { basename, dirname, join, parse as parsePath, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { sortBytes } from './fnmatch.js';
import { accessFileRead } from '../apache/access-file-name.js';
import { accessFileLists, hasLooseOpeners, overrideOpener, type TreeFacts } from './overrides.js';
import type { FileKind, ProjectDiagnostic } from './project.js';
import { kindOf } from './project.js';
import { expandWildcardDir, regexDirs } from './directory-match.js';
import { insideTree, pseudoFs, real, walkableParts } from './boundary.js';

/** A file to read as a starting point. */
export interface TopEntry {
  path: string;
  kind: FileKind;
  /** The ServerRoot when neither a ServerRoot line nor options.serverRoot gives one. */
  fallbackRoot: string;
  /** Why the file cannot be opened (a name that is not valid UTF-8: file-names.ts), and its name as shown. */
  cannotOpen?: CannotOpen;
}

const IGNORE = ['**/node_modules/**', '**/.git/**'];

/**
 * fast-glob, loaded on first use: a check of named files (the pre-commit case) never globs, and
 * loading it costs a fifth of start-up. `require` keeps the one loaded copy.
 */
function fg(): typeof import('fast-glob') {
  return createRequire(import.meta.url)('fast-glob') as typeof import('fast-glob');
}


/**
 * Turns command-line entries into files, in the order given. A directory
 * gives its `*.conf` and `.htaccess` files (byte order; node_modules and
 * .git skipped) with the directory itself as fallback ServerRoot; a glob
 * gives its matches; anything else is one file with its own directory as
 * fallback ServerRoot (a missing one is reported when it is read).
 */
/**
 * The paths that match `patterns` below `cwd`, absolute, and the directories the walk could not list
 * (fast-glob's suppressErrors drops them in silence; a vanished one, ENOENT, is not one). Not fast-glob's
 * `absolute` option: it turns each backslash of a name into a slash (`x\\y.conf` came back as `x/y.conf`,
 * no such file, and was dropped in silence), where its relative paths keep the name as it is.
 */
function globFrom(cwd: string, patterns: string[], options: import('fast-glob').Options): { paths: string[]; unread: { dir: string; why: string }[] } {
  const unread: { dir: string; why: string }[] = [];
  const listing = ((dir: string, how: Parameters<typeof readdirSync>[1]) => {
    try {
      return readdirSync(dir, how);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') unread.push({ dir: resolve(cwd, dir), why: `it cannot be read (${strerror(e)})` });
      throw e;
    }
  }) as typeof readdirSync;
  const paths = fg().sync(patterns, { ...options, cwd, absolute: false, suppressErrors: true, fs: { readdirSync: listing } })
    .map((p) => resolve(cwd, p) + (p.endsWith('/') ? '/' : ''));
  return { paths, unread };
}

/** The error for a directory below a named directory or glob whose files were not read, and why. */
function unreadDir(dir: string, shown: string, why: string): ProjectDiagnostic {
  return { code: 'ENTRY_DIR_UNREADABLE', severity: 'error', path: dir, start: 0, end: 0, message: `The .conf and .htaccess files below ${shown} were not read: ${why}.` };
}

export function expandEntries(entries: string[], cwd: string): { tops: TopEntry[]; diagnostics: ProjectDiagnostic[]; named: string[] } {
  const tops: TopEntry[] = [];
  /** What the user named: each directory and file, and the files a glob matches (the tree's boundary). */
  const named: string[] = [];
  const diagnostics: ProjectDiagnostic[] = [];
  for (const entry of entries) {
    const abs = resolve(cwd, entry);
    const st = statOrNull(abs);
    if (st?.isDirectory() && abs.includes('\\')) {
      // fast-glob reads a backslash in its starting directory as an escape and finds nothing there.
      named.push(abs);
      diagnostics.push({
        code: 'ENTRY_DIR_UNREADABLE', severity: 'error', path: abs, start: 0, end: 0,
        message: `The .conf and .htaccess files below ${entry} were not read: the directory walk cannot start from a path with a backslash in it. Name the files, or a directory above it.`,
      });
    } else if (st?.isDirectory()) {
      named.push(abs);
      // Names with U+FFFD too: Node's text for names that are not valid UTF-8, files and directories it cannot open (file-names.ts).
      const { paths: found, unread } = globFrom(abs, ['**/*.conf', '**/.htaccess', `**/*${REPLACEMENT}*`], {
        dot: true, ignore: IGNORE, followSymbolicLinks: false, onlyFiles: false, markDirectories: true,
      });
      const wanted = found.filter((p) => p.endsWith('.conf') || p.endsWith('/.htaccess'));
      const files = wanted.filter(isFile);
      const unopenable = undecodableEntries(wanted.filter((p) => p.includes(REPLACEMENT) && !files.includes(p)));
      for (const { shown } of undecodableEntries(found.filter((p) => p.endsWith('/') && p.includes(REPLACEMENT)))) {
        diagnostics.push(unreadDir(shown, shown, undecodableReason(shown)));
      }
      // Said as the user named it (the directory itself, or a path below the name given).
      for (const { dir, why } of unread) diagnostics.push(unreadDir(dir, dir === abs ? entry : join(entry, relative(abs, dir)), why));
      if (files.length === 0 && unopenable.length === 0 && unread.length === 0) {
        // As a glob that matches nothing: the user named something to check and nothing was checked.
        diagnostics.push({
          code: 'ENTRY_NO_FILES', severity: 'error', message: `No .conf or .htaccess files in the directory '${entry}'.`, path: abs, start: 0, end: 0,
        });
      }
      for (const path of sortBytes(files)) tops.push({ path, kind: kindOf(path), fallbackRoot: abs });
      for (const { path, shown } of unopenable) tops.push({ path, kind: kindOf(path), fallbackRoot: abs, cannotOpen: { why: undecodableReason(shown), shown } });
    } else if (!st && fg().isDynamicPattern(entry)) {
      const globbed = globFrom(cwd, [entry], { dot: false, ignore: IGNORE });
      const found = globbed.paths.filter(isFile);
      for (const { dir, why } of globbed.unread) diagnostics.push(unreadDir(dir, relative(cwd, dir) || '.', why));
      if (found.length === 0 && globbed.unread.length === 0) {
        diagnostics.push({
          code: 'ENTRY_NO_MATCH', severity: 'error', message: `No files match the pattern '${entry}'.`, path: abs, start: 0, end: 0,
        });
      }
      for (const path of sortBytes(found)) tops.push({ path, kind: kindOf(path), fallbackRoot: dirname(path) });
      named.push(...found);
    } else {
      named.push(abs);
      // A name that is not valid UTF-8 comes from the command line with U+FFFD for its bad bytes (file-names.ts).
      const undecodable = !st && abs.includes(REPLACEMENT) ? undecodableEntries([abs])[0] : undefined;
      tops.push({ path: abs, kind: kindOf(abs), fallbackRoot: dirname(abs), ...(undecodable && { cannotOpen: { why: undecodableReason(undecodable.shown), shown: undecodable.shown } }) });
    }
  }
  return { tops, diagnostics, named };
}

/**
 * Of the paths a glob gave with U+FFFD in them (a directory's with a trailing slash), the entries whose
 * own names are not valid UTF-8, found by their bytes in their directory (file-names.ts): with their paths as shown.
 */
function undecodableEntries(paths: readonly string[]): { path: string; shown: string }[] {
  const out: { path: string; shown: string }[] = [];
  const listings = new Map<string, Listing | null>(); // each directory listed once
  const listed = (dir: string) => {
    if (!listings.has(dir)) { try { listings.set(dir, listDirectory(dir)); } catch { listings.set(dir, null); } }
    return listings.get(dir);
  };
  for (const given of paths) {
    const path = given.endsWith('/') ? given.slice(0, -1) : given;
    const hit = listed(dirname(path))?.undecodable.find((u) => u.name === basename(path) && u.entry.isDirectory() === given.endsWith('/'));
    if (hit) out.push({ path, shown: join(dirname(path), hit.shown) });
  }
  return out;
}

/** Code of the finding for a <Directory> whose directories (and so their .htaccess files) cannot be listed. */
export const HTACCESS_NOT_ENUMERATED = 'htaccess-not-enumerated';

/** Code of the finding for a directory whose .htaccess files were not looked for (unreadable, outside the tree…). */
export const HTACCESS_SKIPPED = 'HTACCESS_SKIPPED';

/**
 * The directories to look for .htaccess files in: DocumentRoots, Alias targets, where AliasMatch and UserDir targets lead, literal <Directory> paths, the
 * existing directories a wildcard one names, and those an anchored regex one matches. A wildcard
 * or regex section that allows overrides but whose directories cannot all be listed gets a note.
 */
function accessRoots(facts: TreeFacts, notes: ProjectDiagnostic[]): string[] {
  const roots = servedPaths(facts);
  for (const d of facts.dirs) {
    if (d.kind === 'literal') {
      roots.push(d.path);
      continue;
    }
    const found = d.kind === 'wildcard' ? expandWildcardDir(d.path) : regexDirs(d);
    roots.push(...found.dirs);
    if (found.unlisted && (d.overrideNone === false || d.overrideList) && d.at) {
      notes.push({
        code: HTACCESS_NOT_ENUMERATED, severity: 'warning', path: d.at.path, start: d.at.start, end: d.at.end,
        message: `The directories this ${d.kind} section applies to cannot all be listed (${found.unlisted}), so the .htaccess files in them were not all read or migrated. `
          + 'Name them on the command line (httpd-migrate write <dir>/.htaccess), or they keep their 2.2 directives.',
      });
    }
  }
  return [...new Set(roots)];
}

/** The paths URLs are mapped to: DocumentRoots, Alias and ScriptAlias targets (directories or files), where AliasMatch and UserDir targets lead. */
function servedPaths(facts: TreeFacts): string[] {
  return [...facts.docRoots, ...facts.aliasTargets, ...facts.targetPrefixes.flatMap(dirsBeginning)];
}

/**
 * The directories above each served path (for an Alias to a file: its own directory too), top down, each once. httpd's
 * directory walk (ap_directory_walk, both versions) opens the access file of every directory from `/` down to the one
 * a request is served from, wherever overrides apply there, so a `.htaccess` beside a DocumentRoot's parent is read
 * for every request below it (found by a helper's bug hunt: a site/.htaccess above DocumentRoot site/public was never
 * read, and the real 2.4 answered 500 to every request after write).
 */
function servedAncestors(facts: TreeFacts): string[] {
  const out = new Set<string>();
  for (const served of servedPaths(facts)) {
    const chain: string[] = [];
    for (let dir = dirname(resolve(served)); ; dir = dirname(dir)) {
      chain.unshift(dir);
      if (dirname(dir) === dir) break;
    }
    for (const dir of chain) out.add(dir);
  }
  return [...out].filter((dir) => !pseudoFs(dir));
}

/**
 * The directories every path beginning with `prefix` lies in: the prefix itself when it ends with `/`, else the
 * directories beside it whose names begin with its last part (`/srv/manual$1` is /srv/manual, /srv/manual-en…).
 */
function dirsBeginning(prefix: string): string[] {
  if (prefix.endsWith('/')) return [resolve(prefix)];
  const dir = dirname(prefix);
  const start = basename(prefix);
  let listing: Listing;
  try { listing = listDirectory(dir); } catch { return []; }
  return listing.entries.filter((e) => e.name.startsWith(start)).map((e) => join(dir, e.name)).filter((p) => statOrNull(p)?.isDirectory());
}

/**
 * The .htaccess files httpd may read for this tree: below each DocumentRoot and <Directory>
 * directory that exists (see accessRoots; never the filesystem root), and first those of the directories above
 * each served path (servedAncestors; outside the boundary too, where they are read for context), the
 * first name of each AccessFileName list that exists in a directory, skipping
 * directories where AllowOverride None means httpd never opens them. A symlinked
 * directory is followed when it leads to a directory inside the tree not walked yet (httpd follows
 * it under FollowSymLinks, 2.4's default); one leading outside is reported. Byte order within each root. Within a boundary (see boundary.ts),
 * a directory outside it is not walked (only the boundary's roots below it are) and is given back in
 * `outside`; /proc, /sys and /dev never are.
 */
export function accessFilesWithin(facts: TreeFacts, boundary?: readonly string[], onDir?: (walked: number) => void, notes: ProjectDiagnostic[] = []): AccessFiles {
  const lists = accessFileLists(facts);
  const overridesMayApply = overrideOpener(facts);
  const names = [...new Set(lists.flat())];
  const named = accessRoots(facts, notes);
  const outside: string[] = [];
  const roots: string[] = [];
  const skipped: AccessFiles['skipped'] = [];
  for (const dir of named) {
    if (!statOrNull(dir)?.isDirectory()) continue;
    if (parsePath(dir).root === dir) {
      // Only where httpd would open .htaccess files there (not under AllowOverride None).
      if (overridesMayApply(dir)) skipped.push({ dir, why: 'it is the root of the file system, and walking all of it is not done; name the directories that hold .htaccess files with --root' });
      continue;
    }
    const parts = boundary ? walkableParts(dir, boundary) : [dir];
    if (boundary && !insideTree(dir, boundary)) outside.push(dir);
    roots.push(...parts);
  }
  const loose = hasLooseOpeners(facts);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const dir of servedAncestors(facts)) {
    if (!overridesMayApply(dir)) continue;
    for (const list of lists) {
      const first = accessFileRead(list, (n) => isFile(join(dir, n)));
      if (first !== undefined && !seen.has(join(dir, first))) {
        seen.add(join(dir, first));
        out.push(join(dir, first));
      }
    }
  }
  for (const root of [...new Set(roots)]) {
    if (parsePath(root).root === root || !statOrNull(root)?.isDirectory()) continue;
    if (!loose && !overridesMayApply(root)) continue;
    const hits = findNamed(root, new Set(names), skipped, onDir, boundary);
    const byDir = new Map<string, Set<string>>();
    for (const hit of hits) {
      const dir = dirname(hit);
      if (!byDir.has(dir)) byDir.set(dir, new Set());
      byDir.get(dir)!.add(hit);
    }
    const chosen: string[] = [];
    for (const [dir, present] of byDir) {
      if (!overridesMayApply(dir)) continue;
      for (const list of lists) {
        // httpd reads only the first name of the list that exists in the directory.
        const first = accessFileRead(list, (n) => present.has(join(dir, n)) && isFile(join(dir, n)));
        if (first !== undefined) chosen.push(join(dir, first));
      }
    }
    for (const path of sortBytes(chosen)) {
      if (!seen.has(path)) {
        seen.add(path);
        out.push(path);
      }
    }
  }
  return { files: out, outside, skipped };
}

export interface AccessFiles {
  files: string[];
  /** Directories named by the tree that lie outside its boundary (not walked). */
  outside: string[];
  /** Directories not walked, and why: the file-system root, or one that cannot be read. */
  skipped: { dir: string; why: string }[];
}

/**
 * Entries named one of `names` anywhere below `root`, found at the paths httpd sees them (a
 * `.htaccess` below a symlinked directory under the link's name). A symlinked directory is walked
 * once per target, and only inside the boundary; one leading out of it goes to `skipped`, as do
 * directories the walk cannot read. The walk is iterative (no depth limit from the input).
 */
function findNamed(root: string, names: ReadonlySet<string>, skipped: AccessFiles['skipped'], onDir?: (walked: number) => void, boundary?: readonly string[]): string[] {
  const hits: string[] = [];
  const todo = [root];
  // Targets of the symlinks followed (and the root): a link back up, or a loop of links, is walked once.
  const followed = new Set([real(root)]);
  let walked = 0;
  while (todo.length) {
    const dir = todo.pop()!;
    let listing: Listing;
    try {
      listing = listDirectory(dir);
    } catch (e) {
      skipped.push({ dir, why: `it cannot be read (${strerror(e)})` });
      continue;
    }
    onDir?.(++walked);
    for (const { shown, entry } of listing.undecodable) {
      if (entry.isDirectory() || entry.isSymbolicLink()) skipped.push({ dir: join(dir, shown), why: undecodableReason(shown) });
    }
    for (const { name, entry: e } of listing.entries) {
      const path = join(dir, name);
      if (names.has(name)) hits.push(path);
      if (e.isDirectory()) todo.push(path);
      else if (e.isSymbolicLink() && statOrNull(path)?.isDirectory()) {
        const target = real(path);
        if (followed.has(target) || pseudoFs(target)) continue;
        followed.add(target);
        if (boundary && !insideTree(target, boundary)) skipped.push({ dir: path, why: `it is a symbolic link to ${target}, outside the tree; add --root ${target} to migrate the .htaccess files there` });
        else todo.push(path);
      }
    }
  }
  return hits;
}
