/**
 * A simple model of which `<Directory>` sections decide a per-directory
 * setting, for settings whose 2.2 default differs from 2.4's (AllowOverride,
 * Options). Sections are compared by path prefix: `<Directory /var>` covers
 * `<Directory /var/www>`; `*` and `?` match within one path component.
 * Regex sections (`<Directory ~>`, `<DirectoryMatch>`) are left out: AllowOverride
 * is not allowed in them, and their paths cannot be compared by prefix.
 * Symbolic links, Alias targets and `<Location>` sections are not modelled.
 */
import { dirname } from 'node:path';
import { canonicalDir } from '../apache/paths.js';
import { dirCovers } from '../access/decide/index.js';
import type { ConfigFile, Section } from '../ast/nodes.js';
import { walk } from '../ast/walk.js';
import { isAccessFile, type Project } from '../project/project.js';
import { fileIndex, gather } from './project-facts.js';
import { memo } from '../ast/memo.js';
import { deadIn24, liveDirectives, mainConfigs, scopeOf, type Located } from './directive-scope.js';
import { conditionHolds, modules24 } from '../access/model/index.js';
import { alongSomeWay, aroundIn } from '../project/include-chains.js';

export interface DirEntry {
  file: ConfigFile;
  section: Section;
  /** The path without a trailing slash (`/` stays `/`). */
  path: string;
  /** Matches the path and every path below it. */
  below: RegExp;
  /** The enclosing `<VirtualHost>`, or null for the main server. */
  vhost: Section | null;
  /** Position in project order (file rank × 2^20 + position in the file). */
  order: number;
}

/** The path of a non-regex `<Directory>` section, or null. */
export function directoryPath(s: Section): string | null {
  const arg = s.args[0]?.value;
  if (s.lname !== 'directory' || !arg || arg === '~' || s.args.length !== 1) return null;
  return canonicalDir(arg);
}

function belowRegex(path: string): RegExp {
  if (path === '/') return /^\//;
  const body = path.replace(/[.+^${}()|\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  try {
    return new RegExp(`^${body}(?:/|$)`);
  } catch {
    // A `[` with no `]` (found by fuzzing) is a literal character to fnmatch: match the path literally.
    return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/|$)`);
  }
}

/** Each file's entries are numbered file by file, so `order` compares positions across files. */
const PER_FILE = 2 ** 20;

/** The live non-regex `<Directory>` sections of a project, by path, with the rule's own tree standing in for its file. */
export interface DirectoryIndex {
  /** The sections of exactly this path, in project order. */
  at(path: string): DirEntry[];
  /** The sections with wildcards, which no path lookup finds. */
  wild: DirEntry[];
  /** The sections of the rule's own tree. */
  own: DirEntry[];
}

interface PathIndex { byPath: Map<string, DirEntry[]>; wild: DirEntry[] }

function indexEntries(entries: readonly DirEntry[]): PathIndex {
  const byPath = new Map<string, DirEntry[]>();
  const wild: DirEntry[] = [];
  for (const e of entries) {
    if (/[*?[]/.test(e.path)) wild.push(e);
    const list = byPath.get(e.path);
    if (list) list.push(e);
    else byPath.set(e.path, [e]);
  }
  return { byPath, wild };
}

/**
 * The index for linting `current`. The project's own trees are indexed once; a later pass's
 * re-parse of one file is looked up as the project minus that file's original tree, plus the
 * re-parse, so re-linting a changed file costs the size of the file, not of the project.
 */
export function directoryIndex(project: Project, current: ConfigFile): DirectoryIndex {
  const whole = memo(project, 'directoryIndex', () => indexEntries(project.files.flatMap((f, i) => entriesOf(f.ast, i))));
  const original = project.byPath.get(current.path)?.ast;
  if (original === current) return { at: (p) => whole.byPath.get(p) ?? [], wild: whole.wild, own: entriesOf(current, fileIndex(project, current)) };
  const own = entriesOf(current, fileIndex(project, current));
  const mine = indexEntries(own);
  const kept = (e: DirEntry) => e.file !== original;
  return {
    at: (p) => [...(whole.byPath.get(p) ?? []).filter(kept), ...(mine.byPath.get(p) ?? [])].sort((a, b) => a.order - b.order),
    wild: [...whole.wild.filter(kept), ...mine.wild],
    own,
  };
}

function entriesOf(file: ConfigFile, rank: number): DirEntry[] {
  return memo(file, `directoryEntries:${rank}`, () => fileEntries(file, rank));
}

function fileEntries(file: ConfigFile, rank: number): DirEntry[] {
  const out: DirEntry[] = [];
  walk(file, {
    enter: (s, ancestors) => {
      const path = directoryPath(s);
      if (path === null || deadIn24(ancestors)) return;
      out.push({ file, section: s, path, below: belowRegex(path), vhost: ancestors.find((a) => a.lname === 'virtualhost') ?? null, order: rank * PER_FILE + out.length });
    },
  });
  return out;
}

/** The directives of a section that belong to it (not to a `<Files>` or other section nested in it). */
export function ownDirectives(section: Section, lname: string): Located[] {
  return liveDirectives(section, lname).filter((l) => scopeOf(l.ancestors) === null);
}

/**
 * True when `x` applies wherever `d` does: x is the main server's (every host reads it), or both are
 * the same host's. A virtual host's section does not reach the main server's requests.
 */
function reaches(x: DirEntry, d: DirEntry): boolean {
  return x.vhost === null || x.vhost === d.vhost;
}

/** True when `x` applies before `d` to d's directory: a shallower path, or the same path written earlier. */
function covers(x: DirEntry, d: DirEntry): boolean {
  if (x === d || !reaches(x, d) || !x.below.test(d.path)) return false;
  return x.path !== d.path || x.order < d.order;
}

/**
 * The sections of the rule's own tree where the setting should be written: those whose value
 * comes only from the default (`sets` is false for them and for every section of the same path)
 * and that no other section covers, so the shallowest one is chosen.
 * `baseSets` says whether the server (or the section's virtual host) sets the value for all directories.
 */
export function defaultOnlyTargets(index: DirectoryIndex, sets: (s: Section) => boolean, baseSets: (d: DirEntry) => boolean = () => false): DirEntry[] {
  const setsAt = (d: DirEntry) => index.at(d.path).some((e) => reaches(e, d) && sets(e.section));
  const coveredBy = (d: DirEntry) => [...ancestorPaths(d.path).flatMap((p) => index.at(p)), ...index.wild].some((x) => covers(x, d));
  return index.own.filter((d) => !baseSets(d) && !setsAt(d) && !coveredBy(d));
}

/**
 * The sections of virtual hosts that set the value for their own requests at `d`'s directory, before
 * `d` applies (a shallower path, or the same path written earlier): for those requests, `d` merges
 * after them, so a value written into a main-server `d` would replace theirs.
 */
export function vhostSettersBefore(index: DirectoryIndex, d: DirEntry, sets: (s: Section) => boolean): DirEntry[] {
  if (d.vhost !== null) return [];
  return [...ancestorPaths(d.path).flatMap((p) => index.at(p)), ...index.wild]
    .filter((x) => x.vhost !== null && x !== d && x.below.test(d.path) && (x.path !== d.path || x.order < d.order) && sets(x.section));
}

/** The path itself and every path above it: /a/b gives /a/b, /a, /. */
function ancestorPaths(path: string): string[] {
  const out = [path];
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) out.push(path.slice(0, i));
  if (path !== '/') out.push('/');
  return out;
}

/**
 * Whether some literal `<Directory>` of the project's configuration files covers `dir` (its path or one
 * above it). Where none does, 2.4 leaves AllowOverride unset (semantics §1.9: a .htaccess there answers
 * 500 to every directive), where 2.2 defaulted to All.
 */
export function directoryCovers(project: Project, dir: string, current?: ConfigFile): boolean {
  return pathCovered(project, coverIndex(project, current), dir);
}

/** The `<Directory>` paths of the configuration files (`current` in place of its copy): literal ones by path, wildcards apart. */
interface CoverIndex { exact: ReadonlySet<string>; wild: readonly string[] }

function coverIndex(project: Project, current?: ConfigFile): CoverIndex {
  const of = (f: ConfigFile) => (isAccessFile(project, f.path) ? [] : readDirectoryPaths(project, f));
  const index = (paths: readonly string[]): CoverIndex => ({ exact: new Set(paths.filter((p) => !/[*?[]/.test(p))), wild: paths.filter((p) => /[*?[]/.test(p)) });
  return current ? index(gather(project, current, 'directoryPaths', of)) : memo(project, 'directoryCovers:index', () => index(project.files.flatMap((f) => of(f.ast))));
}

/**
 * The paths of the literal `<Directory>` sections of a file that the migrated 2.4 tree reads: not in a comment, nor in
 * an `<IfModule>` or `<IfVersion>` it skips (along some way the file is included), where a text scan counted them (found
 * in review: a `.htaccess` covered only by a `<Directory>` in `<IfModule !mod_authz_default.c>`, which 2.4 skips in a tree
 * that loads that module, got no added section, and 2.4 answered 500 below it). An `<IfDefine>` counts as read: the
 * server may be started with its name.
 */
function readDirectoryPaths(project: Project, file: ConfigFile): string[] {
  const c24 = modules24(project);
  const ways = aroundIn(project)(file);
  const read = (all: readonly Section[]) => all.every((a) => a.lname === 'ifdefine' || conditionHolds(a, c24) !== false);
  const out: string[] = [];
  walk(file, { enter: (s, ancestors) => {
    const path = directoryPath(s);
    if (path !== null && alongSomeWay(ways, ancestors, read)) out.push(path);
  } });
  return out;
}

/** A literal path covers `dir` when it is `dir` or a directory above it: looked up, not tested one by one (hosting trees have thousands). */
function pathCovered(project: Project, index: CoverIndex, dir: string): boolean {
  return ancestorPaths(dir).some((a) => index.exact.has(a)) || index.wild.some((p) => dirCovers(project.cache, p, dir));
}

/** A path a `<Directory "…">` line names as it is, and directoryCovers reads back: no `*`, `?` or `[`, which httpd takes as wildcards. */
const WRITABLE_DIR = /^\/[^\s"<>\\$%*?[]*$/;

/**
 * The directories where explicit-allow-override adds a `<Directory>` with AllowOverride All: the topmost directories of
 * the tree's .htaccess files that no `<Directory>` covers, where 2.2 read them under its default All and 2.4 leaves
 * AllowOverride unset (every directive in them answers 500). Only with a main configuration, which the sections are
 * added to (without it, a `<Directory />` saying None may be out of sight). `current` in place of its copy. The
 * prover reads the migrated tree with them (model.overrideAddedFor).
 */
export function uncoveredHtaccessDirs(project: Project, current?: ConfigFile): readonly string[] {
  if (!current) return memo(project, 'uncoveredHtaccessDirs', () => uncovered(project));
  return uncovered(project, current);
}

function uncovered(project: Project, current?: ConfigFile): string[] {
  const own = current ?? project.files[0]?.ast;
  if (!own || !mainConfigs(project, own).length) return [];
  const index = coverIndex(project, current);
  const dirs = [...new Set(project.files.filter((f) => isAccessFile(project, f.path)).map((f) => dirname(f.path)))]
    .filter((d) => WRITABLE_DIR.test(d) && !pathCovered(project, index, d)).sort();
  // The topmost only: a directory with one of the others above it is covered by that one's section.
  const all = new Set(dirs);
  return dirs.filter((d) => !ancestorPaths(d).slice(1).some((a) => all.has(a)));
}

/** Whether one of the `<Directory>` sections explicit-allow-override adds (uncoveredHtaccessDirs) covers `dir`. */
export function coveredByAddedDirectory(project: Project, dir: string): boolean {
  const added = memo(project, 'uncoveredHtaccessDirs:set', () => new Set(uncoveredHtaccessDirs(project)));
  return added.size > 0 && ancestorPaths(dir).some((a) => added.has(a));
}

