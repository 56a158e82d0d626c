/**
 * Where httpd reads a regular expression: the sections (`<Directory ~ re>`, `<FilesMatch re>`…)
 * and the directive arguments (`AliasMatch re`, `RewriteCond str re`, `Header edit h re r`,
 * `Substitute s|re|r|`, `SSLRequire … =~ m#re#`…), and the text PCRE receives from each. 2.2
 * compiled them with PCRE (8.x), 2.4.71 with PCRE2.
 *
 * How the text reaches PCRE depends on who reads the line:
 * - most directives and every section take ap_getword_conf's word (src/parse/words.ts), which turns
 *   `\\` into `\` (and `\"` into `"` inside double quotes): `AliasMatch "\\icons"` compiles `\icons`;
 * - mod_rewrite (RewriteRule, RewriteCond) reads its own arguments (RAW_ARGS, parseargline): only `"`
 *   quotes, stripped, and every backslash kept: `RewriteRule "\\icons"` compiles `\\icons`, a
 *   backslash then `icons` (checked on 2.4.71);
 * - SSLRequire (RAW_ARGS) hands the line to the expression parser, which copies the text between the
 *   delimiters of `m#re#` or `/re/` as written, up to the next delimiter (`\#` does not escape it).
 */
import type { Arg, Directive, Section } from '../ast/nodes.js';
import { wordChars } from '../parse/words.js';

/** One regex as PCRE receives it, and where each of its characters was written in the file. */
export interface RegexSite {
  /** The pattern PCRE compiles (without mod_rewrite's leading `!`). */
  pattern: string;
  /** pattern[k] was written by the file's bytes [from[k], to[k]). */
  from: number[];
  to: number[];
  /** The written regex (or the word holding it) in the file, to report at. */
  start: number;
  end: number;
  /** Text of this shape is no longer read as a regex at all (SetEnvIf's header name). */
  plain?: RegExp;
}

/** The regex an ap_getword_conf word gives, or its part [a, b). */
function wordSite(arg: Arg, a = 0, b?: number): RegexSite {
  const w = wordChars(arg.raw);
  const end = b ?? w.value.length;
  return {
    pattern: w.value.slice(a, end),
    from: w.from.slice(a, end).map((i) => arg.start + i),
    to: w.to.slice(a, end).map((i) => arg.start + i),
    start: arg.start,
    end: arg.end,
  };
}

/** Text written byte for byte as the pattern, starting at file offset `at`. */
function verbatimSite(pattern: string, at: number, start: number, end: number): RegexSite {
  const from = [...pattern].map((_, k) => at + k);
  return { pattern, from, to: from.map((k) => k + 1), start, end };
}

/** mod_rewrite's reading: a `"…"` word loses its quotes, nothing is unescaped, a leading ! negates. */
function rewriteSite(arg: Arg): RegexSite {
  let a = 0;
  let b = arg.raw.length;
  if (arg.raw[0] === '"') {
    a = 1;
    if (b > 1 && arg.raw[b - 1] === '"') b--;
  }
  if (arg.raw[a] === '!') a++;
  return verbatimSite(arg.raw.slice(a, b), arg.start + a, arg.start, arg.end);
}

/** Sections whose argument is a regex, and those that take one after `~`. */
const MATCH_SECTIONS: ReadonlySet<string> = new Set(['directorymatch', 'filesmatch', 'locationmatch', 'proxymatch']);
const TILDE_SECTIONS: ReadonlySet<string> = new Set(['directory', 'files', 'location', 'proxy']);

/** The regex argument of a section, or null. */
export function sectionRegex(s: Section): Arg | null {
  if (MATCH_SECTIONS.has(s.lname)) return s.args[0] ?? null;
  if (TILDE_SECTIONS.has(s.lname) && s.args[0]?.value === '~') return s.args[1] ?? null;
  return null;
}

/**
 * The regex of a section as PCRE receives it (ap_getword_conf's word), or null. `<IfVersion>` compiles one
 * too (mod_version): the word after `~` or `!~`, or a version written `/re/` (checked on 2.4: a bad one
 * stops httpd with "Unable to compile regular expression").
 */
export function sectionRegexSite(s: Section): RegexSite | null {
  if (s.lname === 'ifversion') return versionRegexSite(s.args);
  const arg = sectionRegex(s);
  return arg ? wordSite(arg) : null;
}

function versionRegexSite(args: readonly Arg[]): RegexSite | null {
  const [first, second] = args;
  if (!first) return null;
  if (second && (first.value === '~' || first.value === '!~')) return wordSite(second);
  const version = second ?? first;
  const v = version.value;
  return v.length > 1 && v.startsWith('/') && v.endsWith('/') ? wordSite(version, 1, v.length - 1) : null;
}

/** Directive → index of its regex argument (an ap_getword_conf word, or mod_rewrite's). */
const FIXED: Readonly<Record<string, number>> = {
  aliasmatch: 0, scriptaliasmatch: 0, proxypassmatch: 0, proxyremotematch: 0, rewriterule: 0,
  browsermatch: 0, browsermatchnocase: 0, setenvif: 1, setenvifnocase: 1, rewritecond: 1,
};
const STATUS = /^(permanent|temp|seeother|gone|\d{3})$/i;
/**
 * SetEnvIf's attributes that are not request headers (mod_setenvif, 2.2 and 2.4, compared without
 * case). Any other first argument is a header name, compiled as a regex when it has a character
 * outside `[-A-Za-z0-9_]` (is_header_regex): "SetEnvIfHeader name regex could not be compiled".
 */
const SETENVIF_SPECIAL: ReadonlySet<string> = new Set(['remote_host', 'remote_addr', 'server_addr', 'request_method', 'request_protocol', 'request_uri']);
const HEADER_NAME = /^[-A-Za-z0-9_]*$/;
/** The delimiters the expression parser takes after `m` (2.2's ssl_expr and 2.4's ap_expr). */
const EXPR_REGEX = /([=!]~)\s*(?:m([/#$%^|?!'",;:.])|(\/))/g;

/** The regexes of a directive as PCRE receives them (RewriteCond only when its pattern is a regex, not -f, <, =…). */
export function directiveRegexes(d: Directive, text: string): RegexSite[] {
  const arg = (i: number): Arg | undefined => d.args[i];
  switch (d.lname) {
    case 'redirectmatch': {
      const i = d.args.length >= 3 || (d.args[0] && STATUS.test(d.args[0].value)) ? 1 : 0;
      return arg(i) ? [wordSite(arg(i)!)] : [];
    }
    case 'rewriterule':
    case 'rewritecond': {
      const a = arg(FIXED[d.lname]!);
      if (!a) return [];
      const site = rewriteSite(a);
      if (d.lname === 'rewritecond' && /^(-[a-zA-Z]{1,3}$|[<>=])/.test(site.pattern)) return [];
      return [site];
    }
    case 'setenvif':
    case 'setenvifnocase': {
      const out: RegexSite[] = [];
      const name = arg(0);
      if (name && !SETENVIF_SPECIAL.has(name.value.toLowerCase()) && !HEADER_NAME.test(name.value)) out.push({ ...wordSite(name), plain: HEADER_NAME });
      if (arg(1)) out.push(wordSite(arg(1)!));
      return out;
    }
    case 'header':
    case 'requestheader': {
      // [always|onsuccess] (Header only) edit|edit* header regex replacement, or echo header-regex.
      let i = d.lname === 'header' && /^(always|onsuccess)$/i.test(arg(0)?.value ?? '') ? 1 : 0;
      const action = arg(i)?.value.toLowerCase();
      if (action === 'edit' || action === 'edit*') i += 2;
      else if (action === 'echo' && d.lname === 'header') i += 1;
      else return [];
      return arg(i) ? [wordSite(arg(i)!)] : [];
    }
    case 'substitute': {
      // s<d>regex<d>replacement<d>flags (mod_substitute): no escape of the delimiter; flag n = a plain string.
      const a = arg(0);
      const v = a?.value ?? '';
      if (!a || v[0]?.toLowerCase() !== 's' || v.length < 2) return [];
      const delim = v[1]!;
      const mid = v.indexOf(delim, 2);
      if (mid < 0) return [];
      const last = v.indexOf(delim, mid + 1);
      if (last >= 0 && /n/i.test(v.slice(last + 1))) return [];
      return [wordSite(a, 2, mid)];
    }
    case 'sslrequire': {
      // RAW_ARGS: the expression as written, from the first argument to the last.
      const first = arg(0);
      if (!first) return [];
      const base = first.start;
      const expr = text.slice(base, d.args[d.args.length - 1]!.end);
      const out: RegexSite[] = [];
      for (const m of expr.matchAll(EXPR_REGEX)) {
        const delim = m[2] ?? m[3]!;
        const open = m.index + m[0].length;
        const close = expr.indexOf(delim, open);
        if (close < 0 || /[\r\n]/.test(expr.slice(open, close))) continue;
        out.push(verbatimSite(expr.slice(open, close), base + open, base + open - (m[2] ? 2 : 1), base + close + 1));
      }
      return out;
    }
    default: {
      const i = FIXED[d.lname];
      const a = i === undefined ? undefined : arg(i);
      return a ? [wordSite(a)] : [];
    }
  }
}
