/** Word wrapping for the terminal: greedy, a word longer than the width is cut. */

/** `text` in lines of at most `width` characters (one line when width is Infinity). */
export function wrap(text: string, width: number): string[] {
  if (!Number.isFinite(width) || text.length <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    let w = word;
    if (line && line.length + 1 + w.length <= width) {
      line += ` ${w}`;
      continue;
    }
    if (line) lines.push(line);
    while (w.length > width) {
      lines.push(w.slice(0, width));
      w = w.slice(width);
    }
    line = w;
  }
  if (line) lines.push(line);
  return lines;
}
