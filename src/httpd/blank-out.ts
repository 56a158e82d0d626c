/**
 * Taking the line httpd stopped at out of a staged copy, so that the next `httpd -t` can go on to
 * the errors after it. The directive (or the whole section, when the line opens or closes one) is
 * replaced by as many empty lines as it had, so every other line keeps its number.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Node } from '../ast/nodes.js';
import { parse } from '../parse/parser.js';

/** Blanks what starts or ends on 1-based `line` of the file at `path`; false when nothing there can be taken out. */
export function blankOut(path: string, line: number): boolean {
  let text: string;
  try {
    text = readFileSync(path, 'latin1');
  } catch {
    return false;
  }
  let start = 0;
  for (let n = 1; n < line; n++) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) return false;
    start = nl + 1;
  }
  const lineEnd = text.indexOf('\n', start) < 0 ? text.length : text.indexOf('\n', start);
  const node = innermost(parse(text, path, { version: '2.4' }).children, start, lineEnd);
  if (!node) return false;
  const blanked = text.slice(node.start, node.end).replace(/[^\n]/g, '');
  writeFileSync(path, Buffer.from(text.slice(0, node.start) + blanked + text.slice(node.end), 'latin1'));
  return true;
}

/** The innermost directive or section with a line between `from` and `to` (a section: its first or last line). */
function innermost(nodes: readonly Node[], from: number, to: number): Node | null {
  for (const n of nodes) {
    if (n.end <= from || n.start > to) continue;
    if (n.type === 'section') {
      if (n.open.start <= to && n.open.end > from) return n;
      const inner = innermost(n.children, from, to);
      if (inner) return inner;
      return n;
    }
    if (n.type === 'directive' || n.type === 'bogus') return n;
  }
  return null;
}
