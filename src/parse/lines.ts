/**
 * Physical lines to logical lines, as httpd's ap_cfg_getline does.
 *
 * - Only LF ends a line; a CR just before it belongs to the line ending.
 * - A backslash as the last byte before the line ending joins the next line.
 *   In 2.2 a doubled backslash there is an escaped backslash and does not join;
 *   in 2.4 it joins (semantics §1.1).
 * - httpd measures lines with strlen, so bytes after a NUL up to the end of the
 *   physical line are dead, and a backslash after a NUL does not join.
 */
import { isSpace } from './words.js';

export type HttpdVersion = '2.2' | '2.4';

export interface LogicalLine {
  /** Offset of the first byte of the first physical line. */
  start: number;
  /** Offset just after the line ending of the last physical line. */
  end: number;
  eol: string;
  /** The joined line content (continuations removed, NUL tails dropped), untrimmed. */
  content: string;
  /**
   * For a joined line: pairs [contentIndex, fileOffset], one per physical
   * segment, sorted. Null when the content is the plain slice text[start, start + content.length).
   */
  segments: number[] | null;
  /** Offset of the first NUL in the line, or -1. */
  nulAt: number;
  /** Offset of a 2.2 escaped `\\` at the end of a physical line, or -1. */
  doubleBackslashAt: number;
}

/** Maps an index into a logical line's content to an offset in the file. */
export function fileOffset(line: LogicalLine, index: number): number {
  const seg = line.segments;
  if (seg === null) return line.start + index;
  let k = 0;
  while (k + 2 < seg.length && seg[k + 2]! <= index) k += 2;
  return seg[k + 1]! + (index - seg[k]!);
}

/** Reads every logical line of `text` from `from`. */
export function readLines(text: string, from: number, version: HttpdVersion): LogicalLine[] {
  const lines: LogicalLine[] = [];
  const len = text.length;
  let nextNul = text.indexOf('\0', from);
  let pos = from;
  while (pos < len) {
    const start = pos;
    let content = '';
    let segments: number[] | null = null;
    let nulAt = -1;
    let doubleBackslashAt = -1;
    let eol = '';
    for (;;) {
      const nl = text.indexOf('\n', pos);
      const next = nl < 0 ? len : nl + 1;
      let eolStart = nl < 0 ? len : nl;
      if (nl > pos && text.charCodeAt(nl - 1) === 13) eolStart = nl - 1;
      while (nextNul >= 0 && nextNul < pos) nextNul = text.indexOf('\0', pos);
      let effEnd = eolStart;
      if (nextNul >= 0 && nextNul < eolStart) {
        effEnd = nextNul;
        if (nulAt < 0) nulAt = nextNul;
      }
      let joins = effEnd === eolStart && eolStart > pos && text.charCodeAt(eolStart - 1) === 92;
      if (joins && version === '2.2' && eolStart - 1 > pos && text.charCodeAt(eolStart - 2) === 92) {
        joins = false;
        doubleBackslashAt = eolStart - 2;
      }
      if (joins) {
        if (segments === null) segments = [];
        segments.push(content.length, pos);
        content += text.slice(pos, eolStart - 1);
        pos = next;
        if (pos >= len) {
          eol = text.slice(eolStart, next);
          break;
        }
        continue;
      }
      if (segments !== null) segments.push(content.length, pos);
      content += text.slice(pos, effEnd);
      eol = text.slice(eolStart, next);
      pos = next;
      break;
    }
    lines.push({ start, end: pos, eol, content, segments, nulAt, doubleBackslashAt });
  }
  return lines;
}

/** Index of the first non-blank byte of `s`, or s.length. */
export function trimStart(s: string): number {
  let i = 0;
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  return i;
}

/** Index just after the last non-blank byte of `s`, or 0. */
export function trimEnd(s: string): number {
  let i = s.length;
  while (i > 0 && isSpace(s.charCodeAt(i - 1))) i--;
  return i;
}
