/** Small questions rules ask of the tree. */
import type { ConfigFile, Directive, Section } from './nodes.js';
import { memo } from './memo.js';
import { directives } from './walk.js';

/** The containers httpd evaluates while reading (`<IfModule>`, `<IfDefine>`, `<IfVersion>`, 2.4's `<IfFile>`…): they open no scope of their own. */
export const CONDITIONAL_SECTIONS: ReadonlySet<string> = new Set(['ifmodule', 'ifdefine', 'ifversion', 'iffile', 'ifdirective', 'ifsection']);

/** `<Limit>` and `<LimitExcept>`: they narrow their lines to some methods and open no scope of their own. */
export const LIMIT_SECTIONS: ReadonlySet<string> = new Set(['limit', 'limitexcept']);

/** The sections whose lines belong to the section around them (or the server level): conditional containers and method limits. */
export const SCOPELESS_SECTIONS: ReadonlySet<string> = new Set([...CONDITIONAL_SECTIONS, ...LIMIT_SECTIONS]);

/** A file's Include and IncludeOptional lines, in order: walked once per tree (callers must not change the list). */
export function includeDirectives(file: ConfigFile): readonly Directive[] {
  return memo(file, 'includeDirectives', () => directives(file, 'include', 'includeoptional'));
}

/** The text of a directive after its name, as written (leading space included). */
export function rawArgs(file: ConfigFile, d: Directive): string {
  return file.text.slice(d.nameEnd, d.contentEnd);
}

/** True when some enclosing section has the given lower-case name. */
export function within(ancestors: readonly Section[], lname: string): boolean {
  return ancestors.some((s) => s.lname === lname);
}

/** The value of a section's first argument with a leading `!` removed, and whether it was negated. */
export function condition(section: Section): { name: string; negated: boolean } {
  const raw = section.args.map((a) => a.value).join(' ');
  const negated = raw.startsWith('!');
  return { name: (negated ? raw.slice(1) : raw).trim(), negated };
}

/** Server-level directives that only a main server configuration holds (with ServerRoot, see holdsServerSetup). */
export const MAIN_MARKERS: readonly string[] = ['listen', 'loadmodule', 'pidfile', 'user', 'group'];

/**
 * True for what looks like a main server configuration: ServerRoot at server level, or at least two
 * of MAIN_MARKERS (a lone `ports.conf` or `mod.load` is not one). `names`: the lower-case names of
 * the file's server-level directives.
 */
export function holdsServerSetup(names: ReadonlySet<string>): boolean {
  return names.has('serverroot') || MAIN_MARKERS.filter((n) => names.has(n)).length >= 2;
}

/** The lower-case names of a file's directives outside every section but conditional containers. */
export function serverLevelNames(file: ConfigFile): Set<string> {
  const out = new Set<string>();
  const visit = (nodes: ConfigFile['children']): void => {
    for (const n of nodes) {
      if (n.type === 'directive') out.add(n.lname);
      else if (n.type === 'section' && CONDITIONAL_SECTIONS.has(n.lname)) visit(n.children);
    }
  };
  visit(file.children);
  return out;
}
