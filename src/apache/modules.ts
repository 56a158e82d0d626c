/**
 * The modules of httpd: which ship with 2.4, which 2.2 (and 2.0) modules are
 * gone and what replaces them, and which module supplies a directive.
 *
 * A module has three names: its source file (`mod_cache_disk.c`, what
 * `<IfModule>` tests), its symbol (`cache_disk_module`, the first argument
 * of `LoadModule`, also accepted by `<IfModule>`) and its shared object
 * (`mod_cache_disk.so`). For every standard module they derive from one short
 * name (`cache_disk`); the core ones that do not are listed in CORE_24.
 *
 * Sources: the 2.4.x `modules/` tree and Debian's apache2-bin 2.4 build
 * (`/usr/lib/apache2/modules`), semantics §6.1 and §6.2.
 */
import { MODULES } from './directive-table.js';

export interface ModuleNames {
  /** The short name: `cache_disk`. */
  name: string;
  /** `mod_cache_disk.c` */
  source: string;
  /** `cache_disk_module` */
  symbol: string;
  /** `mod_cache_disk.so` */
  so: string;
}

/** The names of a standard module from its short name. */
export function moduleNames(name: string): ModuleNames {
  return { name, source: `mod_${name}.c`, symbol: `${name}_module`, so: `mod_${name}.so` };
}

/** Every loadable module that ships with httpd 2.4 (short names). */
export const STANDARD_24: readonly string[] = [
  // aaa
  'access_compat', 'allowmethods', 'auth_basic', 'auth_digest', 'auth_form', 'authn_anon', 'authn_core',
  'authn_dbd', 'authn_dbm', 'authn_file', 'authn_socache', 'authnz_fcgi', 'authnz_ldap', 'authz_core',
  'authz_dbd', 'authz_dbm', 'authz_groupfile', 'authz_host', 'authz_owner', 'authz_user',
  // arch
  'unixd', 'systemd', 'privileges', 'isapi', 'win32',
  // cache and socache
  'cache', 'cache_disk', 'cache_socache', 'file_cache', 'socache_dbm', 'socache_dc', 'socache_memcache',
  'socache_redis', 'socache_shmcb',
  // cluster, core, database, dav
  'heartbeat', 'heartmonitor', 'macro', 'so', 'watchdog', 'dbd', 'dav', 'dav_fs', 'dav_lock',
  // debugging, echo, examples
  'bucketeer', 'dumpio', 'firehose', 'echo', 'example_hooks', 'example_ipc', 'case_filter', 'case_filter_in',
  // filters
  'brotli', 'buffer', 'charset_lite', 'data', 'deflate', 'ext_filter', 'filter', 'include', 'proxy_html',
  'ratelimit', 'reflector', 'reqtimeout', 'request', 'sed', 'substitute', 'xml2enc',
  // generators
  'asis', 'autoindex', 'cgi', 'cgid', 'info', 'status', 'suexec',
  // http, http2, ldap, loggers, lua, md
  'mime', 'http2', 'proxy_http2', 'ldap', 'log_config', 'log_debug', 'log_forensic', 'logio', 'lua', 'md',
  // mappers
  'actions', 'alias', 'dir', 'imagemap', 'negotiation', 'rewrite', 'speling', 'userdir', 'vhost_alias',
  // metadata
  'cern_meta', 'env', 'expires', 'headers', 'ident', 'mime_magic', 'remoteip', 'setenvif', 'unique_id',
  'usertrack', 'version',
  // proxy and balancer methods
  'proxy', 'proxy_ajp', 'proxy_balancer', 'proxy_connect', 'proxy_express', 'proxy_fcgi', 'proxy_fdpass',
  'proxy_ftp', 'proxy_hcheck', 'proxy_http', 'proxy_scgi', 'proxy_uwsgi', 'proxy_wstunnel',
  'lbmethod_bybusyness', 'lbmethod_byrequests', 'lbmethod_bytraffic', 'lbmethod_heartbeat',
  // session, slotmem, ssl, test
  'session', 'session_cookie', 'session_crypto', 'session_dbd', 'slotmem_plain', 'slotmem_shm', 'ssl', 'dialup',
  // MPMs built as modules
  'mpm_event', 'mpm_prefork', 'mpm_worker',
];

/** Modules compiled into every 2.4 server whose names do not follow the pattern. */
export const CORE_24: readonly ModuleNames[] = [
  { name: 'core', source: 'core.c', symbol: 'core_module', so: '' },
  { name: 'http', source: 'http_core.c', symbol: 'http_module', so: '' },
];

/**
 * Modules Debian's httpd 2.4.71 compiles in (core.c mod_so.c mod_watchdog.c http_core.c mod_log_config.c
 * mod_logio.c mod_version.c mod_unixd.c): the ones the directive table measured as built in (`apache2 -l`;
 * checked against the installed binary by test/httpd/builtin-modules.test.ts). A LoadModule line for one
 * of them stops that server: "module log_config_module is built-in and can't be loaded".
 */
export const BUILTIN_DEBIAN_24: ReadonlySet<string> = new Set(Object.keys(MODULES).filter((m) => MODULES[m]!.builtin).sort());

/**
 * A module of that set that other builds (a default source build, Red Hat) ship as a .so file (all but
 * core and http, never shared): its LoadModule line is wrapped in `<IfModule !name_module>`, which holds
 * on both kinds of build (tested on 2.4.71).
 */
export function sometimesBuiltin(name: string): boolean {
  return BUILTIN_DEBIAN_24.has(name) && !CORE_24.some((m) => m.name === name);
}

/** What became of a 2.2 (or 2.0) module that 2.4 does not have. */
export interface RemovedModule {
  /** The 2.4 module that takes its place, if exactly one does (its short name). */
  renamedTo?: string;
  /** The 2.4 module that now holds what it did, when it is simply dropped. */
  absorbedBy?: string;
  /** What to do instead, as a sentence. */
  advice: string;
  /** The release that last shipped it. */
  last: '2.0' | '2.2';
}

export const REMOVED: Readonly<Record<string, RemovedModule>> = {
  disk_cache: { last: '2.2', renamedTo: 'cache_disk', advice: 'mod_disk_cache is called mod_cache_disk in 2.4 (same directives, `CacheEnable disk` unchanged).' },
  mem_cache: {
    last: '2.2',
    advice: 'mod_mem_cache is gone in 2.4: use mod_cache_socache (`CacheEnable socache` with `CacheSocache shmcb`) or mod_cache_disk (`CacheEnable disk`); the MCache* directives have no 2.4 equivalent and must be removed.',
  },
  authn_default: { last: '2.2', absorbedBy: 'authn_core', advice: 'mod_authn_default is gone in 2.4: its fallback is built into mod_authn_core.' },
  authz_default: {
    last: '2.2', absorbedBy: 'authz_core',
    advice: 'mod_authz_default is gone in 2.4: it only denied a request that no authorization module decided, which mod_authz_core now does itself.',
  },
  authn_alias: { last: '2.2', absorbedBy: 'authn_core', advice: 'mod_authn_alias is gone in 2.4: <AuthnProviderAlias> is provided by mod_authn_core.' },
  example: { last: '2.2', renamedTo: 'example_hooks', advice: 'mod_example is called mod_example_hooks in 2.4.' },
  access: { last: '2.0', advice: 'mod_access was replaced in 2.2 by mod_authz_host (and in 2.4 its Order/Allow/Deny by mod_access_compat).' },
  auth: { last: '2.0', advice: 'mod_auth was split in 2.2 into mod_auth_basic, mod_authn_file and mod_authz_user/mod_authz_groupfile.' },
  auth_anon: { last: '2.0', advice: 'mod_auth_anon was replaced in 2.2 by mod_authn_anon.' },
  auth_dbm: { last: '2.0', advice: 'mod_auth_dbm was replaced in 2.2 by mod_authn_dbm and mod_authz_dbm.' },
  auth_ldap: { last: '2.0', advice: 'mod_auth_ldap was replaced in 2.2 by mod_authnz_ldap (with mod_ldap).' },
  imap: { last: '2.0', renamedTo: 'imagemap', advice: 'mod_imap was renamed mod_imagemap in 2.2.' },
};

/** Names a module can be recognised by, mapped to its short name (source, symbol, .so and short name): built once at load, never changed. */
const BY_ANY_NAME: ReadonlyMap<string, string> = new Map([
  ...[...STANDARD_24, ...Object.keys(REMOVED)].flatMap((n) => {
    const m = moduleNames(n);
    return [m.name, m.source, m.symbol, m.so].map((k): [string, string] => [k, n]);
  }),
  ...CORE_24.flatMap((m): [string, string][] => [[m.source, m.name], [m.symbol, m.name]]),
]);

/**
 * The short name of a standard or removed module from any of its names
 * (`mod_cache_disk.c`, `cache_disk_module`, `modules/mod_cache_disk.so`),
 * or null for a module httpd does not ship.
 */
export function knownModule(anyName: string): string | null {
  const base = anyName.slice(anyName.lastIndexOf('/') + 1);
  return BY_ANY_NAME.get(base) ?? null;
}

/** True for a module that ships with 2.4 (by short name). */
export function isStandard24(name: string): boolean {
  return STANDARD_24.includes(name) || CORE_24.some((m) => m.name === name);
}

/** The short name a LoadModule symbol implies (`foo_module` → `foo`), whatever module it is. */
export function shortFromSymbol(symbol: string): string {
  return symbol.endsWith('_module') ? symbol.slice(0, -'_module'.length) : symbol;
}

/** The MPMs a 2.4 server can load, by the names 2.2 `<IfModule>` tests used for them. */
export const MPM_BY_TEST: Readonly<Record<string, 'prefork' | 'worker' | 'event'>> = {
  'prefork.c': 'prefork', 'mpm_prefork_module': 'prefork', 'mod_mpm_prefork.c': 'prefork',
  'worker.c': 'worker', 'mpm_worker_module': 'worker', 'mod_mpm_worker.c': 'worker',
  'event.c': 'event', 'mpm_event_module': 'event', 'mod_mpm_event.c': 'event',
};

/**
 * Modules other than the host check (2.2's mod_authz_host, 2.4's mod_access_compat) whose
 * access_checker hook runs at the same priority (APR_HOOK_MIDDLE): mod_ssl's SSLRequireSSL and
 * SSLRequire (`ssl_hook_Access`). httpd runs hooks of one priority in the order the modules were
 * loaded, and the first refusal ends the phase, so which of them refuses first decides whether
 * SSLOptions +StrictRequire sees mod_ssl's refusal (it is final under Satisfy Any then) and, up to
 * 2.4.63, whether SSLEngine optional answers 426 or 403 (checked on 2.4.71 by moving the LoadModule line).
 */
export const HOST_CHECK_PEERS: ReadonlySet<string> = new Set(['ssl']);
