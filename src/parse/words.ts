/**
 * httpd's word splitter, `ap_getword_conf` (server/util.c), and its helpers.
 * The same code in 2.2 and 2.4.
 */

/** apr_isspace in the C locale: space, \t, \n, \v, \f, \r. */
export function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/** Lower-cases ASCII letters only, as httpd's apr_tolower does without setlocale. */
export function asciiLower(s: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) {
      out += s.slice(from, i) + String.fromCharCode(c + 32);
      from = i + 1;
    }
  }
  return from === 0 ? s : out + s.slice(from);
}

export interface Word {
  value: string;
  /** Index of the first byte of the word in the scanned string. */
  start: number;
  /** Index just after the word. */
  end: number;
  quote: '"' | "'" | null;
}

/** Unescapes `\\` (and `\<quote>` inside quotes), as substring_conf does. */
function unescape(s: string, from: number, to: number, quote: number): string {
  let i = from;
  while (i < to && s.charCodeAt(i) !== 92) i++;
  if (i >= to) return s.slice(from, to);
  let out = s.slice(from, i);
  for (; i < to; i++) {
    const ch = s.charCodeAt(i);
    const next = i + 1 < to ? s.charCodeAt(i + 1) : -1;
    if (ch === 92 && (next === 92 || (quote !== 0 && next === quote))) {
      out += s[i + 1];
      i++;
    } else {
      out += s[i];
    }
  }
  return out;
}

/** The quote a word starts with (34 or 39), or 0. */
export function quoteOf(s: string, start: number): number {
  const q = s.charCodeAt(start);
  return q === 34 || q === 39 ? q : 0;
}

/**
 * End of the word that starts at `start` (a non-blank byte), reading no
 * further than `to`: after the closing quote of a quoted word (or at `to` if
 * it is unterminated), else at the next blank.
 */
export function wordEnd(s: string, start: number, to: number): number {
  const q = quoteOf(s, start);
  if (q === 0) {
    let j = start;
    while (j < to && !isSpace(s.charCodeAt(j))) j++;
    return j;
  }
  let j = start + 1;
  while (j < to && s.charCodeAt(j) !== q) {
    const n = s.charCodeAt(j + 1);
    j += s.charCodeAt(j) === 92 && j + 1 < to && (n === q || n === 92) ? 2 : 1;
  }
  return j < to ? j + 1 : j;
}

/** The value of the word s[start, end): quotes removed and escapes resolved. */
export function wordValue(s: string, start: number, end: number): string {
  const q = quoteOf(s, start);
  if (q === 0) return unescape(s, start, end, 0);
  const close = end > start + 1 && s.charCodeAt(end - 1) === q && !escapedAt(s, start + 1, end - 1, q) ? end - 1 : end;
  return unescape(s, start + 1, close, q);
}

/** True when the quote at `at` was escaped rather than closing (the scan in wordEnd skipped it). */
function escapedAt(s: string, from: number, at: number, q: number): boolean {
  let j = from;
  while (j < at) {
    const n = s.charCodeAt(j + 1);
    j += s.charCodeAt(j) === 92 && (n === q || n === 92) ? 2 : 1;
  }
  return j !== at;
}

/**
 * Calls `each` for every word of `s` from `from` to `to`, the way httpd reads a directive's
 * arguments (ap_getword_conf): its value, its range in `s` and its quote. Never fails: an
 * unterminated quote takes the rest of the range; `raw` is the word as written. The parser's reader of arguments.
 */
export function eachWord(s: string, from: number, to: number, each: (value: string, raw: string, start: number, end: number, quote: '"' | "'" | null) => void): void {
  let i = from;
  for (;;) {
    while (i < to && isSpace(s.charCodeAt(i))) i++;
    if (i >= to) return;
    const end = wordEnd(s, i, to);
    const q = quoteOf(s, i);
    const raw = s.slice(i, end);
    // A bare word without a backslash is its own value (most words): nothing to unescape.
    each(q === 0 && raw.indexOf('\\') < 0 ? raw : wordValue(s, i, end), raw, i, end, q === 34 ? '"' : q === 39 ? "'" : null);
    i = end;
  }
}

/** Every word of `s` from `from` to `to` (eachWord), as a list. */
export function splitWords(s: string, from = 0, to = s.length): Word[] {
  const words: Word[] = [];
  eachWord(s, from, to, (value, _raw, start, end, quote) => words.push({ value, start, end, quote }));
  return words;
}

/**
 * The value of a word as written (`raw`, quotes included), with, for each character of the value,
 * the range of `raw` that wrote it: `\\` writes one backslash with two bytes (as `\"` does a quote
 * inside double quotes). The value is wordValue's.
 */
export function wordChars(raw: string): { value: string; from: number[]; to: number[] } {
  const q = quoteOf(raw, 0);
  let close = raw.length;
  if (q !== 0 && raw.length > 1 && raw.charCodeAt(raw.length - 1) === q && !escapedAt(raw, 1, raw.length - 1, q)) close = raw.length - 1;
  let value = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = q === 0 ? 0 : 1; i < close; i++) {
    const next = i + 1 < close ? raw.charCodeAt(i + 1) : -1;
    const pair = raw.charCodeAt(i) === 92 && (next === 92 || (q !== 0 && next === q));
    value += pair ? raw[i + 1] : raw[i];
    from.push(i);
    if (pair) i++;
    to.push(i + 1);
  }
  return { value, from, to };
}

/** A value as one double-quoted configuration word (ap_getword_conf unescapes \\ and \"). */
export function quoteWord(value: string): string {
  return `"${value.replace(/\\(?=\\|"|$)/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * A value as one configuration word: bare when ap_getword_conf reads it back unchanged (no blank, no quote
 * to start it, no `\\` pair, which it would read as one backslash), else quoted.
 */
export function confWord(value: string): string {
  return value === '' || /\s|^["']|\\\\/.test(value) ? quoteWord(value) : value;
}
