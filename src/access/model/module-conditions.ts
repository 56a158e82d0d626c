/** Which modules a tree loads, and how `<IfModule>`, `<IfDefine>` and `<IfVersion>` evaluate (semantics §1.7). */
import type { ConfigFile, Section } from '../../ast/nodes.js';
import { conditionHolds as evaluateCondition } from '../../apache/conditions.js';
import { BUILTIN_DEBIAN_24, REMOVED, sometimesBuiltin } from '../../apache/modules.js';
import { directives } from '../../ast/walk.js';
import type { Version } from './version.js';

/** The stock 2.2 module set (httpd.conf of 2.2.34, authz modules in their stock order). */
export const DEFAULT_22 = [
  'authn_file', 'authn_dbm', 'authn_anon', 'authn_default', 'authz_host', 'authz_groupfile', 'authz_user', 'authz_dbm',
  'authz_owner', 'authz_default', 'auth_basic', 'auth_digest', 'log_config', 'env', 'setenvif', 'version', 'mime', 'dir',
  'alias', 'rewrite', 'headers', 'ssl', 'status', 'autoindex', 'cgi', 'negotiation', 'proxy', 'proxy_http', 'unique_id',
];

/** 2.2 modules that are gone in 2.4, and the module that takes each one's place if one does (src/apache/modules.ts, semantics §6.2). */
const RENAMED_24: Readonly<Record<string, string | null>> = Object.fromEntries(Object.entries(REMOVED).filter(([, m]) => m.last === '2.2').map(([name, m]) => [name, m.renamedTo ?? null]));

/** The modules every migrated 2.4 tree gets (what the LoadModule rule adds). */
export const REQUIRED_24 = ['authz_core', 'authn_core', 'authz_host', 'unixd', 'filter'];

/** The short name of a module from a LoadModule symbol, an `<IfModule>` file name or symbol. */
export function moduleName(s: string): string {
  return s.replace(/^mod_/, '').replace(/\.c$/, '').replace(/_module$/, '');
}

/** LoadModule symbols of the given files, in order. */
export function loadedModules(files: readonly ConfigFile[]): string[] {
  const out: string[] = [];
  for (const f of files) for (const d of directives(f, 'loadmodule')) {
    const sym = d.args[0]?.value;
    if (sym && /_module$/.test(sym)) out.push(moduleName(sym));
  }
  return out;
}

/**
 * The modules of a tree for a version: its LoadModule lines or the default set, with `also` (the modules it uses
 * without loading them); 2.4 adds what the migration loads.
 */
export function moduleSet(loaded: readonly string[], version: Version, compat: boolean, also: readonly string[] = []): string[] {
  // LoadModule lines of modules gone in 2.4 alone do not make the list explicit: the migration removes
  // them, and a second run must read the tree as the first did (a fragment that loads only mod_authz_default).
  const base = [...new Set([...(loaded.some((m) => !ONLY_22.has(m)) ? loaded : [...DEFAULT_22, ...loaded]), ...also])];
  // No 2.2 httpd loads a 2.4-only module: LoadModule lines for them (a first run added authz_core) do not
  // make <IfModule mod_authz_core.c> true in the 2.2 reading, or a second run would read the tree otherwise.
  if (version === '2.2') return base.filter((m) => !ONLY_24.has(m));
  const out: string[] = [];
  for (const m of base) {
    const r = m in RENAMED_24 ? RENAMED_24[m] : m;
    if (r && !out.includes(r)) out.push(r);
  }
  for (const m of REQUIRED_24) if (!out.includes(m)) out.push(m);
  if (compat && !out.includes('access_compat')) out.push('access_compat');
  // no-removed-modules renames the <IfModule> tests of a module another absorbed (mod_authz_default.c → mod_authz_core.c)
  // where the tree loads it: the migrated tree reads those blocks as 2.2 did, and so does this reading. (Read as
  // skipped, a Satisfy Any in such a block of a .htaccess was never proven, and 2.4 answered 200 where 2.2 answered 403.)
  for (const old of ABSORBED) if (base.includes(old) && !out.includes(old)) out.push(old);
  return out;
}

/**
 * Modules that one 2.4 build compiles in and another loads from a .so file (sometimesBuiltin):
 * Debian's apache2 has mod_version, mod_log_config, mod_logio and mod_watchdog built in, a source or Red Hat build
 * loads them with LoadModule lines. A tree that loads none of them reads `<IfModule mod_version.c>` one way on one
 * build and the other way on the other. Not mod_unixd (every migrated tree has it) nor mod_so (every 2.2 server that
 * read a LoadModule line had it too).
 */
export const SOMETIMES_BUILTIN: ReadonlySet<string> = new Set([...BUILTIN_DEBIAN_24].filter((m) => sometimesBuiltin(m) && m !== 'unixd' && m !== 'so'));

/** 2.2 modules gone in 2.4 whose work another module does (mod_authz_default: mod_authz_core does it). */
const ABSORBED: ReadonlySet<string> = new Set(Object.entries(REMOVED).filter(([, m]) => m.last === '2.2' && m.absorbedBy).map(([name]) => name));

/**
 * Modules that exist in only one of the two versions (semantics §6.2). Not the MPMs: 2.2 compiled its
 * MPM in under the same names (`prefork.c`, `mpm_prefork_module`), so `<IfModule>` reads them alike.
 */
const ONLY_22: ReadonlySet<string> = new Set(Object.keys(RENAMED_24));
const ONLY_24: ReadonlySet<string> = new Set(['authz_core', 'authn_core', 'access_compat', 'unixd', 'slotmem_shm', 'cache_disk', 'lbmethod_byrequests', 'lbmethod_bytraffic', 'lbmethod_bybusyness', 'socache_shmcb', 'socache_dbm', 'socache_memcache', 'remoteip', 'proxy_fcgi', 'http2', 'ratelimit', 'session', 'macro', 'watchdog']);

/** Whether a module (short name) exists in 2.4 only: a tree that loads one was written for 2.4 (or migrated). */
export function only24(name: string): boolean {
  return ONLY_24.has(name);
}

export interface CondContext {
  version: Version;
  modules: ReadonlySet<string>;
  /** True when the tree names no modules: every module of the version counts as loaded. */
  anyModule?: boolean;
  defines: ReadonlySet<string>;
}

/** Is a module loaded, for `<IfModule>`? */
export function hasModule(ctx: CondContext, name: string): boolean {
  if (ctx.modules.has(name)) return true;
  if (!ctx.anyModule) return false;
  return ctx.version === '2.2' ? !ONLY_24.has(name) : (!ONLY_22.has(name) || ABSORBED.has(name)) && (name !== 'access_compat' || ctx.modules.has(name));
}

/** Whether a conditional section's body is read, or null when the section is not a conditional (src/apache/conditions.ts decides). */
export function conditionHolds(s: Section, ctx: CondContext): boolean | null {
  return evaluateCondition(s, { version: ctx.version, hasModule: (name) => hasModule(ctx, name), defines: ctx.defines });
}
