/**
 * Translating a 2.2 FilterProvider condition (`dispatch match`, mod_filter.c
 * `filter_provider` and `filter_lookup` of 2.2.x) into a 2.4 ap_expr expression.
 *
 * 2.2 dispatch: `req=H`, `resp=H`, `env=V`, `handler`, or a bare name (a response
 * header); a response header named Content-Type means r->content_type. A missing
 * value never matches (so `!` then applies). Match: `!` negates; `<N`, `<=N`, `>N`,
 * `>=N`, `=N` compare atoi(value); `/re/flags` (up to the last `/`, only `i` counts);
 * `*` is "set"; `$s` is a case-insensitive substring; anything else is a
 * case-insensitive exact match. 2.4 evaluates a missing value as "" (ap_expr_eval_word).
 */
import { compilePcre } from '../apache/pcre.js';

export interface Translation {
  /** What the 2.2 condition tested, in words. */
  meaning: string;
  /** The exact 2.4 expression, when there is one. */
  expr?: string;
  /** Why there is no exact expression, and the nearest one if any. */
  reason?: string;
  approx?: string;
}

const SAFE_NAME = /^[A-Za-z0-9_.:-]+$/;

/** C atoi: leading blanks, a sign, digits; 0 when there are none. */
export function cAtoi(s: string): number {
  const m = /^[ \t\n\v\f\r]*([+-]?\d+)/.exec(s);
  return m ? parseInt(m[1]!, 10) | 0 : 0;
}

interface Source { expr: string; what: string; inexact?: string }

function source(dispatch: string): Source | null {
  const eq = dispatch.indexOf('=');
  const table = eq >= 0 ? dispatch.slice(0, eq + 1).toLowerCase() : '';
  const name = eq >= 0 ? dispatch.slice(eq + 1) : dispatch;
  if (eq >= 0 && !['env=', 'req=', 'resp='].includes(table)) return null; // a start-up error in 2.2
  if (eq < 0 && name.toLowerCase() === 'handler') return { expr: '%{HANDLER}', what: 'the handler' };
  if (table !== 'env=' && table !== 'req=' && name.toLowerCase() === 'content-type') return { expr: '%{CONTENT_TYPE}', what: 'the response\'s Content-Type' };
  if (!SAFE_NAME.test(name)) return null;
  if (table === 'env=') return { expr: `reqenv('${name}')`, what: `environment variable ${name}` };
  if (table === 'req=') return { expr: `req_novary('${name}')`, what: `request header ${name}` };
  return {
    expr: `resp('${name}')`, what: `response header ${name}`,
    inexact: `2.2 also found ${name} among the headers kept on errors (set with "Header always"), which 2.4's resp() does not read`,
  };
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An ap_expr regex literal: `/re/` or `m#re#` (the lexer has no escape for the delimiter). */
function regexLiteral(pattern: string, icase: boolean): string | null {
  const delim = ['/', '#', '|', '!'].find((d) => !pattern.includes(d));
  if (delim === undefined) return null;
  return (delim === '/' ? '/' : `m${delim}`) + pattern + delim + (icase ? 'i' : '');
}

const COMPARE: Record<string, { op: string; test: (v: number, n: number) => boolean; words: string }> = {
  '<': { op: '-lt', test: (v, n) => v < n, words: 'is a number below' },
  '<=': { op: '-le', test: (v, n) => v <= n, words: 'is a number of at most' },
  '>': { op: '-gt', test: (v, n) => v > n, words: 'is a number above' },
  '>=': { op: '-ge', test: (v, n) => v >= n, words: 'is a number of at least' },
  '=': { op: '-eq', test: (v, n) => v === n, words: 'is the number' },
};

/** Translates `dispatch match`, or returns null when 2.2 itself refused the line. */
export function translateProvider(dispatch: string, match: string): Translation | null {
  const src = source(dispatch);
  if (src === null) return null;
  const negated = match.startsWith('!');
  const m = negated ? match.slice(1) : match;
  const v = src.expr;
  let body: { test: string; expr?: string; reason?: string; approx?: string };
  const op = /^(<=|>=|<|>|=)/.exec(m)?.[1];
  if (op) {
    const n = cAtoi(m.slice(op.length));
    const c = COMPARE[op]!;
    const expr = `${v} ${c.op} ${n}`;
    body = c.test(0, n)
      ? { test: `${c.words} ${n}`, reason: 'the test holds for 0, and 2.4 reads a missing value as 0 where 2.2 never matched it', approx: `-n ${v} && ${expr}` }
      : { test: `${c.words} ${n}`, expr };
  } else if (m.startsWith('/')) {
    const end = m.lastIndexOf('/');
    if (end === 0) return null; // "Bad regexp syntax" in 2.2
    const pattern = m.slice(1, end);
    const icase = m.slice(end + 1).includes('i');
    const lit = regexLiteral(pattern, icase);
    let matchesEmpty = true;
    const compiled = compilePcre(pattern, icase ? 'i' : '');
    if ('regex' in compiled) matchesEmpty = compiled.regex.test(''); // else not checkable: treated as matching ""
    body = lit === null
      ? { test: `matches ${m}`, reason: 'the regular expression uses every delimiter 2.4 accepts (/ # | !)' }
      : matchesEmpty
        ? { test: `matches ${m}`, reason: 'the regular expression can match an empty string, and 2.4 reads a missing value as empty where 2.2 never matched it', approx: `-n ${v} && ${v} =~ ${lit}` }
        : { test: `matches ${m}`, expr: `${v} =~ ${lit}` };
  } else if (m.startsWith('*')) {
    body = { test: 'is set', reason: '2.4 cannot tell a value set to "" from a missing one', approx: `-n ${v}` };
  } else if (m.startsWith('$')) {
    const sub = m.slice(1).toLowerCase();
    const lit = regexLiteral(escapeRegex(sub), true);
    body = sub === '' || lit === null
      ? { test: 'is set', reason: 'an empty substring matches any value that is set, even to ""' }
      : { test: `contains "${sub}" in any case`, expr: `${v} =~ ${lit}` };
  } else {
    body = m === '' || /['\\$%]/.test(m)
      ? { test: `equals "${m}" in any case`, reason: 'the string cannot be written as a plain 2.4 string' }
      : { test: `equals "${m}" in any case`, expr: `tolower(${v}) == '${m.toLowerCase()}'` };
  }
  const wrap = (e: string) => (negated ? `!(${e})` : e);
  const meaning = `${negated ? 'unless' : 'when'} ${src.what} ${body.test}`;
  if (body.expr && !src.inexact) return { meaning, expr: wrap(body.expr) };
  const approx = body.approx ?? body.expr;
  const reason = [src.inexact, body.reason].filter(Boolean).join('; and ');
  return { meaning, reason, ...(approx ? { approx: wrap(approx) } : {}) };
}

