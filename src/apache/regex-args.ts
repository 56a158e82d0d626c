/**
 * Where httpd reads a regular expression: the sections (`<Directory ~ re>`, `<FilesMatch re>`…)
 * and the directive arguments (`AliasMatch re`, `RewriteCond str re`…). 2.2 compiled them with
 * PCRE (8.x), 2.4.71 with PCRE2.
 */
import type { Arg, Directive, Section } from '../ast/nodes.js';

/** Sections whose argument is a regex, and those that take one after `~`. */
const MATCH_SECTIONS: ReadonlySet<string> = new Set(['directorymatch', 'filesmatch', 'locationmatch', 'proxymatch']);
const TILDE_SECTIONS: ReadonlySet<string> = new Set(['directory', 'files', 'location', 'proxy']);

/** The regex argument of a section, or null. */
export function sectionRegex(s: Section): Arg | null {
  if (MATCH_SECTIONS.has(s.lname)) return s.args[0] ?? null;
  if (TILDE_SECTIONS.has(s.lname) && s.args[0]?.value === '~') return s.args[1] ?? null;
  return null;
}

/** Directive → index of its regex argument. */
const FIXED: Readonly<Record<string, number>> = {
  aliasmatch: 0, scriptaliasmatch: 0, proxypassmatch: 0, proxyremotematch: 0, rewriterule: 0,
  browsermatch: 0, browsermatchnocase: 0, setenvif: 1, setenvifnocase: 1, rewritecond: 1,
};
const STATUS = /^(permanent|temp|seeother|gone|\d{3})$/i;

/** The regex arguments of a directive (RewriteCond only when its pattern is a regex, not -f, <, =…). */
export function directiveRegexes(d: Directive): Arg[] {
  if (d.lname === 'redirectmatch') {
    const i = d.args.length >= 3 || (d.args[0] && STATUS.test(d.args[0].value)) ? 1 : 0;
    return d.args[i] ? [d.args[i]!] : [];
  }
  const i = FIXED[d.lname];
  const arg = i === undefined ? undefined : d.args[i];
  if (!arg) return [];
  if (d.lname === 'rewritecond' && /^!?(-[a-zA-Z]{1,3}$|[<>=])/.test(arg.value)) return [];
  return [arg];
}
