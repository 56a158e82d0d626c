/**
 * A simple model of which `<Directory>` sections decide a per-directory
 * setting, for settings whose 2.2 default differs from 2.4's (AllowOverride,
 * Options). Sections are compared by path prefix: `<Directory /var>` covers
 * `<Directory /var/www>`; `*` and `?` match within one path component.
 * Regex sections (`<Directory ~>`, `<DirectoryMatch>`) are left out: AllowOverride
 * is not allowed in them, and their paths cannot be compared by prefix.
 * Symbolic links, Alias targets and `<Location>` sections are not modelled.
 */
import type { ConfigFile, Section } from '../../ast/nodes.js';
import { walk } from '../../ast/walk.js';
import type { Project } from '../../project/project.js';
import { projectFiles } from '../load-module.js';
import { memo, projectMemo } from '../../ast/memo.js';
import { deadIn24, liveDirectives, scopeOf, type Located } from './scope.js';

export interface DirEntry {
  file: ConfigFile;
  section: Section;
  /** The path without a trailing slash (`/` stays `/`). */
  path: string;
  /** Matches the path and every path below it. */
  below: RegExp;
  /** The enclosing `<VirtualHost>`, or null for the main server. */
  vhost: Section | null;
  /** Position in project order. */
  order: number;
}

/** The path of a non-regex `<Directory>` section, or null. */
export function directoryPath(s: Section): string | null {
  const arg = s.args[0]?.value;
  if (s.lname !== 'directory' || !arg || arg === '~' || s.args.length !== 1) return null;
  return arg.length > 1 ? arg.replace(/\/+$/, '') || '/' : arg;
}

function belowRegex(path: string): RegExp {
  if (path === '/') return /^\//;
  const body = path.replace(/[.+^${}()|\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  return new RegExp(`^${body}(?:/|$)`);
}

/** Every live non-regex `<Directory>` of the project, `current` taken from the rule's own tree. */
export function directoryEntries(project: Project, current: ConfigFile): DirEntry[] {
  return projectMemo(project, current, 'directoryEntries', () => collectEntries(project, current));
}

function collectEntries(project: Project, current: ConfigFile): DirEntry[] {
  const out: DirEntry[] = [];
  for (const file of projectFiles(project, current)) {
    for (const e of memo(file, 'directoryEntries', () => fileEntries(file))) out.push({ ...e, order: out.length });
  }
  return out;
}

function fileEntries(file: ConfigFile): DirEntry[] {
  const out: DirEntry[] = [];
  walk(file, {
    enter: (s, ancestors) => {
      const path = directoryPath(s);
      if (path === null || deadIn24(ancestors)) return;
      out.push({ file, section: s, path, below: belowRegex(path), vhost: ancestors.find((a) => a.lname === 'virtualhost') ?? null, order: out.length });
    },
  });
  return out;
}

/** The directives of a section that belong to it (not to a `<Files>` or other section nested in it). */
export function ownDirectives(section: Section, lname: string): Located[] {
  return liveDirectives(section, lname).filter((l) => scopeOf(l.ancestors) === null);
}

function sameServer(a: DirEntry, b: DirEntry): boolean {
  return a.vhost === null || b.vhost === null || a.vhost === b.vhost;
}

/** True when `x` applies before `d` to d's directory: a shallower path, or the same path written earlier. */
function covers(x: DirEntry, d: DirEntry): boolean {
  if (x === d || !sameServer(x, d) || !x.below.test(d.path)) return false;
  return x.path !== d.path || x.order < d.order;
}

/**
 * The sections where the setting should be written: those whose value comes only
 * from the default (`sets` is false for them and for every section of the same
 * path) and that no other section covers, so the shallowest one is chosen.
 * `baseSets` says whether the server (or the section's virtual host) sets the value for all directories.
 */
export function defaultOnlyTargets(entries: DirEntry[], sets: (s: Section) => boolean, baseSets: (d: DirEntry) => boolean = () => false): DirEntry[] {
  // Index by path, so each section looks up only the paths above it (near-linear on 10,000-vhost trees).
  const byPath = new Map<string, DirEntry[]>();
  const wild: DirEntry[] = [];
  for (const e of entries) {
    if (/[*?[]/.test(e.path)) wild.push(e);
    const list = byPath.get(e.path);
    if (list) list.push(e);
    else byPath.set(e.path, [e]);
  }
  const setsAt = (d: DirEntry) => (byPath.get(d.path) ?? []).some((e) => sameServer(e, d) && sets(e.section));
  const coveredBy = (d: DirEntry) => [...ancestorPaths(d.path).flatMap((p) => byPath.get(p) ?? []), ...wild].some((x) => covers(x, d));
  return entries.filter((d) => !baseSets(d) && !setsAt(d) && !coveredBy(d));
}

/** The path itself and every path above it: /a/b gives /a/b, /a, /. */
function ancestorPaths(path: string): string[] {
  const out = [path];
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) out.push(path.slice(0, i));
  if (path !== '/') out.push('/');
  return out;
}
