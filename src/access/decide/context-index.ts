/**
 * The sections of each context (the main server's, a virtual host's), indexed once per model: the
 * lists in configuration order, and per context the directory, `<Files>` and `<Location>` sections by
 * pattern, so that a request looks up its own instead of testing every section.
 */
import type { Model, Scope } from '../model/index.js';
import { cacheSlot, type RunCache } from '../../project/run-cache.js';
import { components, dirCovers, hasWild } from './patterns.js';

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

export interface DirIndex {
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
export function dirIndex(model: Model, key: string): DirIndex {
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
 * The `<Directory>` sections (not regex ones) of the main server and of a virtual host that cover
 * a directory: what AllowOverride is read from. Looked up in the contexts' indexes by the
 * directory's own path and each one above it, so a tree of thousands of .htaccess files next to
 * thousands of `<Directory>` blocks stays linear. In configuration order.
 */
export function directoriesCovering(model: Model, vhost: string, dir: string): Scope[] {
  return covering(model, vhost, dir, 'directory');
}

/** The .htaccess files of the main server and of a virtual host in a directory and the directories above it, in configuration order. */
export function htaccessCovering(model: Model, vhost: string, dir: string): Scope[] {
  return covering(model, vhost, dir, 'htaccess');
}

function covering(model: Model, vhost: string, dir: string, kind: 'directory' | 'htaccess'): Scope[] {
  const hits: Scope[] = [];
  const keys = coveringKeys(dir);
  for (const part of vhost === '' ? [''] : ['', vhost]) {
    const ix = dirIndex(model, part);
    for (const s of kind === 'directory' ? ix.otherDirectories : ix.rest) if (s.kind === kind && dirCovers(model.cache, s.pattern, dir)) hits.push(s);
    for (const k of keys) for (const s of ix.byPattern.get(k) ?? []) if (s.kind === kind && dirCovers(model.cache, s.pattern, dir)) hits.push(s);
  }
  return hits.sort((a, b) => a.order - b.order);
}

/**
 * The directory walk's order of the `<Directory>` sections and .htaccess files that apply (semantics §2.1): by
 * components, a directory's .htaccess after its sections, the main server's before the virtual host's, then as written.
 */
export function walkOrder(cache: RunCache): (a: Scope, b: Scope) => number {
  return (a, b) => {
    const da = components(cache, a.pattern), db = components(cache, b.pattern);
    if (da !== db) return da - db;
    const ha = a.kind === 'htaccess' ? 1 : 0, hb = b.kind === 'htaccess' ? 1 : 0;
    return ha - hb || byVhostThenOrder(a, b);
  };
}

/** The main server's sections before a virtual host's, then in configuration order. */
export function byVhostThenOrder(a: Scope, b: Scope): number {
  return (a.vhost === '' ? 0 : 1) - (b.vhost === '' ? 0 : 1) || a.order - b.order;
}

/** The plain directory patterns that can cover `dir`: itself, '/', and `dir` up to each of its slashes, each once. */
export function coveringKeys(dir: string): string[] {
  const keys = [dir];
  if (dir.startsWith('/')) addKey(keys, '/');
  for (let i = dir.indexOf('/', 1); i > 0; i = dir.indexOf('/', i + 1)) addKey(keys, dir.slice(0, i));
  return keys;
}

/** The plain `<Location>` patterns that can cover `url` (locationCovers): itself, '' and '/', and `url` up to each of its slashes, with and without it, each once. */
export function locationKeys(url: string): string[] {
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
export function addKey(keys: string[], k: string): string[] {
  if (!keys.includes(k)) keys.push(k);
  return keys;
}

