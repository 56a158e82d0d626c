/**
 * A differential scenario: configuration lines (a small tree, so that a minimiser can drop any
 * line or block), .htaccess files, and requests. Also the fixed world every scenario runs in:
 * the hosts table (nss_wrapper), the users and groups, and the SetEnvIf lines that put
 * environment variables on some client addresses. The evaluator is told the same facts.
 */
import type { Credentials, Request } from '../../src/access/model/index.js';
import type { OracleRequest } from '../oracle/harness.js';

/** A line, or a section with an opening line, children and a closing line. */
export type Node = string | { open: string; close: string; children: Node[] };

export interface ScenarioSpec {
  /** Top-level nodes of the scenario's config (placeholders @DIR@, @LOC@, @HTPASSWD@, @GROUPS@). */
  config: Node[];
  /** .htaccess files: directory relative to @DIR@ ('' for @DIR@ itself) → lines. */
  htaccess: Record<string, Node[]>;
  requests: OracleRequest[];
  /** The traps this scenario was built around (for the report). */
  tags: string[];
  /** The generator seed it came from. */
  seed?: number;
  /** The config starts with ALIAS_LINE: URLs under @LOC@/al/ serve the files of @DIR@/sub/ (extended generator). */
  alias?: boolean;
  /** The config holds a <VirtualHost> named @NAME@, which every request is sent to (extended generator). */
  vhost?: boolean;
  /**
   * That <VirtualHost> serves @DIR@ as its own DocumentRoot (VHOST_DOCROOT_LINE): its URLs are the paths as they are,
   * not under @LOC@, so the main server's <Location "@LOC@…"> sections miss them (extended generator).
   */
  docroot?: boolean;
  /**
   * Before that <VirtualHost>, an empty first one (DEFAULT_VHOST) answers the requests that name no host as the main server
   * would (it has no sections of its own): so some requests go to the main server under @LOC@, others to the host at its root.
   */
  mainToo?: boolean;
}

/** The scenario's one Alias: a second URL for the files of @DIR@/sub, which the DocumentRoot also serves as @LOC@/sub. */
export const ALIAS_LINE = 'Alias "@LOC@/al" "@DIR@/sub"';

/** The file a request path (relative to @LOC@, or at the root of a host serving @DIR@) serves, relative to @DIR@: ALIAS_LINE's and VHOST_ALIAS_LINE's URLs map to @DIR@/sub. */
export function fileOfPath(path: string): string {
  const rel = path.startsWith('/al/') ? `/sub/${path.slice(4)}` : path;
  return rel.endsWith('/') ? `${rel}index.html` : rel;
}

/** Host names served by nss_wrapper (as in the oracle's §5 tables); .13 and unlisted addresses have none. */
export const HOSTS: Readonly<Record<string, string>> = {
  '127.0.0.1': 'localhost',
  '127.0.0.10': 'allowed.example.test',
  '127.0.0.11': 'other.example.test',
  '127.0.0.12': 'www.allowed.example.test',
  '127.0.0.14': 'notallowed.example.test',
};

/** Variables set by SetEnvIf on the client address: name → addresses it is set for. */
export const ENV_VARS: Readonly<Record<string, readonly string[]>> = {
  flag: ['127.0.0.5', '127.0.0.6'],
  trusted: ['127.0.0.2', '127.0.0.6', '127.0.1.7'],
};

/** Server-level lines for the batch: one SetEnvIf per variable, matching exactly its addresses. */
export function envLines(): string {
  return Object.entries(ENV_VARS)
    .map(([name, ips]) => `SetEnvIf Remote_Addr "^(${ips.map((ip) => ip.replace(/\./g, '\\.')).join('|')})$" ${name}`)
    .join('\n');
}

export const USERS: Readonly<Record<string, string>> = { alice: 'good', bob: 'good', carol: 'good' };
export const GROUPS: Readonly<Record<string, string[]>> = { admins: ['bob'], staff: ['alice', 'bob'] };

/** The evaluator's view of a request of scenario `dir`/`loc` (model paths, see MODEL_DIR). */
export function toEvalRequest(r: OracleRequest): Request {
  const path = r.rooted ? r.path : `${MODEL_LOC}${r.path}`;
  const file = `${MODEL_DIR}${fileOfPath(r.path)}`;
  let credentials: Credentials | null = null;
  if (r.user !== undefined) {
    const ok = USERS[r.user] !== undefined && USERS[r.user] === r.pass;
    const groups = Object.entries(GROUPS).filter(([, us]) => us.includes(r.user!)).map(([g]) => g);
    credentials = { user: r.user, groups: ok ? groups : [], password: ok ? 'good' : 'bad' };
  }
  const env = Object.entries(ENV_VARS).filter(([, ips]) => ips.includes(r.from)).map(([n]) => n);
  // The harness lays each requested path out as a file (a directory's as its index.html), an aliased one at its target.
  return { vhost: r.vhost ? MODEL_VHOST : '', path, file, method: r.method ?? 'GET', ip: r.from, host: HOSTS[r.from] ?? null, env, credentials, plainFile: true };
}

/** Where the evaluator's copy of a scenario lives: DocumentRoot, the scenario's directory and URL. */
export const MODEL_DOCROOT = '/srv/htdocs';
export const MODEL_DIR = '/srv/htdocs/scn';
export const MODEL_LOC = '/scn';
export const MODEL_HTPASSWD = '/srv/auth/htpasswd';
export const MODEL_GROUPS = '/srv/auth/groups';
/** The evaluator's @NAME@ and @PORT@ (the extended generator's <VirtualHost 127.0.0.1:@PORT@> with ServerName @NAME@). */
export const MODEL_NAME = 'vhost.example.test';
const MODEL_ADDRESS = '127.0.0.1:80';
/** The ServerName line of a scenario's <VirtualHost>. */
export const VHOST_NAME_LINE = 'ServerName @NAME@';
/** The DocumentRoot line of a scenario's <VirtualHost> that serves the scenario's directory at its own root. */
export const VHOST_DOCROOT_LINE = 'DocumentRoot "@DIR@"';
/** That host's own Alias, which serves @DIR@/sub under its URL /al as ALIAS_LINE does under @LOC@/al. */
export const VHOST_ALIAS_LINE = 'Alias "/al" "@DIR@/sub"';
/** The name of the empty first <VirtualHost>, which answers requests that name no host (ScenarioSpec.mainToo). */
const DEFAULT_VHOST_NAME_LINE = 'ServerName main.example.test';
export const DEFAULT_VHOST = { open: '<VirtualHost 127.0.0.1:@PORT@>', close: '</VirtualHost>', children: [DEFAULT_VHOST_NAME_LINE] } as const;
/** The lines that give a scenario's <VirtualHost> sections their names and their URLs (the minimiser keeps them). */
export const VHOST_MAPPING_LINES: readonly string[] = [VHOST_NAME_LINE, VHOST_DOCROOT_LINE, VHOST_ALIAS_LINE, DEFAULT_VHOST_NAME_LINE];
/** The key the evaluator gives that virtual host (`<VirtualHost>` words, then its ServerName). */
export const MODEL_VHOST = `${MODEL_ADDRESS} ${MODEL_NAME}`;

/** A section's opening line, of a scenario's top level (the batch's server shares it with every other scenario). */
export const TOP_SECTION = /^<(Directory|Location|Files)(Match)?\b/i;

/** Each line of a config text, trimmed, with how deep in sections it starts (0: the top level). */
export function linesWithDepth(text: string): { line: string; trimmed: string; depth: number }[] {
  let depth = 0;
  return text.split('\n').map((line) => {
    const trimmed = line.trim();
    const at = { line, trimmed, depth };
    if (/^<[^/]/.test(trimmed)) depth++;
    else if (/^<\//.test(trimmed)) depth--;
    return at;
  });
}

export function render(nodes: readonly Node[], indent = ''): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    if (typeof n === 'string') out.push(indent + n);
    else out.push(indent + n.open, ...render(n.children, `${indent}    `), indent + n.close);
  }
  return out;
}

export const configText = (s: ScenarioSpec) => render(s.alias ? [ALIAS_LINE, ...s.config] : s.config).join('\n');
export const htaccessTexts = (s: ScenarioSpec): Record<string, string> =>
  Object.fromEntries(Object.entries(s.htaccess).map(([d, n]) => [d, render(n).join('\n')]));

/** Placeholders → the evaluator's paths. */
export function toModelText(text: string): string {
  return text.replaceAll('@DIR@', MODEL_DIR).replaceAll('@LOC@', MODEL_LOC)
    .replaceAll('@HTPASSWD@', MODEL_HTPASSWD).replaceAll('@GROUPS@', MODEL_GROUPS)
    .replaceAll('127.0.0.1:@PORT@', MODEL_ADDRESS).replaceAll('@NAME@', MODEL_NAME);
}

/** The evaluator's paths → placeholders again (for migrated text going to the real server; `^/scn` in a regex section too). */
export function fromModelText(text: string): string {
  return text.replaceAll(MODEL_DIR, '@DIR@').replaceAll(MODEL_HTPASSWD, '@HTPASSWD@').replaceAll(MODEL_GROUPS, '@GROUPS@')
    .replaceAll(MODEL_ADDRESS, '127.0.0.1:@PORT@').replaceAll(MODEL_NAME, '@NAME@')
    .replace(/(^|[\s"'^])\/scn(?=[/\s"'>]|$)/gm, '$1@LOC@');
}

/**
 * "GET /sub/f.html 127.0.0.5 alice:good" (and " vhost" for a request sent to the scenario's <VirtualHost>, " vhost-root"
 * for one sent to it at the path as it is, where it serves @DIR@ as its DocumentRoot)
 */
export function requestText(r: OracleRequest): string {
  const host = r.vhost ? (r.rooted ? ' vhost-root' : ' vhost') : '';
  return `${r.method ?? 'GET'} ${r.path} ${r.from} ${r.user === undefined ? '-' : `${r.user}:${r.pass ?? ''}`}${host}`;
}

export function parseRequestText(line: string): OracleRequest {
  const [method = 'GET', path = '/f.html', from = '127.0.0.1', creds = '-', host] = line.trim().split(/\s+/);
  const r: OracleRequest = { method, path, from };
  if (host === 'vhost' || host === 'vhost-root') r.vhost = true;
  if (host === 'vhost-root') r.rooted = true;
  if (creds !== '-') {
    const i = creds.indexOf(':');
    r.user = i < 0 ? creds : creds.slice(0, i);
    r.pass = i < 0 ? '' : creds.slice(i + 1);
  }
  return r;
}

/** Real statuses as the evaluator's four classes: anything served after access passed counts as 200. */
export function statusClass(status: number): number {
  return status === 401 || status === 403 || status === 500 ? status : 200;
}
