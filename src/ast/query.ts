/** Small questions rules ask of the tree. */
import type { ConfigFile, Directive, Section } from './nodes.js';

/** The containers httpd evaluates while reading (`<IfModule>`, `<IfDefine>`, `<IfVersion>`, 2.4's `<IfFile>`…): they open no scope of their own. */
export const CONDITIONAL_SECTIONS: ReadonlySet<string> = new Set(['ifmodule', 'ifdefine', 'ifversion', 'iffile', 'ifdirective', 'ifsection']);

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
