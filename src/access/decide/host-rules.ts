/** Order/Allow/Deny evaluation, shared by 2.2 mod_authz_host and 2.4 mod_access_compat (check_dir_access). */
import { type Address, type HostEntry, inDomain, type Item, type Outcome, type Request, subnetContains } from '../model/index.js';
import { applies } from './merge.js';

/** Does one Allow/Deny word match the request (`addr`: its client address, parsed)? */
export function entryMatches(e: HostEntry, req: Request, addr: Address | null): boolean {
  switch (e.kind) {
    case 'all': return true;
    case 'env': return req.env.includes(e.name) !== e.negated;
    case 'ip': return addr !== null && subnetContains(e.subnet, addr);
    case 'host': return req.host !== null && inDomain(e.name, req.host);
  }
}

/** True when the host rules let the request through (no record: allowed, the default Deny,Allow with empty lists). */
export function hostAllows(items: readonly Item[] | null, req: Request, addr: Address | null): boolean {
  if (!items) return true;
  let order = 'deny,allow';
  let a = false;
  let d = false;
  for (const it of items) {
    if (!applies('mask' in it ? it.mask : null, req.method)) continue;
    if (it.k === 'order') order = it.value;
    else if (it.k === 'allow' && !a) a = anyMatches(it.entries, req, addr);
    else if (it.k === 'deny' && !d) d = anyMatches(it.entries, req, addr);
  }
  return order === 'deny,allow' ? a || !d : a && !d;
}

/** Does any word of one Allow/Deny line match? (A loop, not `some`: this runs for every request.) */
function anyMatches(entries: readonly HostEntry[], req: Request, addr: Address | null): boolean {
  for (const e of entries) if (entryMatches(e, req, addr)) return true;
  return false;
}

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
