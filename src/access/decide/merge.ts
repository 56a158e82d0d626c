/**
 * Merging the applicable sections into the effective per-directory state, the
 * way each version does (semantics §2.1, §3.4, §3.5, §1.9).
 */
import type { AuthzNode, Item, Mask, Model, Request, Scope, SettingKey } from '../model/index.js';
import { applicableScopes, phase } from './match.js';
import { htaccessOverride } from './overrides.js';
import { overrideOptions, refusedOptions } from '../../apache/options.js';
import { cacheSlot } from '../../project/run-cache.js';
import { methodOf } from '../../apache/access-directives.js';
import { byLocation, locationTables } from './by-location.js';

/** Does a directive mask apply to the request method? Names are case-sensitive; HEAD counts as GET (semantics §1.10). */
export function applies(mask: Mask, method: string): boolean {
  if (!mask) return true;
  const m = methodOf(method);
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
  /** The .htaccess files httpd opened for the request and answered 500 on (those `fail` comes from). */
  failed: Scope[];
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

const LIMIT: ReadonlySet<string> = new Set(['order', 'allow', 'deny']);
const NONFATAL = /(^|\s)nonfatal=(override|all)(\s|$)/i;

function allowedByOverride(it: Item, cats: ReadonlySet<string>): boolean {
  if (cats.has('all')) return true;
  if (it.k === 'set' && it.key === 'allowoverride') return false;
  if (LIMIT.has(it.k)) return cats.has('limit');
  return cats.has('authconfig');
}

const MERGED = locationTables<Merged>('merged state by location, per model');

/** The .htaccess a section sits in, if any (a `<Files>` inside a .htaccess). */
export function htaccessOf(s: Scope): Scope | null {
  for (let w = s.within; w; w = w.within) if (w.kind === 'htaccess') return w;
  return null;
}

const NESTED = cacheSlot('sections inside each .htaccess, per model', () => new WeakMap<Model, Map<Scope, Scope[]>>());

/** The sections inside each .htaccess of a model. */
function nestedIn(model: Model, h: Scope): Scope[] {
  const byModel = model.cache.get(NESTED);
  let map = byModel.get(model);
  if (!map) {
    map = new Map();
    for (const s of model.scopes) {
      const home = s.kind === 'htaccess' ? null : htaccessOf(s);
      if (home) map.set(home, [...(map.get(home) ?? []), s]);
    }
    byModel.set(model, map);
  }
  return map.get(h) ?? [];
}

/**
 * How a .htaccess is read for a request (semantics §1.9): 'ignored' under
 * AllowOverride None, a 500 message when any line in it (its <Files> sections
 * included) is not allowed or is wrong, else 'ok'.
 */
function htaccessState(model: Model, vhost: string, h: Scope): 'ok' | 'ignored' | string {
  const { value: ov, categories: cats, words } = htaccessOverride(model, vhost, h.pattern);
  if (ov !== '' && cats.size === 0) return 'ignored';
  if (cats.size === 0 && h.hasContent) return `${h.path}: nothing is allowed here (AllowOverride is unset)`;
  let allowed: number | undefined; // the options AllowOverride lets the file name, read once, where it has Options lines
  for (const x of [h, ...nestedIn(model, h)]) {
    const bad = x.items.find((it) => !allowedByOverride(it, cats));
    if (bad) return `${h.path}: ${bad.k === 'set' ? bad.key : bad.k} not allowed here`;
    // 2.4's AllowOverride Nonfatal=Override (or All) ignores such a line instead, with a warning in the error log.
    const refused = !NONFATAL.test(ov) && x.overrideNeeds?.find((n) => n.need === '' || !n.need.split(' ').some((c) => cats.has(c)));
    if (refused) return `${h.path}: ${refused.name} not allowed here`;
    if (x.errors.length) return `${h.path}: ${x.errors[0]}`;
    // Options lines naming an option AllowOverride Options (or Options=…) does not allow: fatal even under Nonfatal.
    for (const optionWords of x.optionLines ?? []) {
      const why = refusedOptions(optionWords, (allowed ??= overrideOptions(words)));
      if (why) return `${h.path}: ${why}`;
    }
  }
  return 'ok';
}


/** The merged state for a request's context and location (cached: it does not depend on client or method). */
export function merge(model: Model, req: Request): Merged {
  return byLocation(MERGED, model, req, mergeUncached);
}

/** The merged state up to and including `upTo` (the whole merge when null). */
export function mergeUncached(model: Model, req: Request, upTo: Scope | null = null): Merged {
  const m: Merged = { host: null, requires: [], satisfy: [], tree: null, settings: new Map(), fail: null, failed: [], errors: [], scopes: [] };
  const v24 = model.version === '2.4';
  const list = applicableScopes(model, req);
  const cut = upTo ? list.indexOf(upTo) : -1;
  const skipped = new Set<Scope>();
  // 2.4's authz record: the file and location walks merge their sections among themselves first, then
  // the result onto the record so far (ap_file_walk, ap_location_walk); the directory walk, one by one.
  let authz: AuthzConf = NO_AUTHZ;
  let walk: { phase: number; conf: AuthzConf } | null = null;
  const flush = (): void => {
    if (walk) authz = mergeAuthz(authz, walk.conf);
    walk = null;
  };
  for (const s of cut >= 0 ? list.slice(0, cut + 1) : list) {
    const items = s.items;
    const home = s.kind === 'htaccess' ? null : htaccessOf(s);
    if (home && skipped.has(home)) continue; // a <Files> of a .htaccess that is ignored or failed
    if (s.kind === 'htaccess') {
      const st = htaccessState(model, req.vhost, s);
      if (st !== 'ok') {
        skipped.add(s);
        if (st !== 'ignored') { m.fail = st; m.failed.push(s); }
        continue;
      }
    } else if (s.errors.length && !home) m.errors.push(...s.errors);
    m.scopes.push(s);
    mergeScope(m, items, v24);
    if (!v24) continue;
    const p = phase(s);
    if (walk && walk.phase !== p) flush();
    if (p < 2) authz = mergeAuthz(authz, authzConf(items));
    else walk = { phase: p, conf: walk ? mergeAuthz(walk.conf, authzConf(items)) : authzConf(items) };
  }
  flush();
  if (v24) m.tree = authz.tree;
  return m;
}

function mergeScope(m: Merged, items: readonly Item[], v24: boolean): void {
  const host = items.filter((i): i is HostItem => LIMIT.has(i.k) || (v24 && i.k === 'satisfy'));
  if (host.length) m.host = host;
  if (!v24) {
    const req = items.filter((i): i is Extract<Item, { k: 'require' }> => i.k === 'require');
    if (req.length) m.requires = req;
    for (const i of items) if (i.k === 'satisfy') m.satisfy.push(i);
  }
  const sets = items.filter((i): i is Extract<Item, { k: 'set' }> => i.k === 'set');
  for (const rec of RECORDS) {
    if (sets.some((i) => rec.includes(i.key))) for (const k of rec) m.settings.delete(k);
  }
  for (const i of sets) m.settings.set(i.key, i.value);
}

/** A section's mod_authz_core record: its Require tree (the implicit <RequireAny> of its lines) and AuthMerging. */
interface AuthzConf {
  tree: AuthzNode | null;
  op: 'unset' | 'off' | 'and' | 'or';
}

const NO_AUTHZ: AuthzConf = { tree: null, op: 'unset' };

function authzConf(items: readonly Item[]): AuthzConf {
  // A section without Require or AuthMerging has no authz_core record: it leaves the record so far as it is.
  if (!items.some((i) => i.k === 'authz' || i.k === 'authmerging')) return NO_AUTHZ;
  const nodes = items.filter((i): i is Extract<Item, { k: 'authz' }> => i.k === 'authz').map((i) => i.node);
  const opItem = [...items].reverse().find((i): i is Extract<Item, { k: 'authmerging' }> => i.k === 'authmerging');
  const tree: AuthzNode | null = nodes.length
    ? { kind: 'container', op: 'or', negate: false, mask: unionMask(nodes.map((n) => n.mask)), children: nodes }
    : null;
  return { tree, op: opItem?.value ?? 'unset' };
}

/** merge_authz_core_dir_config (semantics §3.4): the record `add` leaves on `base`; its AuthMerging is `add`'s. */
function mergeAuthz(base: AuthzConf, add: AuthzConf): AuthzConf {
  if (add.op === 'unset' && !add.tree && base.tree) return base;
  if (add.op === 'off' || add.op === 'unset' || !(base.tree || add.tree)) return add;
  if (!base.tree || !add.tree) return { tree: base.tree ?? add.tree, op: add.op };
  return { tree: { kind: 'container', op: add.op, negate: false, mask: unionMask([base.tree.mask, add.tree.mask]), children: [base.tree, add.tree] }, op: add.op };
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
