/**
 * Lookups over the directive table of httpd 2.4 (directive-data.generated.ts, measured on the real
 * binary by scripts/gen-directive-table.mjs): which module provides a directive, which directives a
 * module provides, what it must load first. Written by hand; the data beside it is never edited by hand.
 */
import { DIRECTIVE_ROWS, HTACCESS_OVERRIDE, MODULE_DEPENDENCIES, MODULES, SOURCE_VERSION } from './directive-data.generated.js';

export { DIRECTIVE_ROWS, MODULE_DEPENDENCIES, MODULES, SOURCE_VERSION };

/**
 * What a .htaccess needs from AllowOverride to hold a directive (lower-case name; `<files` for a section): '' never,
 * '*' any category, else the categories that allow it, any one of them ('authconfig limit'). Undefined for a name the
 * table does not know.
 */
export function htaccessNeed(lname: string): string | undefined {
  return Object.hasOwn(HTACCESS_OVERRIDE, lname) ? HTACCESS_OVERRIDE[lname] : undefined;
}

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

/**
 * The index of the first row whose lower-case name is not below `lname`. DIRECTIVE_ROWS is sorted
 * by lower-case name (then module), so a lookup is a binary search: no table to build at start-up,
 * which cost a one-file check several ms (757 rows, each a frozen object, copied into two maps).
 */
function firstRowFrom(lname: string): number {
  let lo = 0;
  let hi = DIRECTIVE_ROWS.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareLowered(DIRECTIVE_ROWS[mid]![0], lname) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A row's name in ASCII lower case compared with `lname`, as `<` compares strings, without making the
 * lower-case copy (every directive of every file is looked up).
 */
function compareLowered(name: string, lname: string): number {
  const n = Math.min(name.length, lname.length);
  for (let i = 0; i < n; i++) {
    let c = name.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    const d = lname.charCodeAt(i);
    if (c !== d) return c - d;
  }
  return name.length - lname.length;
}

/**
 * The module that provides a directive (lower-case name; sections as `<directory`), or null for a
 * name no standard 2.4 module declares (a 2.2-only or third-party directive, or a typo). When
 * several modules provide it (see providersOfDirective) this is the first by name.
 */
export function moduleOfDirective(lname: string): DirectiveInfo | null {
  return providersOfDirective(lname)[0] ?? null;
}

/** Every module that provides a directive, sorted by name: any one of them loaded makes it valid. */
export function providersOfDirective(lname: string): readonly DirectiveInfo[] {
  const out: DirectiveInfo[] = [];
  for (let i = firstRowFrom(lname); i < DIRECTIVE_ROWS.length && compareLowered(DIRECTIVE_ROWS[i]![0], lname) === 0; i++) {
    const [name, module] = DIRECTIVE_ROWS[i]!;
    out.push(Object.freeze(info(name, module)));
  }
  return Object.freeze(out);
}

/** The directives a module provides (canonical spellings, sorted), empty for a module with none or unknown. */
export function directivesOfModule(module: string): readonly string[] {
  return DIRECTIVE_ROWS.filter((row) => row[1] === module).map(([name]) => name);
}

/** The modules that must be loaded before `module` can be (`proxy_http` → `['proxy']`). */
export function moduleDependencies(module: string): readonly string[] {
  return MODULE_DEPENDENCIES[module] ?? [];
}

/** Every module measured (short names, sorted). */
export function measuredModules(): string[] {
  return Object.keys(MODULES).sort();
}
