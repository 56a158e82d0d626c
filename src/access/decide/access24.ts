/**
 * decide24: how httpd 2.4 answers a request (semantics §3.1–§3.5): the
 * mod_access_compat record (when loaded) with its Satisfy, then the merged
 * Require tree before and after authentication.
 */
import { type Address, type AuthzNode, clientAddress, inDomain, type Model, type Outcome, parseAddress, predicateKey, type Request, subnetContains, USER_PREDICATES } from '../model/index.js';
import { hostAllows, satisfyFor, SSL_DENIES, sslRefuses } from './host-rules.js';
import { applies, merge, type Merged } from './merge.js';
import { startupError } from './startup-error.js';
import { PASSWORD_FILE_MISSING, passwordFileMissing } from './password-file.js';
import { anyInList } from './subnet-set.js';
import type { RunCache } from '../../project/run-cache.js';
import { asciiLower } from '../../parse/words.js';
import { AUTH_TYPE_MODULE } from '../../apache/providers.js';
import { methodOf } from '../../apache/access-directives.js';

export type AuthzResult = 'granted' | 'denied' | 'denied-no-user' | 'neutral';

/** The address the connection arrived on, for `Require local` (semantics §3.2). */
export const SERVER_ADDRESS = '192.0.2.1';

const SERVER_V4 = parseAddress(SERVER_ADDRESS)!.value;

function isLocal(ip: string, a: Address | null): boolean {
  if (!a) return false;
  const v4 = a.family === 4 ? a.value : a.mapped4;
  if (v4 !== null) return (v4 >> 24n) === 127n || ip === SERVER_ADDRESS || v4 === SERVER_V4;
  return a.value === 1n;
}

function provider(n: Extract<AuthzNode, { kind: 'provider' }>, req: Request, user: Request['credentials'], m: Merged, addr: Address | null, cache: RunCache | undefined): AuthzResult {
  switch (n.name) {
    case 'all': return n.args.length === 1 && n.args[0]!.toLowerCase() === 'granted' ? 'granted' : 'denied';
    case 'env': return n.args.some((v) => req.env.includes(v.toLowerCase())) ? 'granted' : 'denied';
    case 'method': return n.args.some((a) => methodOf(a) === methodOf(req.method)) ? 'granted' : 'denied';
    case 'ip':
      return addr && anyInList(cache, n.subnets ?? [], (s) => s, addr, (s) => subnetContains(s, addr)) ? 'granted' : 'denied';
    case 'local': return isLocal(req.ip, addr) ? 'granted' : 'denied';
    case 'host': case 'forward-dns':
      if (req.host === null) return 'denied';
      for (const d of n.args) if (n.name === 'host' ? inDomain(d, req.host) : asciiLower(d) === req.host) return 'granted';
      return 'denied';
    case 'valid-user': return user ? 'granted' : 'denied-no-user';
    case 'user':
      if (!user) return 'denied-no-user';
      return n.args.includes(user.user) ? 'granted' : 'denied';
    case 'group': case 'dbm-group': {
      if (!user) return 'denied-no-user';
      if (!m.settings.get(n.name === 'group' ? 'authgroupfile' : 'authdbmgroupfile')) return 'denied';
      return n.args.some((g) => user.groups.some((ug) => ug.toLowerCase() === g.toLowerCase())) ? 'granted' : 'denied';
    }
    default:
      if (!user) return 'denied-no-user';
      // ldap-*, file-owner…: an opaque property of the user (model/user-predicates.ts).
      if (USER_PREDICATES.has(n.name)) return user.holds?.includes(predicateKey(n.name, n.args)) ? 'granted' : 'denied';
      // expr, ssl…: not modelled (model/undecided.ts); the comparisons leave every request that meets one undecided.
      return 'denied';
  }
}

/**
 * apply_authz_sections (mod_authz_core.c); `addr` is the request's client address, parsed; `cache`, the run's
 * memo, where a long `Require ip` list keeps its subnets as intervals (subnet-set.ts; without it, each is tested).
 */
export function evalTree(
  n: AuthzNode, parentAnd: boolean, req: Request, user: Request['credentials'], m: Merged, addr: Address | null = parseAddress(req.ip), cache?: RunCache,
): AuthzResult {
  if (!applies(n.mask, req.method)) return parentAnd ? 'granted' : 'neutral';
  let r: AuthzResult;
  if (n.kind === 'provider') r = provider(n, req, user, m, addr, cache);
  else {
    r = 'neutral';
    for (const c of n.children) {
      const cr = evalTree(c, n.op === 'and', req, user, m, addr, cache);
      if (cr === 'neutral') continue;
      if (n.op === 'and') {
        if (cr === 'denied') { r = cr; break; }
        if ((cr === 'denied-no-user' && r !== 'denied') || r === 'neutral') r = cr;
      } else {
        if (cr === 'granted') { r = cr; break; }
        if ((cr === 'denied-no-user' && r === 'denied') || r === 'neutral') r = cr;
      }
    }
  }
  if (n.negate) {
    if (r === 'granted') r = 'denied';
    else if (r === 'denied' || r === 'denied-no-user') r = 'neutral';
  }
  return r;
}

function authType(m: Merged): string | null {
  const t = m.settings.get('authtype');
  return t && t.toLowerCase() !== 'none' ? t : null;
}

// The most frequent answers, shared: a decision allocates nothing for them (outcomes are never changed).
const COMPAT_DENIES: Outcome = Object.freeze({ status: 403, by: 'access_compat' });
const NO_DIRECTIVES: Outcome = Object.freeze({ status: 200, by: 'authz_core (no directives)' });
const CORE_GRANTS: Outcome = Object.freeze({ status: 200, by: 'authz_core' });
const CORE_DENIES: Outcome = Object.freeze({ status: 403, by: 'authz_core' });

export function decide24(model: Model, req: Request): Outcome {
  const boot = startupError(model);
  if (boot) return { status: 500, by: `startup: ${boot}` };
  const m = merge(model, req);
  if (m.fail) return { status: 500, by: `core: ${m.fail}` };
  const compat = model.modules.includes('access_compat');
  const any = compat && m.host ? satisfyFor(m.host, req.method) === true : false;
  const addr = clientAddress(model.cache, req.ip);
  const ssl = sslRefuses(m.settings, req);
  const h = !ssl && (compat ? hostAllows(m.host, req, addr, model.cache) : true);
  if (any && h) return { status: 200, by: 'access_compat (Satisfy Any)' };
  if (!any && !h) return ssl ? SSL_DENIES : COMPAT_DENIES;
  const type = authType(m);
  if (!m.tree) return type ? { status: 500, by: 'authz_core (AuthType without Require)' } : NO_DIRECTIVES;
  const first = evalTree(m.tree, true, req, null, m, addr, model.cache);
  if (first === 'granted') return CORE_GRANTS;
  if (first !== 'denied-no-user') return CORE_DENIES;
  if (!type) return { status: 500, by: 'core (no authentication done)' };
  // Basic, Digest and third-party types (Kerberos, CAS…) are taken to be handled by their module.
  const lt = type.toLowerCase();
  // authn_core's authenticate_no_user (AH01796): no module of the tree's LoadModule lines takes the type. Not in the
  // migration's reading of a 2.2 tree: the migration loads the module AuthType needs (load-module-for-directive), so
  // its LoadModule lines as read do not say what the tree will load (a second write would prove what the first refused).
  const needs = AUTH_TYPE_MODULE[lt];
  if (needs && model.htaccessOverride !== 'migrated' && !model.cond?.anyModule && !model.modules.includes(needs)) return { status: 500, by: `authn_core (AuthType ${type} configured without ${needs})` };
  if ((lt === 'basic' || lt === 'digest') && !m.settings.get('authname')) return { status: 500, by: `auth_${lt} (need AuthName)` };
  if (!req.credentials) return { status: 401, by: `auth (${type})` };
  if (passwordFileMissing(model, m, lt)) return PASSWORD_FILE_MISSING;
  if (req.credentials.password === 'bad') return { status: 401, by: `auth (${type})` };
  const second = evalTree(m.tree, true, req, req.credentials, m, addr, model.cache);
  if (second === 'granted') return CORE_GRANTS;
  // authorize_user_core: a user refused (not one still lacking) gets 403 under AuthzSendForbiddenOnFailure On.
  if (second !== 'denied-no-user' && m.settings.get('authzsendforbiddenonfailure') === 'on') return { status: 403, by: 'authz_core (AuthzSendForbiddenOnFailure)' };
  return { status: 401, by: 'authz_core' };
}
