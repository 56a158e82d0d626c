/**
 * Physical lines to logical lines, as httpd's ap_cfg_getline does.
 *
 * - Only LF ends a line; a CR just before it belongs to the line ending.
 * - A backslash as the last byte before the line ending joins the next line.
 *   In 2.2 a doubled backslash there is an escaped backslash and does not join;
 *   in 2.4 it joins (semantics §1.1).
 * - httpd measures lines with strlen, so bytes after a NUL up to the end of the
 *   physical line are dead, and a backslash after a NUL does not join.
 *
 * The reader is one object updated in place for each line, so that reading a
 * large tree allocates almost nothing per line.
 */
import { isSpace } from './words.js';

export type HttpdVersion = '2.2' | '2.4';

export class LineReader {
  /** Offset of the first byte of the first physical line. */
  start = 0;
  /** Offset just after the line ending of the last physical line. */
  end = 0;
  eol = '';
  /**
   * The string the line's content is in: the file text itself for a line with
   * no continuation, or the joined content of a continued line.
   */
  src = '';
  /** The line's content is src[lo, hi) (untrimmed). */
  lo = 0;
  hi = 0;
  /** For a continued line: pairs [contentIndex, fileOffset], one per physical segment. */
  segments: number[] | null = null;
  /** Offset of the first NUL in the line, or -1. */
  nulAt = -1;
  /** Offset of a 2.2 escaped `\\` at the end of a physical line, or -1. */
  doubleBackslashAt = -1;

  private pos: number;
  private nextNul: number;

  constructor(private readonly text: string, from: number, private readonly version: HttpdVersion) {
    this.pos = from;
    this.nextNul = text.indexOf('\0', from);
  }

  /** Maps an index into src to an offset in the file. */
  offset(index: number): number {
    const seg = this.segments;
    if (seg === null) return index;
    let k = 0;
    while (k + 2 < seg.length && seg[k + 2]! <= index) k += 2;
    return seg[k + 1]! + (index - seg[k]!);
  }

  /** Reads the next logical line; false at the end of the text. */
  next(): boolean {
    const text = this.text;
    const len = text.length;
    if (this.pos >= len) return false;
    this.start = this.pos;
    this.segments = null;
    this.nulAt = -1;
    this.doubleBackslashAt = -1;
    let joined: string | null = null;
    for (;;) {
      const pos = this.pos;
      const nl = text.indexOf('\n', pos);
      const next = nl < 0 ? len : nl + 1;
      const crlf = nl > pos && text.charCodeAt(nl - 1) === 13;
      const eolStart = nl < 0 ? len : crlf ? nl - 1 : nl;
      if (this.nextNul >= 0 && this.nextNul < pos) this.nextNul = text.indexOf('\0', pos);
      let effEnd = eolStart;
      if (this.nextNul >= 0 && this.nextNul < eolStart) {
        effEnd = this.nextNul;
        if (this.nulAt < 0) this.nulAt = this.nextNul;
      }
      let joins = effEnd === eolStart && eolStart > pos && text.charCodeAt(eolStart - 1) === 92;
      if (joins && this.version === '2.2' && eolStart - 1 > pos && text.charCodeAt(eolStart - 2) === 92) {
        joins = false;
        this.doubleBackslashAt = eolStart - 2;
      }
      this.pos = next;
      this.eol = nl < 0 ? '' : crlf ? '\r\n' : '\n';
      if (joins) {
        if (joined === null) {
          joined = '';
          this.segments = [];
        }
        this.segments!.push(joined.length, pos);
        joined += text.slice(pos, eolStart - 1);
        if (next < len) continue;
        break;
      }
      if (joined === null) {
        this.src = text;
        this.lo = pos;
        this.hi = effEnd;
        this.end = next;
        return true;
      }
      this.segments!.push(joined.length, pos);
      joined += text.slice(pos, effEnd);
      break;
    }
    this.src = joined;
    this.lo = 0;
    this.hi = joined.length;
    this.end = this.pos;
    return true;
  }
}

/** Index of the first non-blank byte of s in [from, to), or to. */
export function trimStart(s: string, from: number, to: number): number {
  let i = from;
  while (i < to && isSpace(s.charCodeAt(i))) i++;
  return i;
}

/** Index just after the last non-blank byte of s in [from, to), or from. */
export function trimEnd(s: string, from: number, to: number): number {
  let i = to;
  while (i > from && isSpace(s.charCodeAt(i - 1))) i--;
  return i;
}
