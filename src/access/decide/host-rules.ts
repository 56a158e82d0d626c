/** Order/Allow/Deny evaluation, shared by 2.2 mod_authz_host and 2.4 mod_access_compat (check_dir_access). */
import { type Address, type HostEntry, inDomain, type Item, type Outcome, type Request, subnetContains } from '../model/index.js';
import { applies } from './merge.js';
import { cacheSlot, type RunCache } from '../../project/run-cache.js';
import { anyInList, LONG_LIST } from './subnet-set.js';

/** Does one Allow/Deny word match the request (`addr`: its client address, parsed)? */
export function entryMatches(e: HostEntry, req: Request, addr: Address | null): boolean {
  switch (e.kind) {
    case 'all': return true;
    case 'env': return req.env.includes(e.name) !== e.negated;
    case 'ip': return addr !== null && subnetContains(e.subnet, addr);
    case 'host': return req.host !== null && inDomain(e.name, req.host);
  }
}

/**
 * True when the host rules let the request through (no record: allowed, the default Deny,Allow with empty lists).
 * `cache`: the run's memo, where a long list keeps its words by kind (hostIndex, subnet-set.ts).
 */
export function hostAllows(items: readonly Item[] | null, req: Request, addr: Address | null, cache: RunCache): boolean {
  if (!items) return true;
  let order = 'deny,allow';
  let a = false;
  let d = false;
  if (items.length >= LONG_LIST) {
    const ix = hostIndex(cache, items);
    for (const it of ix.orders) if (applies(it.mask, req.method)) order = it.value;
    a = sideMatches(ix.allow, req, addr, cache);
    d = sideMatches(ix.deny, req, addr, cache);
  } else {
    for (const it of items) {
      if (!applies('mask' in it ? it.mask : null, req.method)) continue;
      if (it.k === 'order') order = it.value;
      else if (it.k === 'allow' && !a) a = anyMatches(it.entries, req, addr, cache);
      else if (it.k === 'deny' && !d) d = anyMatches(it.entries, req, addr, cache);
    }
  }
  return order === 'deny,allow' ? a || !d : a && !d;
}

type OrderItem = Extract<Item, { k: 'order' }>;
type ListItem = Extract<Item, { k: 'allow' | 'deny' }>;

/** The Allow (or Deny) lines of a long list: the words of those without a method limit as one list, and the others. */
interface Side {
  words: readonly HostEntry[];
  limited: readonly ListItem[];
}

/**
 * A long list of host rules (a blocklist of thousands of `Deny from` lines) by kind, made once per list: the
 * Order lines in order (the last that applies wins), and each side's words. Whether a side matches does not
 * depend on the order of its lines (any word of any line that applies), so its unlimited lines' words are one
 * list, looked up through subnet-set.ts, instead of a pass over every line for each request.
 */
interface HostIndex {
  orders: readonly OrderItem[];
  allow: Side;
  deny: Side;
}

const HOST_INDEXES = cacheSlot('long lists of host rules, by kind', () => new WeakMap<readonly Item[], HostIndex>());

function hostIndex(cache: RunCache, items: readonly Item[]): HostIndex {
  const indexes = cache.get(HOST_INDEXES);
  let ix = indexes.get(items);
  if (ix) return ix;
  const side = (k: 'allow' | 'deny'): Side => {
    const lines = items.filter((i): i is ListItem => i.k === k);
    return { words: lines.filter((i) => !i.mask).flatMap((i) => i.entries), limited: lines.filter((i) => i.mask) };
  };
  ix = { orders: items.filter((i): i is OrderItem => i.k === 'order'), allow: side('allow'), deny: side('deny') };
  indexes.set(items, ix);
  return ix;
}

function sideMatches(side: Side, req: Request, addr: Address | null, cache: RunCache): boolean {
  if (anyMatches(side.words, req, addr, cache)) return true;
  for (const it of side.limited) if (applies(it.mask, req.method) && anyMatches(it.entries, req, addr, cache)) return true;
  return false;
}

/** Does any word of one Allow/Deny line match? (This runs for every request: a long line is looked up, anyInList.) */
function anyMatches(entries: readonly HostEntry[], req: Request, addr: Address | null, cache: RunCache): boolean {
  return anyInList(cache, entries, ipSubnet, addr, (e) => entryMatches(e, req, addr));
}

const ipSubnet = (e: HostEntry) => (e.kind === 'ip' ? e.subnet : null);

/**
 * Whether mod_ssl's access check refuses the request: SSLRequireSSL or SSLRequire applies and the
 * request is one it refuses (Request.sslRefused). Like the host rules it is an access_checker hook,
 * in 2.2 and in 2.4: Satisfy Any lets authentication override it, and without Satisfy Any it is final.
 */
export function sslRefuses(settings: ReadonlyMap<string, string>, req: Request): boolean {
  return req.sslRefused === true && settings.has('sslrequire');
}

/** The answer when mod_ssl's access check refuses the request and nothing overrides it. */
export const SSL_DENIES: Outcome = Object.freeze({ status: 403, by: 'ssl (SSLRequireSSL/SSLRequire)' });

/** The Satisfy value for the method among items in order (last one that applies), or null. */
export function satisfyFor(items: readonly Item[], method: string): boolean | null {
  let v: boolean | null = null;
  for (const it of items) if (it.k === 'satisfy' && applies(it.mask, method)) v = it.any;
  return v;
}
