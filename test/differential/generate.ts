/**
 * Seeded random 2.2 access configurations (scenario i of seed S is `generate(S + i)`), built around
 * the traps of httpd-semantics.md §1.9, §1.10, §2–§4: Order/Allow/Deny with every address form,
 * host names, env= and env=!, Satisfy, Require with Basic auth, parent and child sections,
 * <Location>, <Files>, <Limit>/<LimitExcept>, .htaccess under each AllowOverride variant.
 * Client sources are 127/8 only, so most networks contain or exclude some 127.0.0.x.
 */
import type { OracleRequest } from '../oracle/harness.js';
import { DEFAULT_VHOST, type Node, type ScenarioSpec, VHOST_ALIAS_LINE, VHOST_DOCROOT_LINE, VHOST_NAME_LINE } from './scenario.js';

/** mulberry32: a 32-bit PRNG, enough for test generation. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  readonly next: () => number;
  constructor(seed: number) { this.next = mulberry32(seed); }
  int(n: number): number { return Math.floor(this.next() * n); }
  pick<T>(xs: readonly T[]): T { return xs[this.int(xs.length)]!; }
  chance(p: number): boolean { return this.next() < p; }
  some<T>(xs: readonly T[], min: number, max: number): T[] {
    const n = min + this.int(max - min + 1);
    return Array.from({ length: n }, () => this.pick(xs));
  }
}

export const SOURCES = [
  '127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.5', '127.0.0.6', '127.0.0.9',
  '127.0.0.10', '127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14', '127.0.1.7',
];

/** Allow/Deny words, by address form. */
const ENTRIES: Record<string, readonly string[]> = {
  ip: ['127.0.0.1', '127.0.0.2', '127.0.0.5', '127.0.0.10', '127.0.1.7', '127.0.0.3.'],
  partial: ['127.0.0', '127.0', '127', '127.0.1', '127.0.0.', '10.1'],
  cidr: ['127.0.0.0/29', '127.0.0.8/29', '127.0.0.0/24', '127.0.1.0/24', '127.0.0.4/30', '127.0.0.9/8', '10.0.0.0/8', '127.0.0.12/31'],
  mask: ['127.0.0.0/255.255.255.248', '127.0.0.0/255.255.255.0', '127.0.1.0/255.255.255.0', '127.0.0.8/255.255.255.252'],
  ipv6: ['::1', 'fe80::/10', '2001:db8::/32'],
  host: ['allowed.example.test', 'example.test', '.example.test', 'other.example.test', 'localhost', 'notallowed.example.test', 'nosuch.invalid', 'Allowed.Example.Test'],
  env: ['env=flag', 'env=!flag', 'env=trusted', 'env=!trusted', 'ENV=Flag'],
  all: ['all'],
};
const FORMS = Object.keys(ENTRIES);

const ORDERS = ['Order deny,allow', 'Order allow,deny', 'Order Deny,Allow', 'Order Allow,Deny', 'Order mutual-failure'];
const REQUIRES = ['Require valid-user', 'Require user alice', 'Require user alice bob', 'Require user bob', 'Require group admins', 'Require group staff', 'Require user carol'];
const AUTH = ['AuthType Basic', 'AuthName "differential"', 'AuthUserFile "@HTPASSWD@"'];
const OVERRIDES = ['All', 'Limit', 'AuthConfig', 'None', 'Limit AuthConfig', null];
const CREDS: readonly (readonly [string, string] | null)[] = [null, null, ['alice', 'good'], ['bob', 'good'], ['alice', 'wrong'], ['nobody', 'x'], ['carol', 'good']];

export interface GenOptions {
  /** Allow inline `#` comments in Allow/Deny lines (2.4's compat refuses them at start-up). */
  comments: boolean;
  /** Up to this many sections and .htaccess files besides the <Directory> (default 2; DIFF_SECTIONS, SILENT_SECTIONS and SECOND_RUN_SECTIONS set it). */
  sections?: number;
  /**
   * Also the section kinds of EXTENDED_KINDS (GEN_EXTENDED=1 in the hunts). A seed gives another scenario with them, so
   * the default stays off: the seeds kept in the tests are replayed as they were found.
   */
  extended?: boolean;
}

/** GEN_EXTENDED=1: the hunts' ranges (not their kept seeds) are generated with the extended kinds. */
export const EXTENDED_FROM_ENV = process.env.GEN_EXTENDED === '1';

/**
 * Regex sections (merged after the plain ones of their kind, semantics §1.9), a wildcard <Directory>, <Files ~>, a
 * body in an <IfModule> both versions read, a <Directory> naming a file, and an Options line that may stop the
 * directory walk from taking a file for a directory (decide/file-as-directory.ts), and an Alias that serves @DIR@/sub
 * under a second URL (scenario.ts, ALIAS_LINE) with a <Location> of that URL or a <Directory> of its target, and a
 * <VirtualHost> of the scenario's own name (@NAME@) holding sections, which every request of the scenario is sent to
 * (its virtual host's sections merge after the main server's), maybe serving @DIR@ as its own DocumentRoot, so that its
 * URLs are not under @LOC@ (a server of its own, servers.ts). Each pattern names the scenario's
 * own directory or URL, so a batch's scenarios do not meet one another's sections; except the last kind, a section of
 * the whole server as most real trees have (`<Directory />` denying everyone, `<Location />`, a top-level `<Files>`),
 * whose scenario gets a server of its own (servers.ts, serverWide).
 */
const EXTENDED_KINDS = ['dirmatch', 'locmatch', 'filesmatch', 'dirwild', 'ifmodule', 'dirfile', 'options', 'dual', 'alias', 'vhost', 'root', 'docroot'] as const;

/** Other spellings of `<Directory "@DIR@/sub">` (extended). */
const DIR_SPELLINGS = ['<Directory @DIR@/sub>', '<Directory "@DIR@/sub/">', '<Directory @DIR@/sub/>', '<directory "@DIR@/sub">'];

/** The `<Directory />` of most real 2.2 trees (the 2.2 default httpd.conf's). */
const ROOT_DIRECTORY = ['Options FollowSymLinks', 'AllowOverride None', 'Order deny,allow', 'Deny from all'];

/** What a scenario's <VirtualHost> may hold: a section of a path the main server's sections also name, or one below. */
const VHOST_SECTIONS: readonly (readonly [string, string])[] = [['<Directory "@DIR@">', '</Directory>'], ['<Directory "@DIR@/sub">', '</Directory>'], ['<Location "@LOC@/sub">', '</Location>'], ['<Location "@LOC@">', '</Location>']];
/** What a <VirtualHost> serving @DIR@ at its own root may hold: sections of its own URLs, or one of the main server's URL, which its URLs miss. */
const DOCROOT_SECTIONS: readonly (readonly [string, string])[] = [
  ['<Location "/sub">', '</Location>'], ['<Location />', '</Location>'], ['<LocationMatch "^/(sub|h)/">', '</LocationMatch>'], ['<Directory "@DIR@/sub">', '</Directory>'],
  ['<Location "@LOC@/sub">', '</Location>'], ['<Location "/al">', '</Location>'],
];

/** The 2.4 branch of a section written for both versions (`<IfModule mod_authz_core.c>`), beside a 2.2 one. */
const REQUIRES_24 = [['Require all granted'], ['Require all denied'], ['Require ip 127.0.0.0/29'], ['Require host localhost'], ['Require ip 127.0.0.1', 'Require user alice'], [...AUTH, 'Require valid-user']];

const OPTIONS = ['SymLinksIfOwnerMatch', '-FollowSymLinks', '+SymLinksIfOwnerMatch', 'None', 'Indexes', '+FollowSymLinks', 'FollowSymLinks', '-Indexes'];
/** Extended: a .htaccess may hold an Options line, and AllowOverride may name Options (bare, or with a list). */
const HTACCESS_OPTIONS = ['+MultiViews', '-Indexes', '+SymLinksIfOwnerMatch', '-FollowSymLinks', 'None', 'RunScripts'];
const OVERRIDES_EXTENDED = [
  'All', 'Limit', 'AuthConfig', 'None', 'Limit AuthConfig', 'AuthConfig Limit Options', 'Limit AuthConfig Options=Indexes,FollowSymLinks', 'Options=MultiViews Limit',
  'FileInfo AuthConfig Limit Indexes', 'AuthConfig Limit FileInfo',
];
/** Extended: a .htaccess may also hold a line of another category (DirectoryIndex needs Indexes, AddType and AddDefaultCharset FileInfo). */
const HTACCESS_OTHER = ['DirectoryIndex index.html', 'AddType text/plain .txt', 'AddDefaultCharset UTF-8'];

function entry(rng: Rng): string {
  return rng.pick(ENTRIES[rng.pick(FORMS)]!);
}

function hostLine(rng: Rng, kind: 'Allow' | 'Deny', opts: GenOptions): string {
  const words = rng.some([0], 1, 3).map(() => entry(rng));
  const comment = opts.comments && rng.chance(0.08) ? ` # ${rng.pick(['local', 'office net', 'see ticket 12'])}` : '';
  return `${kind} from ${words.join(' ')}${comment}`;
}

/** Host rules: maybe an Order, some Allow and Deny lines. */
function hostBlock(rng: Rng, opts: GenOptions): Node[] {
  const out: Node[] = [];
  if (rng.chance(0.8)) out.push(rng.pick(ORDERS));
  for (let i = rng.int(3); i > 0; i--) out.push(hostLine(rng, 'Allow', opts));
  for (let i = rng.int(3); i > 0; i--) out.push(hostLine(rng, 'Deny', opts));
  if (rng.chance(0.3)) out.push('Deny from all');
  return rng.chance(0.5) ? shuffle(rng, out) : out;
}

function authBlock(rng: Rng): Node[] {
  const out: Node[] = [...AUTH];
  if (rng.chance(0.5)) out.push('AuthGroupFile "@GROUPS@"');
  // 2.2-only: the RUN_FIRST authorisers and their Authoritative flags (semantics §2.5); 2.4 refuses them.
  if (rng.chance(0.06)) out.push(rng.pick(['AuthzGroupFileAuthoritative Off', 'AuthzUserAuthoritative Off']));
  out.push(...new Set(rng.some(REQUIRES, 1, 2)));
  // 2.2 compares Require keywords case-insensitively; 2.4 provider names are case-sensitive.
  if (rng.chance(0.04)) out.push('Require Valid-User');
  return out;
}

function shuffle<T>(rng: Rng, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) { const j = rng.int(i + 1); [xs[i], xs[j]] = [xs[j]!, xs[i]!]; }
  return xs;
}

/** Wraps some lines of a body in <Limit> or <LimitExcept> (method case and HEAD included). */
function limitWrap(rng: Rng, body: Node[], htaccess: boolean): Node[] {
  if (!body.length || !rng.chance(0.25)) return body;
  const methods = htaccess ? ['GET', 'POST', 'DELETE', 'PUT'] : ['GET', 'POST', 'DELETE', 'PUT', 'get', 'HEAD', 'BREW'];
  const list = [...new Set(rng.some(methods, 1, 2))];
  const tag = rng.chance(0.6) ? 'Limit' : 'LimitExcept';
  const cut = rng.int(body.length);
  const inner = body.splice(cut, 1 + rng.int(body.length - cut));
  return [...body, { open: `<${tag} ${list.join(' ')}>`, close: `</${tag}>`, children: inner }];
}

/** A random section body, or one of the partial bodies the semantics warns about. */
function body(rng: Rng, opts: GenOptions, tags: string[], htaccess = false): Node[] {
  const trap = rng.pick(['full', 'full', 'host', 'auth', 'satisfy-only', 'allow-only', 'deny-only', 'order-only', 'require-only', 'satisfy-any-no-require']);
  tags.push(trap);
  let out: Node[];
  switch (trap) {
    case 'satisfy-only': out = [`Satisfy ${rng.pick(['Any', 'any', 'All'])}`]; break;
    case 'allow-only': out = [hostLine(rng, 'Allow', opts)]; break;
    case 'deny-only': out = [hostLine(rng, 'Deny', opts)]; break;
    case 'order-only': out = [rng.pick(ORDERS)]; break;
    case 'require-only': out = [rng.pick(REQUIRES)]; break;
    case 'satisfy-any-no-require': out = [...hostBlock(rng, opts), 'Satisfy Any']; break;
    case 'host': out = hostBlock(rng, opts); break;
    case 'auth': out = authBlock(rng); break;
    default: out = [...hostBlock(rng, opts), ...authBlock(rng)]; if (rng.chance(0.5)) out.push(`Satisfy ${rng.pick(['Any', 'All'])}`);
  }
  return limitWrap(rng, out, htaccess);
}

function request(rng: Rng, paths: readonly string[], methods: readonly string[]): OracleRequest {
  const r: OracleRequest = { path: rng.pick(paths), from: rng.pick(SOURCES), method: rng.pick(methods) };
  const c = rng.pick(CREDS);
  if (c) { r.user = c[0]; r.pass = c[1]; }
  return r;
}

/** Scenario number `seed`: the same seed always gives the same scenario. */
export function generate(seed: number, opts: GenOptions = { comments: true }): ScenarioSpec {
  const rng = new Rng(seed);
  const tags: string[] = [];
  const paths = ['/f.html'];
  const htaccess: Record<string, Node[]> = {};
  const parent: Node[] = [];
  const override = rng.chance(0.3) ? rng.pick(OVERRIDES) : undefined;
  if (override) { parent.push(`AllowOverride ${override}`); tags.push(`override ${override}`); }
  parent.push(...body(rng, opts, tags));
  if (rng.chance(0.05)) { parent.push('Require local'); tags.push('require-local'); }
  const config: Node[] = [{ open: '<Directory "@DIR@">', close: '</Directory>', children: parent }];
  let alias = false;
  let vhost: Extract<Node, { children: Node[] }> | null = null;
  let docroot = false;
  let vhostAlias = false;
  let mainToo = false;
  const ownVhost = (): Extract<Node, { children: Node[] }> => {
    if (!vhost) {
      vhost = { open: '<VirtualHost 127.0.0.1:@PORT@>', close: '</VirtualHost>', children: [VHOST_NAME_LINE] };
      config.push(vhost);
      tags.push('vhost');
    }
    return vhost;
  };
  for (let n = rng.int((opts.sections ?? 2) + 1); n > 0; n--) {
    const kind = rng.pick(opts.extended ? ['dir', 'dir', 'loc', 'files', 'htaccess', ...EXTENDED_KINDS] : ['dir', 'dir', 'loc', 'files', 'htaccess']);
    if (kind === 'dirmatch') {
      config.push({ open: `<DirectoryMatch "${rng.pick(['^@DIR@/(sub|h)', '^@DIR@/su', '@DIR@/[sh]'])}">`, close: '</DirectoryMatch>', children: body(rng, opts, tags) });
      paths.push('/sub/f.html', '/h/f.html');
    } else if (kind === 'locmatch') {
      config.push({ open: `<LocationMatch "${rng.pick(['^@LOC@/(sub|loc)/', '^@LOC@/.*\\.html$', '^@LOC@/sub/g'])}">`, close: '</LocationMatch>', children: body(rng, opts, tags) });
      paths.push('/sub/f.html', '/loc/f.html', '/sub/g.html');
    } else if (kind === 'filesmatch') {
      const open = rng.pick(['<FilesMatch "^g\\.">', '<FilesMatch "\\.html$">', '<Files ~ "^(g|f)\\.html$">']);
      parent.push({ open, close: open.startsWith('<Files ') ? '</Files>' : '</FilesMatch>', children: body(rng, opts, tags) });
      paths.push('/g.html', '/sub/g.html');
    } else if (kind === 'dirwild') {
      config.push({ open: `<Directory "@DIR@/${rng.pick(['s*', '?ub', '*'])}">`, close: '</Directory>', children: body(rng, opts, tags) });
      paths.push('/sub/f.html', '/h/f.html');
    } else if (kind === 'dirfile') {
      config.push({ open: `<Directory "@DIR@/${rng.pick(['f.html', 'sub/f.html', 'g.html'])}">`, close: '</Directory>', children: body(rng, opts, tags) });
      paths.push('/sub/f.html', '/g.html');
    } else if (kind === 'options') {
      const line = `Options ${rng.pick(OPTIONS)}`;
      tags.push(line);
      if (rng.chance(0.5)) parent.unshift(line);
      else config.push({ open: '<Directory "@DIR@/sub">', close: '</Directory>', children: [line] });
      paths.push('/sub/f.html');
    } else if (kind === 'dual') {
      // Written for both versions: 2.2 reads the first branch, 2.4 the second (with or without mod_access_compat).
      config.push({ open: '<Directory "@DIR@/sub">', close: '</Directory>', children: [
        { open: '<IfModule !mod_authz_core.c>', close: '</IfModule>', children: body(rng, opts, tags) },
        { open: '<IfModule mod_authz_core.c>', close: '</IfModule>', children: [...rng.pick(REQUIRES_24)] },
      ] });
      tags.push('dual');
      paths.push('/sub/f.html');
    } else if (kind === 'alias') {
      alias = true;
      const section = rng.chance(0.6) ? { open: '<Location "@LOC@/al">', close: '</Location>' } : { open: '<Directory "@DIR@/sub">', close: '</Directory>' };
      config.push({ ...section, children: body(rng, opts, tags) });
      tags.push('alias');
      paths.push('/al/f.html', '/sub/f.html');
    } else if (kind === 'vhost' || kind === 'docroot') {
      const host = ownVhost();
      if (kind === 'docroot' && !docroot) {
        docroot = true;
        host.children.splice(1, 0, VHOST_DOCROOT_LINE);
        tags.push('vhost docroot');
        // Maybe an Alias of its own: a second URL for @DIR@/sub on that host.
        if (rng.chance(0.4)) {
          vhostAlias = true;
          host.children.splice(2, 0, VHOST_ALIAS_LINE);
          tags.push('vhost alias');
          paths.push('/al/f.html');
        }
        // Maybe an empty host first, which answers the requests that name none as the main server: both URLs of a file.
        if (rng.chance(0.5)) {
          mainToo = true;
          config.splice(config.indexOf(host), 0, { ...DEFAULT_VHOST, children: [...DEFAULT_VHOST.children] });
          tags.push('vhost and main server');
        }
      }
      const [open, close] = rng.pick(kind === 'docroot' ? DOCROOT_SECTIONS : VHOST_SECTIONS);
      const children = body(rng, opts, tags);
      // A host's own AllowOverride decides which .htaccess lines it reads.
      if (open.startsWith('<Directory') && rng.chance(0.3)) {
        const o = rng.pick(OVERRIDES_EXTENDED);
        children.unshift(`AllowOverride ${o}`);
        tags.push(`vhost override ${o}`);
      }
      host.children.push({ open, close, children });
      paths.push('/sub/f.html');
    } else if (kind === 'root') {
      const which = rng.pick(['directory', 'directory', 'location', 'files']);
      tags.push(`root ${which}`);
      if (which === 'directory') {
        // After the scenario's <Directory "@DIR@">, which the minimiser keeps first; Directory sections merge by depth, not order.
        const children = rng.chance(0.5) ? [...ROOT_DIRECTORY] : [...(rng.chance(0.5) ? ['AllowOverride None'] : []), ...body(rng, opts, tags)];
        config.splice(1, 0, { open: '<Directory />', close: '</Directory>', children });
      } else if (which === 'location') {
        // <Location> sections merge in the order written: before the scenario's or after them.
        const section = { open: '<Location />', close: '</Location>', children: body(rng, opts, tags) };
        if (rng.chance(0.5)) config.splice(1, 0, section); else config.push(section);
      } else {
        const open = rng.pick(['<Files "g.html">', '<Files ~ "^g\\.">', '<FilesMatch "\\.html$">']);
        config.push({ open, close: open.startsWith('<FilesMatch') ? '</FilesMatch>' : '</Files>', children: body(rng, opts, tags) });
        paths.push('/g.html');
      }
      paths.push('/sub/f.html');
    } else if (kind === 'ifmodule') {
      config.push({ open: '<Directory "@DIR@/sub">', close: '</Directory>', children: [{ open: '<IfModule mod_authz_host.c>', close: '</IfModule>', children: body(rng, opts, tags) }] });
      paths.push('/sub/f.html');
    } else if (kind === 'dir') {
      // Extended: the path as real trees also write it, unquoted, with a trailing slash or in lower case.
      const open = opts.extended && rng.chance(0.4) ? rng.pick(DIR_SPELLINGS) : '<Directory "@DIR@/sub">';
      config.push({ open, close: '</Directory>', children: body(rng, opts, tags) });
      paths.push('/sub/f.html');
    } else if (kind === 'loc') {
      config.push({ open: `<Location "@LOC@/${rng.pick(['sub', 'loc'])}">`, close: '</Location>', children: body(rng, opts, tags) });
      paths.push('/sub/f.html', '/loc/f.html');
    } else if (kind === 'files') {
      parent.push({ open: `<Files "${rng.pick(['g.html', 'g.*', 'f.html'])}">`, close: '</Files>', children: body(rng, opts, tags) });
      paths.push('/g.html', '/sub/g.html');
    } else {
      // Extended: also the scenario's own directory's .htaccess (''), read right after its <Directory "@DIR@">.
      const rel = rng.pick(opts.extended ? ['h', 'sub', ''] : ['h', 'sub']);
      const at = rel ? `/${rel}` : '';
      htaccess[rel] = body(rng, opts, tags, true);
      paths.push(`${at}/f.html`);
      if (rng.chance(0.2)) {
        htaccess[rel].push({ open: '<Files "g.html">', close: '</Files>', children: body(rng, opts, tags, true) });
        paths.push(`${at}/g.html`);
      }
      if (opts.extended && rng.chance(0.3)) {
        const line = `Options ${rng.pick(HTACCESS_OPTIONS)}`;
        htaccess[rel].unshift(line);
        tags.push(`.htaccess ${line}`);
      }
      if (opts.extended && rng.chance(0.25)) {
        const line = rng.pick(HTACCESS_OTHER);
        htaccess[rel].splice(rng.int(htaccess[rel].length + 1), 0, line);
        tags.push(`.htaccess ${line}`);
      }
      if (!override && rng.chance(0.7)) {
        const o = rng.pick(opts.extended ? OVERRIDES_EXTENDED : OVERRIDES.filter((x) => x !== null));
        parent.unshift(`AllowOverride ${o}`);
        tags.push(`override ${o}`);
      }
    }
  }
  const text = JSON.stringify(config) + JSON.stringify(htaccess);
  const methods = /Limit/.test(text) ? ['GET', 'GET', 'POST', 'DELETE', 'HEAD', 'BREW'] : ['GET'];
  // A host serving @DIR@ at its root has no URL for ALIAS_LINE's target (the Alias names a URL under @LOC@), unless it has its own.
  const uniq = [...new Set(paths)].filter((p) => !docroot || vhostAlias || !p.startsWith('/al/'));
  const requests = Array.from({ length: 3 + rng.int(3) }, () => request(rng, uniq, methods));
  // A batch's first <VirtualHost> answers every request with no name of its own: so each request of a scenario with one names it.
  if (vhost) for (const r of requests) r.vhost = true;
  // With the empty first host, a request may go to the main server instead (at a URL under @LOC@ it has: /al/ only by ALIAS_LINE).
  if (docroot) for (const r of requests) {
    if (mainToo && rng.chance(0.5) && (alias || !r.path.startsWith('/al/'))) delete r.vhost;
    else r.rooted = true;
  }
  if (text.includes(' # ')) tags.push('inline-comment');
  return { config, htaccess, requests, tags: [...new Set(tags)], seed, ...(alias ? { alias } : {}), ...(vhost ? { vhost: true } : {}), ...(docroot ? { docroot } : {}), ...(mainToo ? { mainToo } : {}) };
}

/** True when the scenario has an inline `#` in an Allow/Deny line (2.4 refuses to start on it). */
export function hasInlineComment(s: ScenarioSpec): boolean {
  return /(allow|deny) from [^"]*#/i.test(JSON.stringify([s.config, s.htaccess]));
}
