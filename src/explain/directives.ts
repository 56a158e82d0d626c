/**
 * Directives a 2.2 configuration uses that 2.4 does not know unless a module is loaded,
 * or does not know at all (semantics §6.1, upgrade notes "Errors"). They show up as
 * "Invalid command 'X', perhaps misspelled…" at start-up, or "Unknown directive X…" in .htaccess.
 * Which 2.4 module provides a directive comes from the directive table (src/apache), never from here.
 */
import { directivesOfModule, measuredModules, moduleDependencies, moduleOfDirective, MODULES, providersOfDirective } from '../apache/directive-table.js';

/** The 2.4 module that provides a directive (short name), from the directive table. */
function mod(name: string): string {
  const m = moduleOfDirective(name.toLowerCase());
  if (!m) throw new Error(`no 2.4 module provides ${name}`);
  return m.module;
}

/** "mod_x: LoadModule x_module modules/mod_x.so" for the module that provides a directive. */
function loadIt(name: string): string {
  return loadModule(mod(name));
}

/** "mod_x: LoadModule x_module modules/mod_x.so" for a module (short name). */
function loadModule(m: string): string {
  return `mod_${m}: LoadModule ${m}_module modules/mod_${m}.so`;
}
export interface DirectiveCause {
  names: string[];
  cause: string;
  remedy: string;
  ruleIds: string[];
}

export const UNKNOWN_DIRECTIVES: DirectiveCause[] = [
  {
    names: ['User', 'Group', 'ChrootDir', 'Suexec'],
    cause: `In 2.4 these directives come from mod_${mod('User')}, which a 2.2 configuration never had to load.`,
    remedy: `Load ${loadIt('User')} (distribution builds often compile it in).`,
    ruleIds: ['load-implicit-modules'],
  },
  {
    names: ['Order', 'Allow', 'Deny', 'Satisfy'],
    cause: `In 2.4 the 2.2 access directives come only from the compatibility module mod_${mod('Order')}, which is not loaded.`,
    remedy: `Convert them to 2.4 authorization (for example Order allow,deny + Allow from all → Require all granted), or load ${loadIt('Order')}.`,
    ruleIds: ['prefer-require', 'load-implicit-modules'],
  },
  {
    names: ['Require'],
    cause: 'In 2.4 Require comes from mod_authz_core, with its providers in mod_authz_host, mod_authz_user, mod_authz_groupfile and others; none of them is loaded.',
    remedy: 'Load mod_authz_core and the provider modules the Require lines use (LoadModule authz_core_module modules/mod_authz_core.so), or keep 2.2 access control with mod_access_compat.',
    ruleIds: ['load-implicit-modules', 'prefer-require'],
  },
  {
    // httpd names a section without its closing bracket: "Invalid command '<RequireAll', …".
    names: ['RequireAll', 'RequireAny', 'RequireNone', 'AuthMerging'],
    cause: `In 2.4 <RequireAll>, <RequireAny>, <RequireNone> and AuthMerging come from mod_${mod('<RequireAll')}, which is not loaded.`,
    remedy: `Load ${loadIt('<RequireAll')}, with the provider modules the Require lines inside use.`,
    ruleIds: ['load-implicit-modules'],
  },
  {
    names: ['AuthType', 'AuthName', 'AuthnProviderAlias'],
    cause: `In 2.4 AuthType, AuthName and <AuthnProviderAlias> come from mod_${mod('AuthType')} (AuthnProviderAlias was mod_authn_alias in 2.2).`,
    remedy: `Load ${loadIt('AuthType')}.`,
    ruleIds: ['load-implicit-modules'],
  },
  {
    names: ['AddOutputFilterByType'],
    cause: `AddOutputFilterByType moved from the core to mod_${mod('AddOutputFilterByType')} in 2.4.`,
    remedy: `Load ${loadIt('AddOutputFilterByType')}.`,
    ruleIds: ['load-implicit-modules'],
  },
  {
    names: ['AllowCONNECT'],
    cause: `AllowCONNECT moved from mod_proxy to mod_${mod('AllowCONNECT')} in 2.4.`,
    remedy: `Load ${loadIt('AllowCONNECT')}.`,
    ruleIds: ['load-implicit-modules'],
  },
  {
    names: ['ProxyFtpDirCharset'],
    cause: `ProxyFtpDirCharset moved from mod_proxy to mod_${mod('ProxyFtpDirCharset')} in 2.4.`,
    remedy: `Load ${loadIt('ProxyFtpDirCharset')}.`,
    ruleIds: ['load-implicit-modules'],
  },
  {
    names: ['CacheRoot', 'CacheDirLevels', 'CacheDirLength', 'CacheMinFileSize', 'CacheMaxFileSize'],
    cause: `mod_disk_cache is called mod_${mod('CacheRoot')} in 2.4; these directives come from it.`,
    remedy: `Load mod_${mod('CacheRoot')} instead of mod_disk_cache: LoadModule ${mod('CacheRoot')}_module modules/mod_${mod('CacheRoot')}.so (and rename <IfModule mod_disk_cache.c>).`,
    ruleIds: ['load-implicit-modules', 'build-notes'],
  },
  {
    names: ['AcceptMutex', 'LockFile', 'RewriteLock', 'SSLMutex'],
    cause: 'The 2.2 mutex directives were removed in 2.4 and replaced by the Mutex directive.',
    remedy: 'Replace them with Mutex: AcceptMutex/LockFile → Mutex <mechanism>[:<dir>] mpm-accept; RewriteLock → Mutex <mechanism> rewrite-map; SSLMutex → Mutex <mechanism> ssl-cache. Or delete the line to take the default.',
    ruleIds: ['prefer-mutex'],
  },
  {
    names: ['RewriteLog', 'RewriteLogLevel'],
    cause: "mod_rewrite's own log was removed in 2.4; its messages go to the error log at the module's LogLevel.",
    remedy: 'Delete the lines and write LogLevel warn rewrite:traceN (N from 1 to 8, like the old RewriteLogLevel).',
    ruleIds: ['prefer-log-level-rewrite'],
  },
  {
    names: ['DumpIOLogLevel'],
    cause: 'DumpIOLogLevel was removed in 2.4: mod_dumpio always logs at trace7.',
    remedy: 'Delete it and write LogLevel dumpio:trace7.',
    ruleIds: ['prefer-log-level-dumpio'],
  },
  {
    names: ['AuthzUserAuthoritative', 'AuthzGroupFileAuthoritative', 'AuthzOwnerAuthoritative', 'AuthzDBMAuthoritative', 'AuthzLDAPAuthoritative', 'AuthzDBDAuthoritative'],
    cause: 'The Authz*Authoritative directives were removed in 2.4; <RequireAny>, <RequireAll> and <RequireNone> now say how authorization lines combine.',
    remedy: 'Delete them and express the intended logic with Require containers.',
    ruleIds: ['prefer-require'],
  },
  {
    names: ['AuthzDefaultAuthoritative', 'AuthDefaultAuthoritative', 'AuthLDAPAuthzEnabled'],
    cause: 'These directives (mod_authz_default, mod_authn_default, and an mod_authnz_ldap switch) do not exist in 2.4.',
    remedy: 'Delete them; the defaults live in mod_authz_core and mod_authn_core.',
    ruleIds: ['prefer-require'],
  },
  {
    names: ['MCacheSize', 'MCacheMaxObjectCount', 'MCacheMinObjectSize', 'MCacheMaxObjectSize', 'MCacheRemovalAlgorithm', 'MCacheMaxStreamingBuffer'],
    cause: 'mod_mem_cache was removed in 2.4.',
    remedy: 'Delete the MCache* lines and cache with mod_cache_disk or mod_cache_socache instead.',
    ruleIds: ['build-notes'],
  },
  {
    names: ['CookieLog', 'SSIAccessEnable', 'MaxRequestsPerThread'],
    cause: 'This 2.2 directive has no 2.4 counterpart.',
    remedy: 'Delete it (for CookieLog, log the cookie with CustomLog and a LogFormat using %{Cookie}i).',
    ruleIds: [],
  },
  {
    names: ['Win32DisableAcceptEx'],
    cause: 'Win32DisableAcceptEx was removed in 2.4.',
    remedy: 'Write AcceptFilter http none and AcceptFilter https none instead.',
    ruleIds: [],
  },
];

/** A standard 2.4 module and the directives only it provides, for "Invalid command 'X'" when it is not loaded. */
export interface ModuleDirectives {
  module: string;
  /** As the directive table spells them, sections with their `<`. */
  names: string[];
  /** "mod_x: LoadModule x_module modules/mod_x.so", with the modules it needs loaded first. */
  load: string;
}

/**
 * Every loadable 2.4 module with the directives only it provides (from the directive table), leaving out those
 * UNKNOWN_DIRECTIVES explains, the MPMs (2.4 stops earlier with "No MPM loaded") and a directive several modules
 * provide (ScriptLog: mod_cgi or mod_cgid), which names no one module.
 */
export function moduleDirectives(): ModuleDirectives[] {
  const covered = new Set(UNKNOWN_DIRECTIVES.flatMap((d) => d.names.map((n) => n.toLowerCase().replace(/^</, ''))));
  return measuredModules()
    .filter((m) => !MODULES[m]!.builtin && !m.startsWith('mpm_'))
    .map((m) => {
      const names = directivesOfModule(m).filter((n) => !covered.has(n.toLowerCase().replace(/^</, '')) && providersOfDirective(n.toLowerCase()).length === 1);
      const deps = moduleDependencies(m);
      const load = `${loadModule(m)}${deps.length ? `, after ${deps.map((d) => `mod_${d}`).join(' and ')}` : ''}`;
      return { module: m, names, load };
    })
    .filter((x) => x.names.length > 0);
}
