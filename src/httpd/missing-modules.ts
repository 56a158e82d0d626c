/**
 * The modules a configuration uses without loading them: every directive (and section) that httpd
 * would read, given the modules loaded (LoadModule lines, built-in modules of the measured binary),
 * whose module (per src/apache/directive-table.ts) is not among them. httpd 2.4 refuses to start on
 * the first such directive ("Invalid command 'X', perhaps misspelled or defined by a module not
 * included in the server configuration"), or answers 500 when it is in an .htaccess file.
 *
 * `<IfModule>` blocks whose test is false are skipped, as httpd skips them; `<IfDirective>` too.
 * Other conditional sections (`<IfDefine>`, `<IfVersion>`, `<IfFile>`, `<IfSection>`) are taken as true.
 */
import type { ConfigFile, Directive, Section } from '../ast/nodes.js';
import { condition } from '../ast/query.js';
import { walk } from '../ast/walk.js';
import { knownModule, MPM_BY_TEST, REMOVED } from '../apache/modules.js';
import { MODULES, providersOfDirective, type DirectiveInfo } from '../apache/directive-table.js';

/** One module a configuration needs and does not load. */
export interface MissingModule {
  /** The module to load (short name), the first provider of the directive by name. */
  module: string;
  /** The other modules that would do as well (mod_cgid for mod_cgi's ScriptLog). */
  alternatives: string[];
  /** The first use, in reading order. */
  file: ConfigFile;
  node: Directive | Section;
  /** The name as written there (`AddOutputFilterByType`, `Proxy` for a `<Proxy>` section). */
  written: string;
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

/** Whether httpd would read the inside of `<IfModule test>` given the loaded modules, for the names 2.2 and 2.4 trees use. */
export function ifModuleHolds(test: string, loaded: ReadonlySet<string>, loadedSymbols: ReadonlySet<string>): boolean {
  if (test === 'core.c') return true;
  if (test === 'http_core.c') return true;
  const mpm = MPM_BY_TEST[test];
  if (mpm) return loaded.has(`mpm_${mpm}`);
  const known = knownModule(test);
  if (known) return loaded.has(known);
  const short = /^mod_(\w+)\.c$/.exec(test)?.[1] ?? /^(\w+)_module$/.exec(test)?.[1];
  return loadedSymbols.has(test) || (short !== undefined && (loaded.has(short) || loadedSymbols.has(`${short}_module`)));
}

/** True when every enclosing conditional section would be read by httpd. */
function sectionsHold(ancestors: readonly Section[], loaded: ReadonlySet<string>, symbols: ReadonlySet<string>): boolean {
  return ancestors.every((s) => {
    if (s.lname === 'ifmodule') {
      const { name, negated } = condition(s);
      return ifModuleHolds(name, loaded, symbols) !== negated;
    }
    if (s.lname === 'ifdirective') {
      const { name, negated } = condition(s);
      const providers = providersOfDirective(name.toLowerCase());
      const holds = providers.length === 0 || providers.some((p) => loaded.has(p.module));
      return holds !== negated;
    }
    return true;
  });
}

/**
 * The modules used and not loaded across `files` (in httpd's reading order), one entry per module
 * at its first use. `skip(info)` leaves out directives another rule takes care of.
 */
export function missingModules(
  files: readonly ConfigFile[], loaded: ReadonlySet<string>, loadedSymbols: ReadonlySet<string>,
  skip: (info: DirectiveInfo) => boolean = () => false,
): MissingModule[] {
  const found = new Map<string, MissingModule>();
  const check = (file: ConfigFile, node: Directive | Section, lname: string, written: string, ancestors: readonly Section[]) => {
    const providers = providersOfDirective(lname);
    if (providers.length === 0 || providers.some((p) => loaded.has(p.module))) return;
    const first = providers[0]!;
    if (found.has(first.module) || providers.some(skip)) return;
    if (!sectionsHold(ancestors, loaded, loadedSymbols)) return;
    found.set(first.module, { module: first.module, alternatives: providers.slice(1).map((p) => p.module), file, node, written });
  };
  for (const file of files) {
    walk(file, {
      directive: (d, ancestors) => check(file, d, d.lname, d.name, ancestors),
      enter: (s, ancestors) => check(file, s, `<${s.lname}`, `<${s.name}`, ancestors),
    });
  }
  return [...found.values()];
}
