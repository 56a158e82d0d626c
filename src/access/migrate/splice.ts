/**
 * A model with one file's sections replaced by those of an edited copy, without
 * reading the rest of the project again (the guard checks one file at a time).
 */
import type { ConfigFile } from '../../ast/nodes.js';
import { includeSitesOf, type Project } from '../../project/project.js';
import { buildModel, isFragment, type Model, type Scope, type SourceInput } from '../model/index.js';
import { memo } from '../../ast/memo.js';
import { deriveContextIndex } from '../decide/index.js';
import { cacheSlot } from '../../project/run-cache.js';

/** True when the file is read at server level (not from inside a section), so that it can be read alone. */
export function spliceable(project: Project, path: string): boolean {
  return includeSitesOf(project, path).every((s) => s.context.length === 0) && project.byPath.get(path)?.kind === 'conf';
}

/** A .htaccess file that can be read alone: one that names no other file (it is never included; it includes nothing). */
export function htaccessAlone(project: Project, path: string): boolean {
  return project.byPath.get(path)?.kind === 'htaccess' && !project.includes.some((s) => s.from === path);
}

/** The edited file read alone, as the reference's version and modules read it (a .htaccess file as the one of `htaccessDir`). */
export function readAlone(reference: Model, edited: ConfigFile, htaccessDir?: string): Model {
  const input: SourceInput = htaccessDir !== undefined ? { file: edited, kind: 'htaccess', dir: htaccessDir }
    : { file: edited, kind: 'conf', ...(isFragment(edited) ? { wrap: '/probe' } : {}) };
  return buildModel([input], {
    version: reference.version, modules: reference.modules, anyModule: reference.cond?.anyModule ?? false, cache: reference.cache, serverRoot: reference.serverRoot ?? null,
  });
}

/**
 * False when a virtual host of the file read alone shares its name with another of the tree: the
 * tree numbers such hosts by their place in it (`*:80 a.test`, `*:80 a.test#2`), which the file
 * read alone cannot know, so its sections must be read in the whole tree instead.
 */
export function vhostsNamedAlike(reference: Model, part: Model): boolean {
  const known = vhostSet(reference);
  return part.vhosts.every((v) => !known.has(`${v.replace(/#\d+$/, '')}#2`));
}

/**
 * True when the file read alone (`part`) gives exactly the sections the reference holds for it:
 * the same kinds, patterns, contexts, nesting, errors and access items, in one unbroken run of
 * the configuration order, and no server-level fact the reference lacks. Splicing it in then
 * leaves a model that decides every request as the reference does, so nothing needs evaluating.
 */
export function readsTheSame(reference: Model, part: Model, path: string): boolean {
  const old = scopesByPath(reference).get(path) ?? [];
  const now = part.scopes;
  if (old.length !== now.length || part.errors.length) return false;
  if (!part.vhosts.every((v) => vhostSet(reference).has(v)) || !sameEntries(reference.docroots, part.docroots)) return false;
  if (![...part.aliases].every(([k, v]) => same(reference.aliases.get(k), v))) return false;
  return old.every((o, i) => {
    const n = now[i]!;
    return o.order === old[0]!.order + i && o.kind === n.kind && o.pattern === n.pattern && o.vhost === n.vhost
      && String(o.regex) === String(n.regex) && (o.within ? old.indexOf(o.within) : -1) === (n.within ? now.indexOf(n.within) : -1)
      && o.hasContent === n.hasContent && same(o.errors, n.errors) && same(o.items, n.items);
  });
}

function scopesByPath(model: Model): Map<string, Scope[]> {
  return memo(model, 'scopesByPath', () => {
    const out = new Map<string, Scope[]>();
    for (const s of model.scopes) {
      const list = out.get(s.path);
      if (list) list.push(s);
      else out.set(s.path, [s]);
    }
    return out;
  });
}

/** Deep equality of plain data (primitives, bigints, arrays, plain objects, RegExps), for items and errors. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof RegExp || b instanceof RegExp) return String(a) === String(b) && a instanceof RegExp && b instanceof RegExp;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  // Key by key, without listing them (this runs on every item of every file the guard checks).
  const oa = a as Record<string, unknown>, ob = b as Record<string, unknown>;
  let count = 0;
  for (const k in oa) {
    if (!Object.hasOwn(oa, k)) continue;
    if (!Object.hasOwn(ob, k) || !same(oa[k], ob[k])) return false;
    count++;
  }
  for (const k in ob) if (Object.hasOwn(ob, k)) count--;
  return count === 0;
}

export function spliceFile(reference: Model, edited: ConfigFile, part = readAlone(reference, edited)): Model {
  const old = reference.scopes.filter((s) => s.path === edited.path);
  const base = old.length ? Math.min(...old.map((s) => s.order)) : reference.scopes.length;
  const n = part.scopes.length + 1;
  part.scopes.forEach((s, i) => { s.order = base + (i + 1) / n - 1; });
  const scopes = [...reference.scopes.filter((s) => s.path !== edited.path), ...part.scopes];
  const known = vhostSet(reference);
  const vhosts = part.vhosts.every((v) => known.has(v)) ? reference.vhosts : [...new Set([...reference.vhosts, ...part.vhosts])];
  const docroots = sameEntries(reference.docroots, part.docroots) ? reference.docroots : new Map([...reference.docroots, ...part.docroots]);
  const aliases = [...part.aliases].every(([k, v]) => same(reference.aliases.get(k), v)) ? reference.aliases : new Map([...reference.aliases, ...part.aliases]);
  const out: Model = { ...reference, scopes, vhosts, docroots, aliases, errors: part.errors.length ? [...reference.errors, ...part.errors] : reference.errors };
  deriveContextIndex(reference, out, edited.path, part.scopes);
  return out;
}

const VHOST_SETS = cacheSlot('virtual hosts as a set, per model', () => new WeakMap<Model, Set<string>>());
function vhostSet(m: Model): Set<string> {
  const sets = m.cache.get(VHOST_SETS);
  let s = sets.get(m);
  if (!s) { s = new Set(m.vhosts); sets.set(m, s); }
  return s;
}

function sameEntries<V>(big: ReadonlyMap<string, V>, small: ReadonlyMap<string, V>): boolean {
  for (const [k, v] of small) if (big.get(k) !== v) return false;
  return true;
}
