/** Which sections apply to a request, in httpd's merge order (semantics §2.1). */
import type { Model, Request, Scope, Version } from '../model/index.js';
import { cacheSlot, type RunCache } from '../../project/run-cache.js';
import { byLocation, locationTables } from './by-location.js';
import { readInContext } from './access-file-read.js';

/** A compiled fnmatch pattern (wildcard): whether a string matches it. */
export interface Wildcard {
  test(s: string): boolean;
}

/** One step of a wildcard: `*`, `?`, a bracket expression (the characters it takes) or a character. */
type Step = { k: 'star' } | { k: 'one' } | { k: 'set'; takes: (c: string) => boolean } | { k: 'char'; c: string };

/**
 * An fnmatch-style wildcard (`*`, `?`, `[...]`, no escapes). With `pathname`, only a `/` of the pattern
 * matches a `/` (`*`, `?` and bracket expressions do not). Matched without backtracking regexes: as a
 * regex, a pattern with many `*` (a comment's row of asterisks in a mutated `<Directory>` line, found by a
 * fuzzer) took exponential time on a name it did not match, and a 2 KB file never finished. Here only the
 * last `*` is ever taken back, so a match costs at most the product of the two lengths.
 */
export function wildcard(pattern: string, pathname: boolean): Wildcard {
  const steps: Step[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') {
      if (steps[steps.length - 1]?.k !== 'star') steps.push({ k: 'star' });
    } else if (c === '?') steps.push({ k: 'one' });
    else if (c === '[' && pattern.indexOf(']', i + 1) >= 0) {
      const end = pattern.indexOf(']', i + 1);
      steps.push({ k: 'set', takes: bracket(pattern.slice(i + 1, end)) });
      i = end;
    } else steps.push({ k: 'char', c });
  }
  const fits = (step: Step, c: string): boolean => {
    if (step.k === 'char') return step.c === c;
    if (pathname && c === '/') return false;
    return step.k === 'one' || (step.k === 'set' && step.takes(c));
  };
  return {
    test(s: string): boolean {
      let at = 0;
      let i = 0;
      let star = -1;
      let from = 0;
      while (i < s.length) {
        const step = steps[at];
        if (step?.k === 'star') {
          star = at++;
          from = i;
        } else if (step && fits(step, s[i]!)) {
          at++;
          i++;
        } else if (star >= 0 && !(pathname && s[from] === '/')) {
          at = star + 1;
          i = ++from;
        } else {
          return false;
        }
      }
      while (steps[at]?.k === 'star') at++;
      return at === steps.length;
    },
  };
}

/**
 * What a bracket expression's body takes: `!` or `^` first negates, `a-z` is a range, and every other
 * character stands for itself (a backslash too). A range whose ends are reversed takes nothing, as in
 * APR's fnmatch (as a regex class it was invalid, and a rule crashed on the file: found by a fuzzer).
 */
function bracket(body: string): (c: string) => boolean {
  const negate = body.startsWith('!') || body.startsWith('^');
  const singles = new Set<string>();
  const ranges: [string, string][] = [];
  for (let i = negate ? 1 : 0; i < body.length; i++) {
    const lo = body[i]!;
    if (body[i + 1] === '-' && i + 2 < body.length) {
      const hi = body[i + 2]!;
      if (lo <= hi) ranges.push([lo, hi]);
      i += 2;
    } else {
      singles.add(lo);
    }
  }
  return (c) => (singles.has(c) || ranges.some(([lo, hi]) => lo <= c && c <= hi)) !== negate;
}

const WILDCARDS = cacheSlot('wildcard patterns compiled', () => new Map<string, Wildcard>());
function wc(cache: RunCache, pattern: string, pathname: boolean): Wildcard {
  const compiled = cache.get(WILDCARDS);
  const key = (pathname ? '1' : '0') + pattern;
  let r = compiled.get(key);
  if (!r) { r = wildcard(pattern, pathname); compiled.set(key, r); }
  return r;
}

// Regexes the hot paths test live here, not as literals in the functions: a literal makes a new RegExp object each time it is evaluated.
const WILD = /[*?[]/;

/** Whether a section pattern holds fnmatch wildcards (`*`, `?`, `[`). */
export const hasWild = (s: string) => WILD.test(s);

const COMPONENTS = cacheSlot('path components counted', () => new Map<string, number>());

/** The number of components of a path (`/` has none), through the run's memo: the merge order sorts by it. */
function components(cache: RunCache, p: string): number {
  const counted = cache.get(COMPONENTS);
  let n = counted.get(p);
  if (n === undefined) counted.set(p, (n = p === '/' ? 0 : p.split('/').filter(Boolean).length));
  return n;
}

/** Does a non-regex `<Directory D>` (or .htaccess dir) cover the directory `dir`? (`cache`: the run's memo of compiled wildcards.) */
export function dirCovers(cache: RunCache, pattern: string, dir: string): boolean {
  if (pattern === '/') return dir.startsWith('/');
  if (!hasWild(pattern)) return dir === pattern || under(dir, pattern);
  const pc = pattern.split('/');
  const dc = dir.split('/');
  if (dc.length < pc.length) return false;
  return wc(cache, pattern, true).test(dc.slice(0, pc.length).join('/'));
}

/** The file a request maps to, split once for all the sections asked about it. */
interface Target { file: string; dir: string; base: string }

function targetOf(file: string): Target {
  const i = file.lastIndexOf('/');
  return { file, dir: i <= 0 ? '/' : file.slice(0, i), base: file.slice(i + 1) };
}

/** True when `path` lies below `prefix` (`prefix` + `/` + more), without building the string. */
function under(path: string, prefix: string): boolean {
  return path.length > prefix.length && path.charCodeAt(prefix.length) === 47 && path.startsWith(prefix);
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
      // versions do so (2.2.34 and 2.4 request.c; the differential's GEN_EXTENDED scenarios on the real 2.4.68). Options
      // are not modelled: under SymLinksIfOwnerMatch or without FollowSymLinks httpd does not, and this reads the default.
      // (For a pattern without wildcards that is the file itself alone: one that covers a path below it covers its directory.)
      return !proxied && (dirCovers(cache, s.pattern, at.dir) || req.file === s.pattern || (hasWild(s.pattern) && dirCovers(cache, s.pattern, req.file)))
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

interface ContextIndex {
  own: Map<string, Scope[]>;
  both: Map<string, Scope[]>;
  /** By context: its literal `<Directory>` and .htaccess scopes by path, so a request looks up its own directories. */
  dirs?: Map<string, DirIndex>;
  /** For a derived model: the model it was copied from, and the contexts whose scopes changed. */
  base?: Model;
  changed?: ReadonlySet<string>;
}

const CONTEXT_INDEX = cacheSlot('sections by context, per model', () => new WeakMap<Model, ContextIndex>());

function indexOf(model: Model): ContextIndex {
  const indexes = model.cache.get(CONTEXT_INDEX);
  let c = indexes.get(model);
  if (!c) {
    c = { own: new Map(), both: new Map() };
    for (const s of model.scopes) {
      const list = c.own.get(s.vhost);
      if (list) list.push(s); else c.own.set(s.vhost, [s]);
    }
    indexes.set(model, c);
  }
  return c;
}

/** The scopes a model holds for one context alone ('' = the main server's own). */
function ownScopes(model: Model, vhost: string): Scope[] {
  const c = indexOf(model);
  const hit = c.own.get(vhost);
  if (hit) return hit;
  if (c.base && !c.changed!.has(vhost)) return ownScopes(c.base, vhost);
  return [];
}

/**
 * Indexes `to`, a copy of `from` in which only the scopes of file `path` were
 * replaced by `added`, without scanning every scope again.
 */
export function deriveContextIndex(from: Model, to: Model, path: string, added: readonly Scope[]): void {
  const changed = new Set<string>();
  for (const s of added) changed.add(s.vhost);
  for (const v of indexOf(from).own.keys()) if (ownScopes(from, v).some((s) => s.path === path)) changed.add(v);
  const own = new Map<string, Scope[]>();
  for (const v of changed) {
    own.set(v, [...ownScopes(from, v).filter((s) => s.path !== path), ...added.filter((s) => s.vhost === v)].sort((a, b) => a.order - b.order));
  }
  to.cache.get(CONTEXT_INDEX).set(to, { own, both: new Map(), base: from, changed });
}

/** The scopes of the main server and of one virtual host ('' = main server only), in configuration order. */
export function contextScopes(model: Model, vhost: string): Scope[] {
  const c = indexOf(model);
  if (c.base && !c.changed!.has(vhost) && !c.changed!.has('')) return contextScopes(c.base, vhost);
  let both = c.both.get(vhost);
  if (!both) {
    const main = ownScopes(model, '');
    both = vhost === '' ? main : [...main, ...ownScopes(model, vhost)];
    c.both.set(vhost, both);
  }
  return both;
}

interface DirIndex {
  /** Directory and .htaccess scopes with a plain absolute pattern (no wildcard, no trailing or double slash), by pattern. */
  byPattern: Map<string, Scope[]>;
  /**
   * `<Files>` and `<FilesMatch>` sections inside such a scope, by its pattern: they apply only where it does, so they
   * are looked up with it (a hosting tree's .htaccess files with a `<Files ~>` block each are not all tested for every request).
   */
  byWithin: Map<string, Scope[]>;
  /**
   * `<Location>` sections with a plain pattern (no wildcard), by pattern: one applies only where its pattern is the
   * URL or the URL up to one of its slashes (locationCovers), so a virtual host with thousands of them is not tested
   * for every request.
   */
  byLocation: Map<string, Scope[]>;
  /** Every other scope, tested one by one. */
  rest: Scope[];
  /** The `<Directory>` sections among `rest` (wildcards, trailing or double slashes). */
  otherDirectories: Scope[];
  /** Each scope's place in its context's own list, to give the applicable ones in that order. */
  position: Map<Scope, number>;
}

const plainDir = (s: Scope) => (s.kind === 'directory' || s.kind === 'htaccess') && s.pattern.startsWith('/') && !hasWild(s.pattern)
  && (s.pattern === '/' || (!s.pattern.endsWith('/') && !s.pattern.includes('//')));

/**
 * The index of one context's own scopes ('' = the main server's), positions counted in that list.
 * The main server's is made once per model and shared by every virtual host (a hosting tree's
 * thousands of .htaccess scopes are not indexed again for each site); a derived model reuses its
 * base's index of a context it did not change.
 */
function dirIndex(model: Model, key: string): DirIndex {
  const c = indexOf(model);
  if (c.base && !c.changed!.has(key)) return dirIndex(c.base, key);
  c.dirs ??= new Map();
  let ix = c.dirs.get(key);
  if (!ix) {
    ix = { byPattern: new Map(), byWithin: new Map(), byLocation: new Map(), rest: [], otherDirectories: [], position: new Map() };
    for (const [i, s] of ownScopes(model, key).entries()) {
      ix.position.set(s, i);
      if ((s.kind === 'files' || s.kind === 'filesmatch') && s.within && plainDir(s.within)) {
        const same = ix.byWithin.get(s.within.pattern);
        if (same) same.push(s); else ix.byWithin.set(s.within.pattern, [s]);
      } else if (s.kind === 'location' && !hasWild(s.pattern)) {
        const same = ix.byLocation.get(s.pattern);
        if (same) same.push(s); else ix.byLocation.set(s.pattern, [s]);
      } else if (!plainDir(s)) {
        ix.rest.push(s);
        if (s.kind === 'directory') ix.otherDirectories.push(s);
      } else {
        const same = ix.byPattern.get(s.pattern);
        if (same) same.push(s); else ix.byPattern.set(s.pattern, [s]);
      }
    }
    c.dirs.set(key, ix);
  }
  return ix;
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

/**
 * The `<Directory>` sections (not regex ones) of the main server and of a virtual host that cover
 * a directory: what AllowOverride is read from. Looked up in the contexts' indexes by the
 * directory's own path and each one above it, so a tree of thousands of .htaccess files next to
 * thousands of `<Directory>` blocks stays linear. In configuration order.
 */
export function directoriesCovering(model: Model, vhost: string, dir: string): Scope[] {
  const hits: Scope[] = [];
  const keys = coveringKeys(dir);
  for (const part of vhost === '' ? [''] : ['', vhost]) {
    const ix = dirIndex(model, part);
    for (const s of ix.otherDirectories) if (dirCovers(model.cache, s.pattern, dir)) hits.push(s);
    for (const k of keys) for (const s of ix.byPattern.get(k) ?? []) if (s.kind === 'directory' && dirCovers(model.cache, s.pattern, dir)) hits.push(s);
  }
  return hits.sort((a, b) => a.order - b.order);
}

/** The plain directory patterns that can cover `dir`: itself, '/', and `dir` up to each of its slashes, each once. */
function coveringKeys(dir: string): string[] {
  const keys = [dir];
  if (dir.startsWith('/')) addKey(keys, '/');
  for (let i = dir.indexOf('/', 1); i > 0; i = dir.indexOf('/', i + 1)) addKey(keys, dir.slice(0, i));
  return keys;
}

/** The plain `<Location>` patterns that can cover `url` (locationCovers): itself, '' and '/', and `url` up to each of its slashes, with and without it, each once. */
function locationKeys(url: string): string[] {
  const keys = [url];
  addKey(keys, '');
  addKey(keys, '/');
  for (let i = url.indexOf('/', 1); i > 0; i = url.indexOf('/', i + 1)) {
    addKey(keys, url.slice(0, i));
    addKey(keys, url.slice(0, i + 1));
  }
  return keys;
}

/** Adds a key once (a section listed under it is met once), and gives the list. */
function addKey(keys: string[], k: string): string[] {
  if (!keys.includes(k)) keys.push(k);
  return keys;
}

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
  const byVhostThenOrder = (a: Scope, b: Scope) => (a.vhost === '' ? 0 : 1) - (b.vhost === '' ? 0 : 1) || a.order - b.order;
  const dirs = all.filter((s) => phase(s) < 2).sort((a, b) => {
    const pa = phase(a), pb = phase(b);
    if (pa !== pb) return pa - pb;
    if (pa === 0 && a.kind !== 'proxy' && b.kind !== 'proxy') {
      const da = components(model.cache, a.pattern), db = components(model.cache, b.pattern);
      if (da !== db) return da - db;
      const ha = a.kind === 'htaccess' ? 1 : 0, hb = b.kind === 'htaccess' ? 1 : 0;
      if (ha !== hb) return ha - hb;
    }
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
