/**
 * decide22: how httpd 2.2 answers a request (semantics §2.4, §2.5, §2.5a):
 * host rules, then Satisfy, then authentication and the RUN_FIRST authz modules
 * with their Authoritative flags.
 */
import { hostAllows, satisfyFor, SSL_DENIES, sslRefuses } from './host-rules.js';
import { clientAddress, type Credentials, type Item, type Model, type Outcome, predicateKey, type Request, USER_PREDICATES } from '../model/index.js';
import { applies, merge, type Merged } from './merge.js';
import { startupError } from './startup-error.js';
import { PASSWORD_FILE_MISSING, passwordFileMissing } from './password-file.js';

type RequireItem = Extract<Item, { k: 'require' }>;

export interface Authorizer {
  module: string;
  /** Lower-case first words it owns. */
  owns: readonly string[];
  authoritative: boolean;
}

const isOff = (v: string | undefined) => (v ?? 'on').toLowerCase() === 'off';

/** The RUN_FIRST auth_checker modules in the order they run, for the merged settings. */
export function authorizers(model: Model, m: Merged): Authorizer[] {
  const loaded = model.modules;
  const s = m.settings;
  const list: Authorizer[] = [];
  const add = (module: string, owns: string[], auth: boolean) => { if (loaded.includes(module)) list.push({ module, owns, authoritative: auth }); };
  add('authz_owner', ['file-owner', 'file-group'], !isOff(s.get('authzownerauthoritative')));
  add('authnz_ldap', ['ldap-user', 'ldap-group', 'ldap-dn', 'ldap-attribute', 'ldap-filter'], !isOff(s.get('authzldapauthoritative')));
  const middle: [number, Authorizer][] = [];
  const pos = (mod: string) => loaded.indexOf(mod);
  if (s.get('authgroupfile') && pos('authz_groupfile') >= 0) middle.push([pos('authz_groupfile'), { module: 'authz_groupfile', owns: ['group', 'file-group'], authoritative: !isOff(s.get('authzgroupfileauthoritative')) }]);
  if (pos('authz_user') >= 0) middle.push([pos('authz_user'), { module: 'authz_user', owns: ['valid-user', 'user'], authoritative: !isOff(s.get('authzuserauthoritative')) }]);
  if (s.get('authdbmgroupfile') && pos('authz_dbm') >= 0) middle.push([pos('authz_dbm'), { module: 'authz_dbm', owns: ['group', 'file-group'], authoritative: !isOff(s.get('authzdbmauthoritative')) }]);
  middle.sort((a, b) => a[0] - b[0]);
  list.push(...middle.map(([, a]) => a));
  return list;
}

type User = Pick<Credentials, 'user' | 'groups' | 'holds'>;

/** Does one 2.2 Require line grant the user? */
function lineGrants(words: readonly string[], cred: User): boolean {
  const kw = (words[0] ?? '').toLowerCase();
  const args = words.slice(1);
  if (kw === 'valid-user') return true;
  if (USER_PREDICATES.has(kw)) return cred.holds?.includes(predicateKey(kw, args)) ?? false;
  if (kw === 'user') return args.includes(cred.user);
  if (kw === 'group') return args.some((g) => cred.groups.some((ug) => ug.toLowerCase() === g.toLowerCase()));
  return false;
}

/** Authorisation by the RUN_FIRST modules: granted, 401, or 500 when every module declines. */
export function authorise22(model: Model, m: Merged, lines: readonly RequireItem[], cred: User): Outcome {
  for (const a of authorizers(model, m)) {
    const owned = lines.filter((l) => a.owns.includes((l.words[0] ?? '').toLowerCase()));
    if (!owned.length) continue;
    if (owned.some((l) => lineGrants(l.words, cred))) return { status: 200, by: a.module };
    if (a.authoritative) return { status: 401, by: a.module };
  }
  if (model.modules.includes('authz_default') && !isOff(m.settings.get('authzdefaultauthoritative'))) return { status: 401, by: 'authz_default' };
  return { status: 500, by: 'core (no authz module decided)' };
}

// The most frequent answers, shared: a decision allocates nothing for them (outcomes are never changed).
const HOST_ALLOWS: Outcome = Object.freeze({ status: 200, by: 'authz_host' });
const HOST_DENIES: Outcome = Object.freeze({ status: 403, by: 'authz_host' });

export function decide22(model: Model, req: Request): Outcome {
  const boot = startupError(model);
  if (boot) return { status: 500, by: `startup: ${boot}` };
  const m = merge(model, req);
  if (m.fail) return { status: 500, by: `core: ${m.fail}` };
  const ssl = sslRefuses(m.settings, req);
  const h = !ssl && hostAllows(m.host, req, clientAddress(model.cache, req.ip), model.cache);
  const lines = m.requires.length ? m.requires.filter((r) => applies(r.mask, req.method)) : m.requires;
  const denies = ssl ? SSL_DENIES : HOST_DENIES;
  if (!lines.length) return h ? HOST_ALLOWS : denies;
  const any = satisfyFor(m.satisfy, req.method) === true;
  if (any && h) return { status: 200, by: 'authz_host (Satisfy Any)' };
  if (!any && !h) return denies;
  const type = m.settings.get('authtype');
  if (!type) return { status: 500, by: 'core (AuthType not set)' };
  const lt = type.toLowerCase();
  // AuthType None names no scheme in 2.2: nothing authenticates, mod_authn_default answers 401.
  // Other types (Basic, Digest, Kerberos, CAS…) are taken to be handled by their module like Basic.
  if (lt === 'none') return { status: 401, by: 'authn_default' };
  if ((lt === 'basic' || lt === 'digest') && !m.settings.get('authname')) return { status: 500, by: `auth_${lt} (need AuthName)` };
  if (!req.credentials) return { status: 401, by: `auth (${type})` };
  if (passwordFileMissing(model, m, lt)) return PASSWORD_FILE_MISSING;
  if (req.credentials.password === 'bad') return { status: 401, by: `auth (${type})` };
  return authorise22(model, m, lines, req.credentials);
}
