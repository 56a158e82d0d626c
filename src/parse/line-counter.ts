/** Turns offsets into 1-based line and column numbers, by binary search over line starts. */
export class LineCounter {
  private readonly starts: number[];

  constructor(text: string) {
    const starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    // A copy of exactly its length: a run keeps a table for each file it reports on, and a list grown by
    // push keeps spare room (17 numbers for a three-line .htaccess).
    this.starts = starts.slice();
  }

  /** The offset where a 1-based line starts, or null past the last line. */
  lineStart(line: number): number | null {
    return line >= 1 ? this.starts[line - 1] ?? null : null;
  }

  position(offset: number): { line: number; col: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - this.starts[lo]! + 1 };
  }
}
