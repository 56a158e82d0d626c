/**
 * Merging the applicable sections into the effective per-directory state, the
 * way each version does (semantics §2.1, §3.4, §3.5, §1.9).
 */
import type { AuthzNode, Item, Mask, Model, Request, Scope, SettingKey } from './model.js';
import { applicableScopes, dirCovers } from './match.js';

/** Does a directive mask apply to the request method? HEAD counts as GET. */
export function applies(mask: Mask, method: string): boolean {
  if (!mask) return true;
  const m = method === 'HEAD' ? 'GET' : method;
  return mask.methods.includes(m) !== mask.except;
}

type HostItem = Extract<Item, { k: 'order' | 'allow' | 'deny' | 'satisfy' }>;

export interface Merged {
  /** Order/Allow/Deny (and in 2.4, Satisfy) of the last section that set any: no merger (§2.1, §3.5). */
  host: HostItem[] | null;
  /** 2.2: Require lines of the last section with any. */
  requires: Extract<Item, { k: 'require' }>[];
  /** 2.2: Satisfy items in merge order (merged per method). */
  satisfy: Extract<Item, { k: 'satisfy' }>[];
  /** 2.4: the merged Require tree. */
  tree: AuthzNode | null;
  /** Settings, with the module records that have no merger reset together. */
  settings: Map<SettingKey, string>;
  /** A .htaccess problem that makes the request fail with 500. */
  fail: string | null;
  /** Start-up errors of the scopes involved. */
  errors: string[];
  scopes: Scope[];
}

/** Settings that live in one module record without a merger: any of them in a section resets the others. */
const RECORDS: SettingKey[][] = [
  ['authgroupfile', 'authzgroupfileauthoritative'],
  ['authdbmgroupfile', 'authzdbmauthoritative'],
  ['authzuserauthoritative'], ['authzownerauthoritative'], ['authzdefaultauthoritative'], ['authzldapauthoritative'],
];

const LIMIT = new Set(['order', 'allow', 'deny']);

function allowedByOverride(it: Item, cats: ReadonlySet<string>): boolean {
  if (cats.has('all')) return true;
  if (it.k === 'set' && it.key === 'allowoverride') return false;
  if (LIMIT.has(it.k)) return cats.has('limit');
  return cats.has('authconfig');
}

/** The AllowOverride in force for a directory, from the `<Directory>` sections covering it (null = unset). */
export function overrideFor(model: Model, vhost: string, dir: string): string | null {
  let v: string | null = null;
  const dirs = model.scopes.filter((s) => s.kind === 'directory' && (s.vhost === '' || s.vhost === vhost) && dirCovers(s.pattern, dir));
  dirs.sort((a, b) => a.pattern.split('/').length - b.pattern.split('/').length || (a.vhost === b.vhost ? 0 : a.vhost === '' ? -1 : 1) || a.order - b.order);
  for (const s of dirs) for (const it of s.items) if (it.k === 'set' && it.key === 'allowoverride') v = it.value;
  return v;
}

const mergeCache = new WeakMap<Model, Map<string, Merged>>();

/** The merged state for a request's context and location (cached: it does not depend on client or method). */
export function merge(model: Model, req: Request): Merged {
  let cache = mergeCache.get(model);
  if (!cache) { cache = new Map(); mergeCache.set(model, cache); }
  const key = req.key ?? `${req.vhost}\0${req.path}\0${req.file}`;
  let hit = cache.get(key);
  if (!hit) { hit = mergeUncached(model, req); cache.set(key, hit); }
  return hit;
}

/** The merged state up to and including `upTo` (the whole merge when null). */
export function mergeUncached(model: Model, req: Request, upTo: Scope | null = null): Merged {
  const m: Merged = { host: null, requires: [], satisfy: [], tree: null, settings: new Map(), fail: null, errors: [], scopes: [] };
  const v24 = model.version === '2.4';
  const list = applicableScopes(model, req);
  const cut = upTo ? list.indexOf(upTo) : -1;
  for (const s of cut >= 0 ? list.slice(0, cut + 1) : list) {
    let items = s.items;
    if (s.kind === 'htaccess') {
      const explicit = overrideFor(model, req.vhost, s.pattern);
      const migrated = model.htaccessOverride === 'migrated';
      const ov = explicit ?? (v24 && !migrated ? '' : 'All');
      const cats = new Set(ov.toLowerCase().split(/\s+/).filter(Boolean));
      if (migrated && cats.has('limit')) cats.add('authconfig');
      if (cats.has('none')) continue;
      const bad = items.find((it) => !allowedByOverride(it, cats));
      if (bad) { m.fail = `${s.path}: ${bad.k === 'set' ? bad.key : bad.k} not allowed here`; continue; }
      if (s.errors.length) { m.fail = `${s.path}: ${s.errors[0]}`; continue; }
    } else if (s.errors.length) m.errors.push(...s.errors);
    m.scopes.push(s);
    mergeScope(m, items, v24);
  }
  return m;
}

function mergeScope(m: Merged, items: readonly Item[], v24: boolean): void {
  const host = items.filter((i): i is HostItem => LIMIT.has(i.k) || (v24 && i.k === 'satisfy'));
  if (host.length) m.host = host;
  if (!v24) {
    const req = items.filter((i): i is Extract<Item, { k: 'require' }> => i.k === 'require');
    if (req.length) m.requires = req;
    for (const i of items) if (i.k === 'satisfy') m.satisfy.push(i);
  } else {
    mergeAuthz(m, items);
  }
  const sets = items.filter((i): i is Extract<Item, { k: 'set' }> => i.k === 'set');
  for (const rec of RECORDS) {
    if (sets.some((i) => rec.includes(i.key))) for (const k of rec) m.settings.delete(k);
  }
  for (const i of sets) m.settings.set(i.key, i.value);
}

/** merge_authz_core_dir_config (semantics §3.4). */
function mergeAuthz(m: Merged, items: readonly Item[]): void {
  const nodes = items.filter((i): i is Extract<Item, { k: 'authz' }> => i.k === 'authz').map((i) => i.node);
  const opItem = [...items].reverse().find((i): i is Extract<Item, { k: 'authmerging' }> => i.k === 'authmerging');
  if (!nodes.length && !opItem) return; // no authz_core record in this section
  const section: AuthzNode | null = nodes.length
    ? { kind: 'container', op: 'or', negate: false, mask: unionMask(nodes.map((n) => n.mask)), children: nodes }
    : null;
  const op = opItem?.value ?? 'unset';
  const base = m.tree;
  if (op === 'unset' && !section && base) return;
  if (op === 'off' || op === 'unset' || !(base || section)) { m.tree = section; return; }
  if (base && section) m.tree = { kind: 'container', op: op === 'and' ? 'and' : 'or', negate: false, mask: unionMask([base.mask, section.mask]), children: [base, section] };
  else m.tree = base ?? section;
}

function unionMask(masks: Mask[]): Mask {
  if (masks.some((x) => x === null || x.except)) {
    if (masks.every((x) => x !== null && x.except)) {
      // intersection of the excluded lists
      const lists = masks.map((x) => x!.methods);
      return { except: true, methods: lists[0]!.filter((mm) => lists.every((l) => l.includes(mm))) };
    }
    if (masks.some((x) => x === null)) return null;
    const ex = masks.filter((x) => x!.except).map((x) => x!.methods);
    const inc = masks.filter((x) => !x!.except).flatMap((x) => x!.methods);
    const excluded = ex[0]!.filter((mm) => ex.every((l) => l.includes(mm)) && !inc.includes(mm));
    return { except: true, methods: excluded };
  }
  return { except: false, methods: [...new Set(masks.flatMap((x) => x!.methods))] };
}
