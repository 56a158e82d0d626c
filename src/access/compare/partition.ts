/**
 * A finite set of representative requests that covers every distinction two
 * models can make (docs/access-control.md gives the argument): both sides of
 * every network boundary, each host name with a sub-domain, a look-alike and
 * no name, every combination of the variables, each method class plus an
 * unlisted method, and anonymous / each user and group / a wrong password.
 */
import { type AuthzNode, type Credentials, formatAddress, hostCanMatch, isContiguous, type Item, type Mask, type Model, parseAddress, predicateKey, type Request, type Scope, servedContexts, type Subnet, subnetContains, subnetRange, undecidedGap, USER_PREDICATES, V4_FULL, V6_FULL } from '../model/index.js';
import { applicableScopes, contextScopes, dirCovers, eachApplying, SERVER_ADDRESS, walkTakesFile } from '../decide/index.js';
import { describePath, probes, type Probe } from './probes.js';
import { cacheSlot } from '../../project/run-cache.js';
import { asciiLower } from '../../parse/words.js';

export interface Mentions {
  subnets: Subnet[];
  hosts: Set<string>;
  env: Set<string>;
  methods: Set<string>;
  users: Set<string>;
  groups: Set<string>;
  /** The opaque properties of users the Require lines name (model/user-predicates.ts). */
  predicates: Set<string>;
  local: boolean;
  /** Why the partition may not be complete (e.g. a non-contiguous netmask). */
  gaps: string[];
}

export function emptyMentions(): Mentions {
  return { subnets: [], hosts: new Set(), env: new Set(), methods: new Set(), users: new Set(), groups: new Set(), predicates: new Set(), local: false, gaps: [] };
}

/** Empties `m` for the next class of probes: its sets are used again rather than made anew for each class. */
function clearMentions(m: Mentions): Mentions {
  m.subnets.length = 0;
  m.hosts.clear(); m.env.clear(); m.methods.clear(); m.users.clear(); m.groups.clear(); m.predicates.clear();
  m.local = false;
  m.gaps.length = 0;
  return m;
}

function addMask(m: Mentions, mask: Mask): void {
  if (mask) for (const x of mask.methods) m.methods.add(x);
}

function addNode(m: Mentions, n: AuthzNode): void {
  addMask(m, n.mask);
  if (n.kind === 'container') { n.children.forEach((c) => addNode(m, c)); return; }
  switch (n.name) {
    case 'ip': m.subnets.push(...(n.subnets ?? [])); break;
    case 'host': case 'forward-dns': n.args.forEach((h) => m.hosts.add(asciiLower(h))); break;
    case 'env': n.args.forEach((v) => m.env.add(v.toLowerCase())); break;
    case 'method': n.args.forEach((x) => m.methods.add(x)); break;
    case 'user': n.args.forEach((u) => m.users.add(u)); break;
    case 'group': case 'dbm-group': n.args.forEach((g) => m.groups.add(g.toLowerCase())); break;
    case 'local': m.local = true; break;
    default: if (USER_PREDICATES.has(n.name)) m.predicates.add(predicateKey(n.name, n.args));
  }
}

function addItem(m: Mentions, it: Item): void {
  if ('mask' in it) addMask(m, it.mask);
  if (it.k === 'allow' || it.k === 'deny') {
    for (const e of it.entries) {
      if (e.kind === 'ip') m.subnets.push(e.subnet);
      else if (e.kind === 'host' && hostCanMatch(e)) m.hosts.add(e.name);
      else if (e.kind === 'env') m.env.add(e.name);
    }
  } else if (it.k === 'require') {
    const kw = (it.words[0] ?? '').toLowerCase();
    if (kw === 'user') it.words.slice(1).forEach((u) => m.users.add(u));
    if (kw === 'group') it.words.slice(1).forEach((g) => m.groups.add(g.toLowerCase()));
    if (USER_PREDICATES.has(kw)) m.predicates.add(predicateKey(kw, it.words.slice(1)));
  } else if (it.k === 'authz') addNode(m, it.node);
}

/** Everything the scopes mention that can tell requests apart. */
export function mentions(scopes: Iterable<Scope>, into = emptyMentions()): Mentions {
  for (const s of scopes) for (const it of s.items) addItem(into, it);
  return into;
}

/** One address per cell of the arrangement of all subnets of one family (contiguous masks: intervals). */
function addresses(subnets: readonly Subnet[], family: 4 | 6, gaps: string[]): string[] {
  const full = family === 4 ? V4_FULL : V6_FULL;
  const points = new Set<bigint>([family === 4 ? 0x0a000001n : 0x20010db8n << 96n]);
  for (const s of subnets) {
    if (s.family !== family) continue;
    if (!isContiguous(s)) {
      gaps.push('a non-contiguous netmask');
      points.add(s.net);
      points.add(s.net ^ (s.mask & -s.mask));
      continue;
    }
    const [lo, hi] = subnetRange(s);
    points.add(lo);
    if (lo > 0n) points.add(lo - 1n);
    if (hi < full) points.add(hi + 1n);
  }
  return [...points].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((p) => formatAddress(family, p));
}

export function clientAddresses(m: Mentions): string[] {
  const out = addresses(m.subnets, 4, m.gaps);
  const v6 = m.subnets.some((s) => s.family === 6);
  if (v6 || m.local) out.push(...addresses(m.subnets, 6, m.gaps));
  // IPv4 rules never match an IPv6 client: when they cover every IPv4 probe (`0.0.0.0/0.0.0.0`), one stands apart.
  else if (m.subnets.length && out.every((a) => m.subnets.some((s) => subnetContains(s, parseAddress(a)!)))) out.push(...addresses([], 6, m.gaps));
  if (v6 || m.local) out.push(...out.filter((a) => !a.includes(':')).slice(0, 64).map((a) => `::ffff:${a}`));
  if (m.local) out.push('127.0.0.1', '127.0.0.2', '::1', SERVER_ADDRESS);
  return [...new Set(out)];
}

/** Each name, a sub-domain of it, a name that merely ends with the same letters, an unrelated name, and no name. */
export function hostNames(m: Mentions): (string | null)[] {
  const out = new Set<string | null>([null, 'unlisted.invalid']);
  for (const h of m.hosts) {
    const bare = h.replace(/^\.+/, '');
    if (!bare) continue;
    if (!h.startsWith('.')) out.add(bare);
    out.add(`sub.${bare}`);
    out.add(`x${bare}`);
  }
  return [...out];
}

export function envSets(m: Mentions, limit = 10): string[][] {
  const vars = [...m.env].sort();
  if (vars.length > limit) { m.gaps.push(`more than ${limit} environment variables`); vars.length = limit; }
  const out: string[][] = [];
  for (let bits = 0; bits < 1 << vars.length; bits++) out.push(vars.filter((_, i) => bits & (1 << i)));
  return out;
}

export const UNLISTED_METHOD = 'UNLISTED';

export function methodList(m: Mentions): string[] {
  return m.methods.size ? [...new Set(['GET', ...m.methods, UNLISTED_METHOD])] : ['GET'];
}

export function credentialList(m: Mentions, limit = 6, predicateLimit = 4): (Credentials | null)[] {
  const groups = [...m.groups].sort();
  if (groups.length > limit) { m.gaps.push(`more than ${limit} groups`); groups.length = limit; }
  const predicates = [...m.predicates].sort();
  if (predicates.length > predicateLimit) { m.gaps.push(`more than ${predicateLimit} Require lines of LDAP, file ownership or a database`); predicates.length = predicateLimit; }
  const out: (Credentials | null)[] = [null, { user: 'intruder', groups: [], password: 'bad' }];
  for (const user of [...m.users, 'someone']) {
    for (let bits = 0; bits < 1 << groups.length; bits++) {
      const g = groups.filter((_, i) => bits & (1 << i));
      if (!predicates.length) { out.push({ user, groups: g, password: 'good' }); continue; }
      // Every combination of the opaque properties: whatever the directory says of the user.
      for (let p = 0; p < 1 << predicates.length; p++) out.push({ user, groups: g, password: 'good', holds: predicates.filter((_, i) => p & (1 << i)) });
    }
  }
  return out;
}

const NO_ENV: readonly string[] = Object.freeze([]);

export interface Partition {
  requests: Request[];
  /** Reasons the partition may miss a distinction (empty when complete). */
  gaps: string[];
}

/** Two models whose sections of a context sit at the same places (the same tree read twice), so that their probes coincide. */
function sameShape(a: Model, b: Model, vhost: string): boolean {
  if (a === b) return true;
  // The main server's sections, once per pair of models; then the virtual host's own.
  const pairs = a.cache.get(SAME_MAIN);
  let withA = pairs.get(a);
  if (!withA) pairs.set(a, (withA = new WeakMap()));
  let main = withA.get(b);
  if (main === undefined) withA.set(b, (main = sameSections(contextScopes(a, ''), contextScopes(b, ''))));
  if (!main) return false;
  if (vhost !== '' && !sameSections(contextScopes(a, vhost).slice(contextScopes(a, '').length), contextScopes(b, vhost).slice(contextScopes(b, '').length))) return false;
  return (a.docroots.get(vhost) ?? a.docroots.get('')) === (b.docroots.get(vhost) ?? b.docroots.get(''))
    && sameAliases(a.aliases.get(vhost), b.aliases.get(vhost)) && sameAliases(a.aliases.get(''), b.aliases.get(''));
}

const SAME_MAIN = cacheSlot('whether two models\' main-server sections sit at the same places', () => new WeakMap<Model, WeakMap<Model, boolean>>());

/** Two lists of sections at the same places: the same kinds, patterns and contexts, in order. */
function sameSections(sa: readonly Scope[], sb: readonly Scope[]): boolean {
  if (sa === sb) return true;
  if (sa.length !== sb.length) return false;
  for (let i = 0; i < sa.length; i++) {
    const x = sa[i]!, y = sb[i]!;
    if (x.kind !== y.kind || x.pattern !== y.pattern || x.vhost !== y.vhost) return false;
  }
  return true;
}

type Aliases = readonly (readonly [string, string])[] | undefined;

/** The same Alias lines (URL, directory) in the same order. */
function sameAliases(a: Aliases, b: Aliases): boolean {
  const x = a ?? [], y = b ?? [];
  return x.length === y.length && x.every(([url, dir], i) => url === y[i]![0] && dir === y[i]![1]);
}

/** True when the scopes hold anything that depends on who the user is. */
function needsCredentials(scopes: readonly Scope[]): boolean {
  const userNode = (n: AuthzNode): boolean => (n.kind === 'container' ? n.children.some(userNode) : !USERLESS.has(n.name));
  return scopes.some((s) => s.items.some((i) => i.k === 'require' || (i.k === 'authz' && userNode(i.node))));
}

/** 2.4 providers whose answer never depends on the user. */
const USERLESS: ReadonlySet<string> = new Set(['all', 'env', 'method', 'ip', 'host', 'local', 'forward-dns']);

/**
 * The representative requests of the given contexts ('' = main server) of one
 * or two models. Probes that meet the same sections in every model are one
 * class; each class gets the product of the distinctions its own sections make.
 */
export function representatives(models: readonly Model[], contexts?: readonly string[], maxRequests = 5_000_000): Partition {
  const requests: Request[] = [];
  const gaps = eachRepresentative(models, contexts, (r) => { requests.push(r); }, maxRequests);
  return { requests, gaps };
}

/**
 * Why the requests of a class cannot be decided (model/undecided.ts): an `<If>` with access lines
 * outside any section of the context, or a section met that holds one or an unmodelled provider.
 */
function undecidedReason(models: readonly Model[], vhost: string, scopes: readonly Scope[]): string | undefined {
  for (const m of models) {
    const why = m.undecidedIn?.get(vhost) ?? m.undecidedIn?.get('');
    if (why !== undefined) return why;
  }
  return scopes.find((s) => s.undecided !== undefined)?.undecided;
}

/**
 * Whether a request meets a `<Directory>` through the file step (one naming the file, or a wildcard one matching it,
 * not its directory) where the walk does not take a file for a directory: then, as a regular file, it meets other
 * sections. Only where an Options line may turn the walk's FollowSymLinks off (Model.symlinkOptions).
 */
function fileStepOff(m: Model, r: Request, met: readonly Scope[]): boolean {
  if (!m.symlinkOptions || r.file.endsWith('/') || r.file.startsWith('proxy:')) return false;
  const slash = r.file.lastIndexOf('/');
  const dir = slash <= 0 ? '/' : r.file.slice(0, slash);
  return met.some((s) => s.kind === 'directory' && !dirCovers(m.cache, s.pattern, dir)) && !walkTakesFile(m, r.vhost, dir);
}

const SSL_PASSES = [false];
const SSL_BOTH = [false, true];

/** Whether a section holds SSLRequireSSL or SSLRequire (mod_ssl's access check). */
function hasSslCheck(s: Scope): boolean {
  return s.items.some((i) => i.k === 'set' && i.key === 'sslrequire');
}

/**
 * Calls `visit` with each representative request (without keeping them), and
 * returns the gaps. `visit` may return true to stop early. The requests of a
 * class no decider can answer (model/undecided.ts) are not visited: `undecided`
 * gets the gap, the class's first request (method GET, no client) and the
 * reason, or, without it, the gap joins those returned (once per reason).
 */
export function eachRepresentative(
  models: readonly Model[], contexts: readonly string[] | undefined, visit: (r: Request) => boolean | void, maxRequests = 5_000_000,
  undecided?: (gap: string, probe: Request, reason: string) => void,
): string[] {
  const ctxs = contexts ?? servedContexts(models);
  let produced = 0;
  const gaps: string[] = [];
  const undecidedSeen = new Set<string>();
  const scratch = emptyMentions();
  // A number for each section, to name the list of sections a probe meets.
  const ids = new Map<Scope, number>();
  // The numbers of the sections a probe meets, model after model, each model's list closed by -1.
  const met: number[] = [];
  // The sections a probe meets in the model being asked (for the file step's check, below).
  const seen: Scope[] = [];
  const meets = { push: (s: Scope): void => {
    let v = ids.get(s);
    if (v === undefined) ids.set(s, (v = ids.size));
    met.push(v);
    seen.push(s);
  } };
  for (const vhost of ctxs) {
    const map = new Map<string, Probe>();
    for (const [i, model] of models.entries()) {
      if (i > 0 && sameShape(models[0]!, model, vhost)) continue;
      for (const p of probes(model, vhost, contextScopes(model, vhost), gaps)) map.set(`${p.path}\0${p.file}`, p);
    }
    const classes = new Map<string, { probe: Probe; key: string; scopes: Scope[]; probeReq: Request }>();
    /** Adds the probe's class; true when, as a file, the probe would meet other sections (fileStepOff). */
    const classify = (p: Probe): boolean => {
      const at = `${vhost}\0${p.path}\0${p.file}${p.plainFile ? '\0file' : ''}`;
      const probeReq: Request = { vhost, path: p.path, file: p.file, method: 'GET', ip: '', host: null, env: NO_ENV, credentials: null, key: at };
      if (p.plainFile) probeReq.plainFile = true;
      // The class: the sections met in each model (in the context's order: the set decides the merge order), by number.
      met.length = 0;
      let asFile = false;
      for (const m of models) {
        seen.length = 0;
        eachApplying(m, probeReq, meets);
        met.push(-1);
        asFile ||= !p.plainFile && fileStepOff(m, probeReq, seen);
      }
      const cls = met.join(',');
      if (!classes.has(cls)) classes.set(cls, { probe: asFile ? { ...p, directory: true } : p, key: at, scopes: models.flatMap((m) => applicableScopes(m, probeReq)), probeReq });
      return asFile;
    };
    for (const p of map.values()) {
      // Where Options stop the walk from taking a file for a directory, a <Directory> naming the path meets it only if
      // it is a directory: the path is probed as a file too (file-as-directory.ts).
      if (classify(p)) classify({ ...p, plainFile: true });
    }
    for (const { probe: p, key, scopes, probeReq } of classes.values()) {
      const why = undecidedReason(models, vhost, scopes);
      if (why !== undefined) {
        const gap = undecidedGap(why, `GET ${describePath(p)}${vhost ? ` on <VirtualHost ${vhost}>` : ''}`);
        if (undecided) undecided(gap, probeReq, why);
        else if (!undecidedSeen.has(why)) { undecidedSeen.add(why); gaps.push(gap); } // once per reason, with its first request
        continue;
      }
      const m = mentions(scopes, clearMentions(scratch));
      const ips = clientAddresses(m);
      const hosts = hostNames(m);
      const envs = envSets(m);
      const methods = methodList(m);
      const creds = needsCredentials(scopes) ? credentialList(m) : [null];
      // Where SSLRequireSSL or SSLRequire applies: a request mod_ssl's access check lets through, and one it refuses.
      const ssls = scopes.some(hasSslCheck) ? SSL_BOTH : SSL_PASSES;
      gaps.push(...m.gaps);
      const count = ips.length * hosts.length * envs.length * methods.length * creds.length * ssls.length;
      if (produced + count > maxRequests) {
        gaps.push(`the request space is too large (more than ${maxRequests} representatives)`);
        return [...new Set(gaps)];
      }
      produced += count;
      const { path, file, docroot } = p;
      for (const ssl of ssls) for (const method of methods) for (const credentials of creds) for (const env of envs) for (const host of hosts) for (const ip of ips) {
        const r: Request = docroot === undefined
          ? { vhost, path, file, method, ip, host, env, credentials, key }
          : { vhost, path, file, method, ip, host, env, credentials, key, docroot };
        if (ssl) r.sslRefused = true;
        if (p.plainFile) r.plainFile = true;
        else if (p.directory) r.directory = true;
        if (visit(r) === true) return [...new Set(gaps)];
      }
    }
  }
  return [...new Set(gaps)];
}
