/** Which sections apply to a request, in httpd's merge order (semantics §2.1). */
import type { Model, Request, Scope, Version } from '../model/index.js';
import type { RunCache } from '../../project/run-cache.js';
import { byLocation, locationTables } from './by-location.js';
import { readInContext } from './access-file-read.js';
import { walkTakesFile } from './file-as-directory.js';
import { dirCovers, hasWild, under, wc } from './patterns.js';
import { addKey, byVhostThenOrder, contextScopes, coveringKeys, dirIndex, locationKeys, walkOrder } from './context-index.js';

/** The file a request maps to, split once for all the sections asked about it. */
interface Target { file: string; dir: string; base: string }

function targetOf(file: string): Target {
  const i = file.lastIndexOf('/');
  return { file, dir: i <= 0 ? '/' : file.slice(0, i), base: file.slice(i + 1) };
}


function locationCovers(cache: RunCache, pattern: string, url: string): boolean {
  if (hasWild(pattern)) return wc(cache, pattern, false).test(url) || wc(cache, pattern + '/*', false).test(url);
  if (pattern === '/' || pattern === '') return true;
  return url === pattern || (pattern.endsWith('/') ? url.startsWith(pattern) : under(url, pattern));
}

/**
 * Does a `<DirectoryMatch>` / `<Directory ~>` apply to a file? Both versions test the regex once,
 * on the whole file name (so `^/d/` applies to every file below /d, and `^/d/f` to /d/f.html).
 * 2.2 passes REG_NOTEOL (2.2.34 request.c): `$` never matches at the end, so `^/d(/.*)?$` never
 * applies there, while 2.4 matches it (both tested: oracle22/ on 2.2.34, the oracle on 2.4.71).
 * Appending a newline emulates REG_NOTEOL: `.` and `$` (without the m flag) cannot get past it.
 */
function directoryRegexApplies(re: RegExp, file: string, version: Version): boolean {
  return re.test(version === '2.2' ? `${file}\n` : file);
}

/**
 * A directory regex section whose pattern ends in `$`: under REG_NOTEOL 2.2 applied it nowhere (when
 * every branch ends so), while 2.4 applies it to a path's own end: a directory itself, never below it.
 */
export function endsInDollar(s: Scope): boolean {
  return s.kind === 'directorymatch' && s.regex !== undefined && /\$\)*$/.test(s.pattern);
}

function scopeApplies(s: Scope, req: Request, at: Target, model: Model): boolean {
  const proxied = req.file.startsWith('proxy:');
  const cache = model.cache;
  switch (s.kind) {
    case 'directory': case 'htaccess':
      // The walk goes on past the directory, one segment more: a request for the directory itself (a <Location> URL that
      // maps to it) walks it too, and so does a file. With FollowSymLinks (the default of both versions), the walk
      // takes an existing file for a directory (request.c's "first optimization") and matches the sections of one more
      // component against `<file>/`: <Directory "/d/*"> applies to /d/f.html, as <Directory "/d/f.html"> does. Both
      // versions do so (2.2.34 and 2.4 request.c; the differential's GEN_EXTENDED scenarios on the real 2.4.68). Under
      // SymLinksIfOwnerMatch or without FollowSymLinks they do not (file-as-directory.ts): there only a request whose path
      // is a directory meets such a section, and one for a file (req.plainFile) does not.
      // (For a pattern without wildcards that is the file itself alone: one that covers a path below it covers its directory.)
      return !proxied && (dirCovers(cache, s.pattern, at.dir)
        || ((req.file === s.pattern || (hasWild(s.pattern) && dirCovers(cache, s.pattern, req.file))) && (!req.plainFile || walkTakesFile(model, req.vhost, at.dir))))
        && (s.kind === 'directory' || readInContext(model, req.vhost, s));
    case 'directorymatch':
      return !proxied && !!s.regex && directoryRegexApplies(s.regex, req.file, model.version);
    case 'files': case 'filesmatch': {
      if (s.within && !scopeApplies(s.within, req, at, model)) return false;
      return s.regex ? s.regex.test(at.base) : wc(cache, s.pattern, false).test(at.base);
    }
    case 'location':
      return locationCovers(cache, s.pattern, req.path);
    case 'locationmatch':
      return !!s.regex && s.regex.test(req.path);
    case 'proxy': {
      if (!proxied) return false;
      const target = req.file.slice(6);
      return s.regex ? s.regex.test(target) : (s.pattern === '*' || wc(cache, s.pattern, false).test(target) || target.startsWith(s.pattern));
    }
  }
}

/** The walk that merges a section: 0 and 1 the directory walk, 2 the file walk, 3 the location walk. */
export function phase(s: Scope): number {
  switch (s.kind) {
    case 'directory': case 'htaccess': case 'proxy': return 0;
    case 'directorymatch': return 1;
    case 'files': case 'filesmatch': return 2;
    default: return 3;
  }
}

/**
 * The scopes of a context that apply to a request, in the context's order. A plain directory
 * pattern P covers the request's directory D only when P is D, '/', the file itself, or D up to
 * one of its slashes (dirCovers), so those are looked up instead of testing every section:
 * a tree of thousands of .htaccess files or `<Directory>` blocks stays linear.
 * Computed each time (no memo): the partition uses it to group its probes, where only the set of
 * sections met matters, and asks applicableScopes for each group's one representative.
 */
export function applyingScopes(model: Model, req: Request): Scope[] {
  const hits: Scope[] = [];
  eachApplying(model, req, hits);
  return hits;
}

/**
 * Pushes the scopes of a context that apply to a request onto `out`, in the context's order
 * (applyingScopes): the partition names a probe's class by them without a list of its own per probe.
 */
export function eachApplying(model: Model, req: Request, out: { push(s: Scope): unknown }): void {
  const list = contextScopes(model, req.vhost);
  const at = targetOf(req.file);
  if (list.length < 64) {
    for (const s of list) if (scopeApplies(s, req, at, model)) out.push(s);
    return;
  }
  // Each hit as its place in `list` (the main server's scopes, then the virtual host's: each part's
  // index counts places in its own list), sorted, so the hits come out in the context's order.
  // Called for every probe of the partition: it keeps to a list of numbers and two of keys.
  const places: number[] = [];
  let urlKeys: readonly string[] | null = null; // made only for a context with plain <Location> sections
  // A proxied request meets no directory, so none of the sections inside one either.
  const dirKeys = req.file.startsWith('proxy:') ? NO_KEYS : addKey(coveringKeys(at.dir), req.file);
  let offset = 0;
  for (let part = 0; part < (req.vhost === '' ? 1 : 2); part++) {
    const ix = dirIndex(model, part === 0 ? '' : req.vhost);
    const take = (scopes: readonly Scope[] | undefined): void => {
      if (scopes) for (let i = 0; i < scopes.length; i++) if (scopeApplies(scopes[i]!, req, at, model)) places.push(offset + ix.position.get(scopes[i]!)!);
    };
    take(ix.rest);
    if (ix.byLocation.size) {
      urlKeys ??= locationKeys(req.path);
      for (let k = 0; k < urlKeys.length; k++) take(ix.byLocation.get(urlKeys[k]!));
    }
    for (let k = 0; k < dirKeys.length; k++) take(ix.byPattern.get(dirKeys[k]!));
    if (ix.byWithin.size) for (let k = 0; k < dirKeys.length; k++) take(ix.byWithin.get(dirKeys[k]!));
    offset += ix.position.size;
  }
  sortNumbers(places);
  for (let i = 0; i < places.length; i++) out.push(list[places[i]!]!);
}

/** Sorts a list of numbers in place: by insertion when short (most requests meet a few sections), which allocates nothing. */
function sortNumbers(xs: number[]): void {
  if (xs.length > 16) { xs.sort((a, b) => a - b); return; }
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i]!;
    let j = i - 1;
    while (j >= 0 && xs[j]! > x) { xs[j + 1] = xs[j]!; j--; }
    xs[j + 1] = x;
  }
}

const NO_KEYS: readonly string[] = Object.freeze([]);

/** `ap_count_dirs`: the slashes of a regex section's pattern, its sort key among regex sections. */
function slashes(pattern: string): number {
  let n = 0;
  for (let i = 0; i < pattern.length; i++) if (pattern.charCodeAt(i) === 47) n++;
  return n;
}

const APPLICABLE = locationTables<readonly Scope[]>('applicable sections by location, per model');

/**
 * The scopes that apply to a request, in merge order (semantics §2.1); main-server sections before
 * the virtual host's. Directories sort by depth (a .htaccess after its `<Directory>`), regex
 * directories by the slashes of their pattern (core's reorder_sorter), then by position. `<Files>`
 * merge through the directory record: the top-level ones are the base every directory record
 * starts from, and those nested in a `<Directory>` or .htaccess follow in the order their
 * container merged.
 */
export function applicableScopes(model: Model, req: Request): readonly Scope[] {
  return byLocation(APPLICABLE, model, req, inMergeOrder);
}

/** The sections that apply to `req`, in merge order. */
function inMergeOrder(model: Model, req: Request): Scope[] {
  const all = applyingScopes(model, req);
  if (all.length < 2) return all;
  const walk = walkOrder(model.cache);
  const dirs = all.filter((s) => phase(s) < 2).sort((a, b) => {
    const pa = phase(a), pb = phase(b);
    if (pa !== pb) return pa - pb;
    if (pa === 0 && a.kind !== 'proxy' && b.kind !== 'proxy') return walk(a, b);
    if (pa === 1) {
      const da = slashes(a.pattern), db = slashes(b.pattern);
      if (da !== db) return da - db;
    }
    return byVhostThenOrder(a, b);
  });
  const container = (s: Scope) => (s.within ? dirs.indexOf(s.within) : -1);
  const files = all.filter((s) => phase(s) === 2).sort((a, b) => container(a) - container(b) || byVhostThenOrder(a, b));
  const locations = all.filter((s) => phase(s) === 3).sort(byVhostThenOrder);
  return [...dirs, ...files, ...locations];
}
