/**
 * Loading a project: the entry files, everything they include (the way
 * httpd 2.4 follows Include), and the .htaccess files the tree points at.
 * Never throws for bad input: unreadable files and broken includes become
 * diagnostics.
 */
import { dirname, resolve } from 'node:path';
import type { HttpdVersion } from '../parse/lines.js';
import { accessFilesWithin, expandEntries, HTACCESS_SKIPPED, type TopEntry } from './discover.js';
import { boundaryOf } from './boundary.js';
import { displayPath } from './read.js';
import type { Project, ProjectDiagnostic } from './project.js';
import { SourceCache, TreeReader } from './reader.js';
import { kindOf } from './project.js';
import { RunCache } from './run-cache.js';

export interface LoadOptions {
  /** Base for relative entries and for `display` paths (default: process.cwd()). */
  cwd?: string;
  /** The ServerRoot before any ServerRoot line is read, like httpd's -d (see loadProject for the fallback). */
  serverRoot?: string;
  /** Follow Include and IncludeOptional (default true). */
  followIncludes?: boolean;
  /** Look for .htaccess files below DocumentRoot and <Directory> paths (default true). */
  htaccess?: boolean;
  /** Which httpd's reading rules the parser follows (default 2.2, the version being migrated from). */
  version?: HttpdVersion;
  /** Files whose bytes are given rather than read from disk (standard input), by absolute path. */
  contents?: ReadonlyMap<string, Buffer>;
  /** Entry files to leave out (ignore patterns), by absolute path. Files they would include are still read. */
  ignore?: (path: string) => boolean;
  /**
   * More directories inside the tree (`--root`). The tree is the ServerRoot, the named files and
   * directories, and these; .htaccess discovery does not walk outside it (see boundary.ts).
   */
  roots?: string[];
  /** Called as files are read and directories searched, for a progress display. */
  onProgress?: (what: string, count: number) => void;
}

/**
 * Loads the files named by `entries` (files, directories or globs) and,
 * unless told not to, what they include and the .htaccess files below
 * their DocumentRoots and <Directory> paths.
 *
 * How paths are resolved:
 * - An Include pattern is taken against the ServerRoot in force at its line:
 *   the last ServerRoot line read (in reading order, across files), else
 *   options.serverRoot, else the entry file's directory (for a file found by
 *   expanding a directory entry: that directory). Each entry starts afresh.
 * - A relative ServerRoot or <Directory> path is taken against `cwd`, standing
 *   in for httpd's working directory, which is what httpd uses (tested).
 * - A ServerRoot that is not a directory here is reported and not applied,
 *   so a tree copied off its server still resolves against the fallback.
 * - DocumentRoot is taken against the ServerRoot, as httpd does.
 *
 * An entry that another entry's tree includes is read where that tree
 * includes it, not on its own, so that it is read with the right ServerRoot
 * and context (this matters when a whole directory is given).
 */
export function loadProject(entries: string[], options: LoadOptions = {}): Project {
  const cwd = resolve(options.cwd ?? process.cwd());
  const followIncludes = options.followIncludes ?? true;
  const cache = new SourceCache(cwd, options.version ?? '2.2', options.contents);
  const serverRoot = options.serverRoot === undefined ? undefined : resolve(cwd, options.serverRoot);
  const expanded = expandGiven(entries, cwd, options.contents);
  if (options.ignore) expanded.tops = expanded.tops.filter((t) => options.contents?.has(t.path) || !options.ignore!(t.path));

  const read = (tops: TopEntry[]): TreeReader => {
    const onRead = options.onProgress && ((n: number) => options.onProgress!('files read', n));
    const reader = new TreeReader(cache, { followIncludes, serverRoot, cwd, onRead });
    for (const t of tops) reader.readEntry(t.path, t.kind, t.fallbackRoot, t.cannotOpen);
    return reader;
  };
  let reader = read(expanded.tops);
  const included = includedByOthers(reader, cache);
  if (expanded.tops.some((t) => included.has(cache.key(t.path)))) {
    const own = expanded.tops.filter((t) => !included.has(cache.key(t.path)));
    reader = read(own);
    // Entries that only include each other (a cycle) are read on their own after all.
    const lost = expanded.tops.filter((t) => !reader.byKey.has(cache.key(t.path)));
    if (lost.length > 0) reader = read(expanded.tops.filter((t) => own.includes(t) || lost.includes(t)));
  }

  const boundary = boundaryOf([
    ...(reader.serverRoot !== null ? [reader.serverRoot] : []), ...(serverRoot !== undefined ? [serverRoot] : []),
    ...expanded.named, ...(options.roots ?? []).map((r) => resolve(cwd, r)),
  ]);
  const outside: ProjectDiagnostic[] = [];
  const notes: ProjectDiagnostic[] = [];
  const otherPaths = new Map<string, string[]>();
  if (options.htaccess ?? true) {
    const found = accessFilesWithin(reader.facts, boundary, options.onProgress && ((n) => options.onProgress!('directories searched for .htaccess', n)), notes);
    for (const path of found.files) {
      const file = reader.add(path, 'htaccess');
      if (file.path !== path) otherPaths.set(file.path, [...(otherPaths.get(file.path) ?? []), path]);
    }
    for (const { dir, why } of found.skipped) {
      outside.push({
        code: HTACCESS_SKIPPED, severity: 'warning', path: dir, start: 0, end: 0,
        message: `.htaccess files below ${dir} were not looked for: ${why}.`,
      });
    }
    for (const dir of found.outside) {
      outside.push({
        code: 'HTACCESS_OUTSIDE_TREE', severity: 'warning', path: dir, start: 0, end: 0,
        message: `${dir} is outside the tree (${boundary.map((b) => displayPath(b, cwd)).join(', ')}), so its .htaccess files were not looked for; add --root ${dir} to migrate them.`,
      });
    }
  }

  return {
    files: reader.files,
    byPath: new Map(reader.files.map((f) => [f.path, f])),
    includes: reader.includes,
    diagnostics: [...expanded.diagnostics, ...reader.diagnostics, ...notes, ...outside],
    serverRoot: reader.serverRoot,
    entries: entries.map((e) => resolve(cwd, e)),
    boundary,
    realPath: (path) => cache.realPath(path),
    ...(otherPaths.size ? { otherPaths } : {}),
    cache: new RunCache(),
  };
}

/** expandEntries, with files whose bytes are given taken as they are named. */
function expandGiven(entries: string[], cwd: string, contents: ReadonlyMap<string, Buffer> | undefined): ReturnType<typeof expandEntries> {
  if (!contents?.size) return expandEntries(entries, cwd);
  const out: ReturnType<typeof expandEntries> = { tops: [], diagnostics: [], named: [] };
  for (const entry of entries) {
    const abs = resolve(cwd, entry);
    const one = contents.has(abs) ? { tops: [{ path: abs, kind: kindOf(abs), fallbackRoot: dirname(abs) }], diagnostics: [], named: [abs] } : expandEntries([entry], cwd);
    out.tops.push(...one.tops);
    out.diagnostics.push(...one.diagnostics);
    out.named.push(...one.named);
  }
  return out;
}

/** Real paths of files that some other file includes. */
function includedByOthers(reader: TreeReader, cache: SourceCache): Set<string> {
  const out = new Set<string>();
  for (const site of reader.includes) {
    const from = cache.key(site.from);
    for (const f of site.files) {
      const k = cache.key(f);
      if (k !== from) out.add(k);
    }
  }
  return out;
}
