/**
 * The modules a configuration uses without loading them: every directive (and section) that httpd
 * would read, given the modules loaded (LoadModule lines, built-in modules of the measured binary),
 * whose module (per src/apache/directive-table.ts) is not among them. httpd 2.4 refuses to start on
 * the first such directive ("Invalid command 'X', perhaps misspelled or defined by a module not
 * included in the server configuration"), or answers 500 when it is in an .htaccess file.
 *
 * `<IfModule>`, `<IfDirective>` and `<IfVersion>` blocks whose test is false for 2.4 are skipped, as httpd
 * skips them (src/apache/conditions.ts), with those around the Include lines that read a file. Other conditional sections (`<IfDefine>`, `<IfFile>`, `<IfSection>`) are taken as true.
 */
import type { ConfigFile, Directive, Section } from '../ast/nodes.js';
import { conditionHolds } from '../apache/conditions.js';
import { walk } from '../ast/walk.js';
import { alongSomeWay, type Around, UNCONDITIONAL } from '../project/include-chains.js';
import { REMOVED } from '../apache/modules.js';
import { moduleDependencies, MODULES, providersOfDirective, type DirectiveInfo } from '../apache/directive-table.js';
import { providerModule } from '../apache/providers.js';

/** One module a configuration needs and does not load. */
export interface MissingModule {
  /** The module to load (short name), the first provider of the directive by name. */
  module: string;
  /** The other modules that would do as well (mod_cgid for mod_cgi's ScriptLog). */
  alternatives: string[];
  /** The first use, in reading order. */
  file: ConfigFile;
  node: Directive | Section;
  /** The name as written there (`AddOutputFilterByType`, `Proxy` for a `<Proxy>` section); with `provider`, the directive and its value (`Require valid-user`). */
  written: string;
  /** Set when the directive is known and its value names a provider of the module (src/apache/providers.ts): what 2.4 says without it, and when. */
  provider?: { error: string; when: 'start-up' | 'request' };
}

/** The loaded set a configuration gives: short names of its LoadModule lines (renamed 2.2 modules under their 2.4 name too) plus the built-ins. */
export function effectiveLoaded(loadedNames: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const n of loadedNames) {
    out.add(n);
    const renamed = REMOVED[n]?.renamedTo;
    if (renamed) out.add(renamed);
  }
  for (const [m, v] of Object.entries(MODULES)) if (v.builtin) out.add(m);
  out.add('core');
  out.add('http');
  return out;
}

/** Modules load-implicit-modules loads, with its own explanation: the module of a directive that moved between modules in 2.4, the MPM. */
const LOADED_IMPLICITLY = /^(authz_core|authn_core|access_compat|unixd|filter|proxy_connect|slotmem_shm|socache_shmcb|lbmethod_\w+|mpm_\w+)$/;

/** Whether load-implicit-modules, not load-module-for-directive, loads a module. */
export function loadedImplicitly(module: string): boolean {
  return LOADED_IMPLICITLY.test(module);
}

/** The directives load-module-for-directive leaves to load-implicit-modules (ProxyFtpDirCharset moved to mod_proxy_ftp). */
export function leftToImplicit(info: DirectiveInfo): boolean {
  return loadedImplicitly(info.module) || info.name === 'ProxyFtpDirCharset';
}

/** The modules to load for `module`, its dependencies first, but those neither loaded nor left to load-implicit-modules (mod_slotmem_shm). */
export function modulesToLoad(module: string, loaded: ReadonlySet<string>): string[] {
  return [...moduleDependencies(module).filter((d) => !loaded.has(d) && !loadedImplicitly(d)), module];
}

/**
 * The modules of the directives a tree whose LoadModule lines load `named` (short names) uses where httpd reads them
 * and no line loads, with their dependencies: the tree started under 2.2, so 2.2 had them compiled in (or loaded them
 * in a file not read here), and load-module-for-directive loads them in the migrated tree.
 *
 * With `providers`, also the modules a value names (`Require valid-user`: mod_authz_user; `AuthType Digest`): 2.2 starts
 * without them, so the tree does not show whether 2.2 had them, but load-module-for-directive loads them (2.4 does not
 * start without them) on the same premise, and a second run reads its LoadModule line as loaded in 2.2 too. Without them
 * (a 2.4 tree read as written, verify) the tree loads only what its lines load.
 */
export function compiledIn(files: readonly ConfigFile[], named: readonly string[], around?: Around, providers = false): string[] {
  const loaded = effectiveLoaded(named);
  const symbols = new Set(named.map((n) => `${n}_module`));
  const out: string[] = [];
  for (const f of files) {
    for (const m of missingIn(f, loaded, symbols, leftToImplicit, around)) {
      if (providers || !m.provider) for (const n of modulesToLoad(m.module, loaded)) if (!out.includes(n)) out.push(n);
    }
  }
  return out;
}

/** Whether httpd 2.4 reads what lies inside these sections, given the loaded modules (short names and LoadModule symbols). */
function sectionsHold(ancestors: readonly Section[], loaded: ReadonlySet<string>, symbols: ReadonlySet<string>): boolean {
  return ancestors.every((s) => conditionHolds(s, {
    version: '2.4',
    hasModule: (name, test) => loaded.has(name) || symbols.has(`${name}_module`) || symbols.has(test),
    hasDirective: (lname) => { const providers = providersOfDirective(lname); return providers.length === 0 || providers.some((p) => loaded.has(p.module)); },
  }) !== false);
}

/**
 * The modules used and not loaded across `files` (in httpd's reading order), one entry per module
 * at its first use. `skip(info)` leaves out directives another rule takes care of. `around(file)`
 * gives the sections around the Include lines that read a file (src/project/include-chains.ts),
 * one list per way it is reached: a line counts when httpd reads it along one of them.
 */
export function missingModules(
  files: readonly ConfigFile[], loaded: ReadonlySet<string>, loadedSymbols: ReadonlySet<string>,
  skip: (info: DirectiveInfo) => boolean = () => false,
  around: Around = () => UNCONDITIONAL,
): MissingModule[] {
  return firstPerModule(files.flatMap((f) => missingIn(f, loaded, loadedSymbols, skip, around)));
}

/** The first entry of each module, in order. */
export function firstPerModule(entries: readonly MissingModule[]): MissingModule[] {
  const found = new Map<string, MissingModule>();
  for (const m of entries) if (!found.has(m.module)) found.set(m.module, m);
  return [...found.values()];
}

/**
 * One file's share of missingModules: the modules its lines use and `loaded` lacks, one entry per module at its first
 * use in the file (missingModules takes the first of each over the files, so a rule can keep each file's share).
 */
export function missingIn(
  file: ConfigFile, loaded: ReadonlySet<string>, loadedSymbols: ReadonlySet<string>,
  skip: (info: DirectiveInfo) => boolean = () => false,
  around: Around = () => UNCONDITIONAL,
): MissingModule[] {
  const found = new Map<string, MissingModule>();
  const check = (node: Directive | Section, lname: string, written: string, ancestors: readonly Section[]) => {
    const providers = providersOfDirective(lname);
    if (providers.length === 0 || providers.some((p) => loaded.has(p.module))) return;
    const first = providers[0]!;
    if (found.has(first.module) || providers.some(skip)) return;
    if (!alongSomeWay(around(file), ancestors, (sections) => sectionsHold(sections, loaded, loadedSymbols))) return;
    found.set(first.module, { module: first.module, alternatives: providers.slice(1).map((p) => p.module), file, node, written });
  };
  /** A directive whose value names a provider module that is not loaded (`Require valid-user`, `Dav On`). */
  const checkValue = (d: Directive, ancestors: readonly Section[]) => {
    const need = providerModule(d.lname, d.args.map((a) => a.value));
    if (!need || loaded.has(need.module) || found.has(need.module) || !MODULES[need.module]) return;
    const providers = providersOfDirective(d.lname);
    if (providers.length === 0) return;
    if (skip({ ...providers[0]!, module: need.module, symbol: `${need.module}_module`, so: `mod_${need.module}.so` })) return;
    if (!alongSomeWay(around(file), ancestors, (sections) => sectionsHold(sections, loaded, loadedSymbols))) return;
    const written = [d.name, ...d.args.slice(0, need.shown).map((a) => a.raw)].join(' ');
    found.set(need.module, { module: need.module, alternatives: [], file, node: d, written, provider: { error: need.error, when: need.when } });
  };
  walk(file, {
    directive: (d, ancestors) => { check(d, d.lname, d.name, ancestors); checkValue(d, ancestors); },
    enter: (s, ancestors) => check(s, `<${s.lname}`, `<${s.name}`, ancestors),
  });
  return [...found.values()];
}
