/**
 * The one evaluator of httpd's conditional sections: `<IfModule>`, `<IfDefine>`, `<IfVersion>` and
 * `<IfDirective>` (semantics §1.7). Every caller (the access evaluator, the missing-module check, the
 * rules' "does 2.4 read this" test) asks here and only supplies what it knows: the modules loaded,
 * the names defined with -D, the directives available. What it does not know is left undecided (null).
 */
import type { Section } from '../ast/nodes.js';
import { condition } from '../ast/query.js';
import { CORE_24, knownModule, MPM_BY_TEST } from './modules.js';
import { compilePcre } from './pcre.js';

/** The two versions the migration reads a tree as. */
export type HttpdVersion = '2.2' | '2.4';

/** What a conditional section is tested against; a question left out is left undecided. */
export interface ConditionContext {
  version: HttpdVersion;
  /** Whether a module is loaded, by the short name moduleOfTest gives (`mpm_prefork`, `cache_disk`, `foo`), and the test as written. */
  hasModule?: (name: string, test: string) => boolean;
  /** The names defined with -D. */
  defines?: ReadonlySet<string>;
  /** Whether some loaded module provides a directive (lower-case name, sections as `<proxy`). */
  hasDirective?: (lname: string) => boolean;
}

/** The full versions `<IfVersion>` is compared with: the last 2.2 and the 2.4 the migration targets. */
const FULL_VERSION: Record<HttpdVersion, [number, number, number]> = { '2.2': [2, 2, 34], '2.4': [2, 4, 63] };

/**
 * The short name of the module an `<IfModule>` test names, in any of its spellings: `mod_cache_disk.c`,
 * `cache_disk_module` → `cache_disk`; the MPMs by their 2.2 source names too (`prefork.c` → `mpm_prefork`);
 * `core.c` → `core`; a module httpd does not ship by its pattern (`mod_foo.c`, `foo_module` → `foo`), else as written.
 */
export function moduleOfTest(test: string): string {
  const mpm = MPM_BY_TEST[test];
  if (mpm) return `mpm_${mpm}`;
  return knownModule(test) ?? /^mod_(\w+)\.c$/.exec(test)?.[1] ?? /^(\w+)_module$/.exec(test)?.[1] ?? test;
}

function cmpVersion(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/** `<IfVersion [[!]op] version>` against 2.2.34 or 2.4.63. */
export function ifVersionHolds(args: readonly string[], version: HttpdVersion): boolean {
  let op = args.length > 1 ? args[0]! : '=';
  const ver = args.length > 1 ? args.slice(1).join(' ') : (args[0] ?? '');
  let neg = false;
  if (op.startsWith('!')) { neg = true; op = op.slice(1) || '='; }
  const full = FULL_VERSION[version];
  const text = full.join('.');
  let res: boolean;
  if (op === '~' || (ver.startsWith('/') && ver.endsWith('/') && ver.length > 1)) {
    const src = op === '~' ? ver : ver.slice(1, -1);
    const compiled = compilePcre(src);
    res = 'regex' in compiled && compiled.regex.test(text);
  } else {
    const want = ver.split('.').map((n) => Number(n) || 0);
    const c = cmpVersion(full, want);
    res = op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : op === '>=' ? c >= 0 : c === 0;
  }
  if (!/^(=|==|<|<=|>|>=|~)$/.test(op)) res = false;
  return neg ? !res : res;
}

/**
 * Whether httpd reads a conditional section's body: true or false, or null when the section is not a
 * conditional or the context does not say (an `<IfModule>` with no module list, `<IfDefine>` with no -D names).
 * The core modules (core.c, http_core.c) are always loaded.
 */
export function conditionHolds(s: Section, ctx: ConditionContext): boolean | null {
  if (s.lname === 'ifmodule') {
    const { name, negated } = condition(s);
    const module = moduleOfTest(name);
    if (CORE_24.some((m) => m.name === module)) return !negated;
    return ctx.hasModule ? ctx.hasModule(module, name) !== negated : null;
  }
  if (s.lname === 'ifdefine') {
    const { name, negated } = condition(s);
    return ctx.defines ? ctx.defines.has(name) !== negated : null;
  }
  if (s.lname === 'ifversion') return ifVersionHolds(s.args.map((a) => a.value), ctx.version);
  if (s.lname === 'ifdirective') {
    const { name, negated } = condition(s);
    return ctx.hasDirective ? ctx.hasDirective(name.toLowerCase()) !== negated : null;
  }
  return null;
}

/** True when httpd reads what lies inside all these sections (an undecided one counts as read). */
export function allHold(ancestors: readonly Section[], ctx: ConditionContext): boolean {
  return ancestors.every((s) => conditionHolds(s, ctx) !== false);
}
