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
function unescape(s: string, quote: string | null): string {
  if (s.indexOf('\\') < 0) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const next = s[i + 1];
    if (ch === '\\' && (next === '\\' || (quote !== null && next === quote))) {
      out += next;
      i++;
    } else {
      out += ch;
    }
  }
  return out;
}

/**
 * Reads every word of `s` from `from` to `to`, the way httpd reads a directive's
 * arguments. Never fails: an unterminated quote takes the rest of the range.
 */
export function splitWords(s: string, from = 0, to = s.length): Word[] {
  const words: Word[] = [];
  let i = from;
  for (;;) {
    while (i < to && isSpace(s.charCodeAt(i))) i++;
    if (i >= to) return words;
    const start = i;
    const q = s.charCodeAt(i);
    if (q === 34 || q === 39) {
      const quote = q === 34 ? '"' : "'";
      let j = i + 1;
      while (j < to && s.charCodeAt(j) !== q) {
        const n = s.charCodeAt(j + 1);
        j += s.charCodeAt(j) === 92 && j + 1 < to && (n === q || n === 92) ? 2 : 1;
      }
      const value = unescape(s.slice(i + 1, j), quote);
      if (j < to) j++;
      words.push({ value, start, end: j, quote });
      i = j;
    } else {
      let j = i;
      while (j < to && !isSpace(s.charCodeAt(j))) j++;
      words.push({ value: unescape(s.slice(i, j), null), start, end: j, quote: null });
      i = j;
    }
  }
}
