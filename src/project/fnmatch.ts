/**
 * File-name matching the way httpd does it: APR's apr_fnmatch_test and
 * apr_fnmatch (strings/apr_fnmatch.c), byte for byte, with escapes on.
 * Names and patterns are JavaScript strings; they are compared as their
 * UTF-8 bytes, as the C code compares chars.
 */

/** True when the pattern holds a wildcard, as apr_fnmatch_test decides (`[` counts only with a later `]`). */
export function hasWildcard(pattern: string): boolean {
  let nesting = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '?' || c === '*') return true;
    if (c === '\\') {
      i++;
      if (i >= pattern.length) return false;
    } else if (c === '[') nesting++;
    else if (c === ']' && nesting > 0) return true;
  }
  return false;
}

export interface FnmatchOptions {
  /** APR_FNM_PERIOD: a leading `.` must be matched by a literal `.` (default true, as Include uses it). */
  period?: boolean;
}

const DOT = 0x2e;
const STAR = 0x2a;
const BACKSLASH = 0x5c;

/** Matches one path component against one pattern component (no `/` handling). */
export function fnmatch(pattern: string, name: string, options: FnmatchOptions = {}): boolean {
  const p = bytesOf(pattern);
  const s = bytesOf(name);
  let pi = 0;
  let si = 0;
  if ((options.period ?? true) && s[0] === DOT) {
    if (p[0] === DOT) pi = 1;
    else if (p[0] === BACKSLASH && p[1] === DOT) pi = 2;
    else return false;
    si = 1;
  }
  // Classic backtracking over the last `*`; brackets and escapes are one character each.
  let starP = -1;
  let starS = -1;
  while (si < s.length) {
    if (p[pi] === STAR) {
      starP = ++pi;
      starS = si;
      continue;
    }
    const next = pi < p.length ? matchOne(p, pi, s[si]!) : -1;
    if (next >= 0) {
      pi = next;
      si++;
    } else if (starP >= 0) {
      pi = starP;
      si = ++starS;
    } else return false;
  }
  while (p[pi] === STAR) pi++;
  return pi === p.length;
}

/** Compares two strings by their UTF-8 bytes, as strcmp does. */
export function byteCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Sorts strings by their UTF-8 bytes (strcmp order, not locale order). */
export function sortBytes(names: string[]): string[] {
  return names
    .map((n) => ({ n, b: Buffer.from(n, 'utf8') }))
    .sort((x, y) => Buffer.compare(x.b, y.b))
    .map((x) => x.n);
}

function bytesOf(s: string): number[] {
  return [...Buffer.from(s, 'utf8')];
}

/** The C code compares `char`, which is signed on the platforms httpd ships for. */
function signed(b: number): number {
  return b >= 128 ? b - 256 : b;
}

/** Matches one pattern element at `pi` against byte `c`; gives the next pattern index or -1. */
function matchOne(p: number[], pi: number, c: number): number {
  const ch = p[pi]!;
  if (ch === 0x5b /* [ */) {
    const b = bracket(p, pi, c);
    if (b !== null) return b.ok ? b.next : -1;
    return c === ch ? pi + 1 : -1; // not a well-formed bracket: a literal `[`
  }
  if (ch === 0x3f /* ? */) return pi + 1;
  if (ch === 0x5c /* \ */ && pi + 1 < p.length) return p[pi + 1] === c ? pi + 2 : -1;
  return ch === c ? pi + 1 : -1;
}

/** A bracket expression at `pi`: `[!…]`/`[^…]` negate, a leading `]` is literal, `a-z` ranges, `\` escapes. */
function bracket(p: number[], pi: number, c: number): { ok: boolean; next: number } | null {
  let i = pi + 1;
  const negate = p[i] === 0x21 || p[i] === 0x5e;
  if (negate) i++;
  let matched = false;
  let first = true;
  while (i < p.length) {
    if (p[i] === 0x5d && !first) return { ok: matched !== negate, next: i + 1 };
    if (p[i] === 0x5c) {
      i++;
      if (i >= p.length) return null;
    }
    first = false;
    const lo = p[i]!;
    if (p[i + 1] === 0x2d /* - */ && p[i + 2] !== 0x5d) {
      i += p[i + 2] === 0x5c ? 3 : 2;
      if (i >= p.length) return null;
      if (signed(c) >= signed(lo) && signed(c) <= signed(p[i]!)) matched = true;
      i++;
      continue;
    }
    if (c === lo) matched = true;
    i++;
  }
  return null;
}
