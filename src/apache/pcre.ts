/**
 * httpd's regular expressions (PCRE in 2.2, PCRE2 in 2.4) as JavaScript RegExps, for the model to
 * match paths with. Most of PCRE's syntax means the same in JavaScript; where it does not, the
 * pattern is rewritten (a leading `(?i)`, POSIX classes, `[]…]`, `\A`, `\x{…}`, `(?P<n>…)`) or
 * marked as one this tool cannot evaluate (possessive quantifiers, atomic groups, inline options
 * inside the pattern…). Patterns PCRE itself refuses are told apart, with PCRE2's message: httpd
 * does not start with one of them.
 */

export type Compiled =
  | { regex: RegExp }
  /** PCRE refuses the pattern: httpd 2.2 and 2.4 stop at start-up. PCRE2's message. */
  | { error: string }
  /** Valid PCRE (as far as can be told) that JavaScript cannot express. */
  | { unsupported: string };

/** [:name:] inside a bracket expression, in JavaScript's class syntax. */
const POSIX: Readonly<Record<string, string>> = {
  alpha: 'a-zA-Z', digit: '0-9', alnum: 'a-zA-Z0-9', upper: 'A-Z', lower: 'a-z', space: '\\t\\n\\v\\f\\r ',
  blank: ' \\t', punct: '!-\\/:-@\\[-`{-~', xdigit: '0-9A-Fa-f', word: '\\w', cntrl: '\\x00-\\x1f\\x7f',
  print: ' -~', graph: '!-~', ascii: '\\x00-\\x7f',
};

/** Escapes PCRE reads otherwise than JavaScript does (outside \Q…\E). */
const FOREIGN_ESCAPES: ReadonlySet<string> = new Set([...'hHvVRKGXCNgpPo']);
/** Escapes PCRE (8.x and PCRE2 alike) refuses: "PCRE does not support \\L, \\l, \\N{name}, \\U, or \\u". */
const REFUSED_ESCAPES: ReadonlySet<string> = new Set([...'LlUu']);


/** Compiles an httpd regex (`flags`: JavaScript flags the caller adds, such as `i`). */
export function compilePcre(pattern: string, flags = ''): Compiled {
  let i = 0;
  let out = '';
  const lead = /^\(\?([imsx]+)\)/.exec(pattern);
  if (lead) {
    if (lead[1]!.includes('x')) return { unsupported: 'the (?x) option' };
    for (const f of lead[1]!) if (!flags.includes(f)) flags += f;
    i = lead[0].length;
  }
  let depth = 0;
  // A quantifier at lastIndex (sticky: no copy of the rest of the pattern per character; one per call, as it moves).
  const quantifier = /[*+?]|\{\d+(?:,\d*)?\}/y;
  /**
   * What the last thing written can take: a quantifier ('item'), nothing ('none': PCRE refuses one
   * there), a lazy or possessive mark ('quantified'), or an assertion, which this tool leaves alone.
   */
  let last: 'item' | 'none' | 'quantified' | 'assertion' = 'none';
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      const e = escape(pattern, i, false);
      if ('error' in e || 'unsupported' in e) return e;
      out += e.js; i = e.next; last = e.repeatable ? 'item' : 'assertion';
      continue;
    }
    if (c === '[') {
      const k = bracket(pattern, i);
      if ('error' in k || 'unsupported' in k) return k;
      out += k.js; i = k.next; last = 'item';
      continue;
    }
    if (c === '(') {
      const g = group(pattern, i);
      if ('error' in g || 'unsupported' in g) return g;
      i = g.next;
      if (g.comment) continue;
      out += g.js; depth++; last = 'none';
      continue;
    }
    if (c === ')') {
      if (depth === 0) return { error: `unmatched closing parenthesis at offset ${i}` };
      depth--; out += c; i++; last = 'item';
      continue;
    }
    if (c === '|') { out += c; i++; last = 'none'; continue; }
    quantifier.lastIndex = i;
    const q = quantifier.exec(pattern);
    if (q) {
      if (last === 'quantified' && c === '?') { out += c; i++; last = 'none'; continue; }
      if (last === 'quantified' && c === '+') return { unsupported: 'a possessive quantifier' };
      if (last === 'assertion') return { unsupported: `a quantifier after an assertion at offset ${i}` };
      if (last !== 'item') return { error: `quantifier does not follow a repeatable item at offset ${i}` };
      out += q[0]; i += q[0].length; last = 'quantified';
      continue;
    }
    out += c; i++; last = c === '^' || c === '$' ? 'assertion' : 'item';
  }
  if (depth > 0) return { error: `missing closing parenthesis at offset ${pattern.length}` };
  try {
    return { regex: new RegExp(out, flags) };
  } catch (e) {
    return { unsupported: `JavaScript cannot read it (${(e as Error).message})` };
  }
}

type Piece = { js: string; next: number; repeatable: boolean } | { error: string } | { unsupported: string };

/** The escape at `i`, inside a bracket expression or not. */
function escape(p: string, i: number, inClass: boolean): Piece {
  const n = p[i + 1];
  if (n === undefined) return { error: `\\ at end of pattern at offset ${i}` };
  if (n === 'Q') {
    const end = p.indexOf('\\E', i + 2);
    const lit = p.slice(i + 2, end < 0 ? p.length : end);
    if (inClass) return { unsupported: '\\Q…\\E inside a character class' };
    // Each character escaped, with no group: a quantifier after \E takes the last one, as in PCRE.
    const js = lit.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    return { js, next: end < 0 ? p.length : end + 2, repeatable: lit.length > 0 };
  }
  if (n === 'E') return { js: '', next: i + 2, repeatable: false };
  if (!inClass && (n === 'A' || n === 'z' || n === 'Z')) {
    return { js: n === 'A' ? '(?<![\\s\\S])' : n === 'z' ? '(?![\\s\\S])' : '(?=\\n?(?![\\s\\S]))', next: i + 2, repeatable: false };
  }
  if (n === 'x' && p[i + 2] === '{') {
    const m = /^\\x\{([0-9a-fA-F]{1,4})\}/.exec(p.slice(i, i + 9));
    if (!m) return { unsupported: `the escape ${p.slice(i, i + 4)}…` };
    return { js: `\\u${m[1]!.padStart(4, '0')}`, next: i + m[0].length, repeatable: true };
  }
  if (n === 'e') return { js: '\\x1b', next: i + 2, repeatable: true };
  if (REFUSED_ESCAPES.has(n)) return { error: `PCRE does not support \\L, \\l, \\N{name}, \\U, or \\u at offset ${i + 1}` };
  if (FOREIGN_ESCAPES.has(n)) return { unsupported: `the escape \\${n}` };
  return { js: `\\${n}`, next: i + 2, repeatable: !inClass && (n !== 'b' && n !== 'B') };
}

/** The bracket expression at `i`. */
function bracket(p: string, i: number): Piece {
  let j = i + 1;
  let js = '[';
  if (p[j] === '^') { js += '^'; j++; }
  let first = true;
  for (;;) {
    const c = p[j];
    if (c === undefined) return { error: `missing terminating ] for character class at offset ${p.length}` };
    if (c === ']' && !first) return { js: `${js}]`, next: j + 1, repeatable: true };
    first = false;
    if (c === ']') { js += '\\]'; j++; continue; }
    if (c === '[' && p[j + 1] === ':') {
      const m = /^\[:(\^?)([a-z]+):\]/.exec(p.slice(j, j + 12));
      if (m) {
        const set = POSIX[m[2]!];
        if (!set) return { error: `unknown POSIX class name at offset ${j}` };
        if (m[1]) return { unsupported: `the negated POSIX class [:^${m[2]}:]` };
        js += set; j += m[0].length; continue;
      }
    }
    if (c === '\\') {
      const e = escape(p, j, true);
      if ('error' in e || 'unsupported' in e) return e;
      js += e.js; j = e.next; continue;
    }
    js += c === '[' ? '\\[' : c; j++;
  }
}

/** The group opening at `i` (or a comment, which is dropped). */
function group(p: string, i: number): { js: string; next: number; comment?: boolean } | { error: string } | { unsupported: string } {
  if (p[i + 1] === '*') return { unsupported: `the verb ${p.slice(i, i + 8)}…` };
  if (p[i + 1] !== '?') return { js: '(', next: i + 1 };
  const rest = p.slice(i + 2, i + 6);
  if (rest.startsWith('#')) {
    const end = p.indexOf(')', i);
    if (end < 0) return { error: `missing ) after (?# comment at offset ${p.length}` };
    return { js: '', next: end + 1, comment: true };
  }
  if (/^(?::|=|!|<=|<!)/.test(rest)) {
    const len = rest.startsWith('<') ? 3 : 1;
    return { js: p.slice(i, i + 2 + len), next: i + 2 + len };
  }
  const named = /^(?:<|P<|')([A-Za-z_]\w*)[>']/.exec(p.slice(i + 2, i + 40));
  if (named) return { js: `(?<${named[1]}>`, next: i + 2 + named[0].length };
  return { unsupported: `the group ${p.slice(i, i + 4)}…` };
}
