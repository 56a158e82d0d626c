/**
 * Lookups over the directive table of httpd 2.4 (directive-data.generated.ts, measured on the real
 * binary by scripts/gen-directive-table.mjs): which module provides a directive, which directives a
 * module provides, what it must load first. Written by hand; the data beside it is never edited by hand.
 */
import { DIRECTIVE_ROWS, MODULE_DEPENDENCIES, MODULES } from './directive-data.generated.js';

export { DIRECTIVE_ROWS, MODULE_DEPENDENCIES, MODULES };


/** What the table knows of one directive, for one module that provides it. */
export interface DirectiveInfo {
  /** The spelling the module declares: `AddOutputFilterByType`, `order` (access_compat's are lower case), `<IfModule`. */
  name: string;
  /** Short name of the module: `filter`, `core`, `http` (http_core.c). */
  module: string;
  /** The first argument of LoadModule: `filter_module`. */
  symbol: string;
  /** The shared object: `mod_filter.so` (empty for core and http_core, which are never shared). */
  so: string;
  /** Compiled into the measured binary: needs no LoadModule (and must not have one). */
  builtin: boolean;
}

function info(name: string, module: string): DirectiveInfo {
  const builtin = MODULES[module]?.builtin ?? false;
  const so = module === 'core' || module === 'http' ? '' : `mod_${module}.so`;
  return { name, module, symbol: `${module}_module`, so, builtin };
}

/** Rows by lower-case directive name and by module: built once when the module loads, never changed after. */
const { BY_LNAME, BY_MODULE } = ((): { BY_LNAME: ReadonlyMap<string, readonly DirectiveInfo[]>; BY_MODULE: ReadonlyMap<string, readonly string[]> } => {
  const byLname = new Map<string, DirectiveInfo[]>();
  const byModule = new Map<string, string[]>();
  for (const [name, module] of DIRECTIVE_ROWS) {
    const lname = name.toLowerCase();
    byLname.set(lname, [...(byLname.get(lname) ?? []), Object.freeze(info(name, module))]);
    byModule.set(module, [...(byModule.get(module) ?? []), name]);
  }
  for (const v of byLname.values()) Object.freeze(v);
  for (const v of byModule.values()) Object.freeze(v);
  return { BY_LNAME: byLname, BY_MODULE: byModule };
})();

/**
 * The module that provides a directive (lower-case name; sections as `<directory`), or null for a
 * name no standard 2.4 module declares (a 2.2-only or third-party directive, or a typo). When
 * several modules provide it (see providersOfDirective) this is the first by name.
 */
export function moduleOfDirective(lname: string): DirectiveInfo | null {
  return BY_LNAME.get(lname)?.[0] ?? null;
}

/** Every module that provides a directive: any one of them loaded makes it valid. */
export function providersOfDirective(lname: string): readonly DirectiveInfo[] {
  return BY_LNAME.get(lname) ?? [];
}

/** The directives a module provides (canonical spellings, sorted), empty for a module with none or unknown. */
export function directivesOfModule(module: string): readonly string[] {
  return BY_MODULE.get(module) ?? [];
}

/** The modules that must be loaded before `module` can be (`proxy_http` → `['proxy']`). */
export function moduleDependencies(module: string): readonly string[] {
  return MODULE_DEPENDENCIES[module] ?? [];
}

/** Every module measured (short names, sorted). */
export function measuredModules(): string[] {
  return Object.keys(MODULES).sort();
}
