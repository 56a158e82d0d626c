/** A text edit against the original text of one file: replace [start, end) with text. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * True when two edits cannot both be applied in one pass: their ranges share
 * bytes, two insertions land on the same point, or one inserts inside the other.
 */
export function overlaps(a: Edit, b: Edit): boolean {
  const aInsert = a.start === a.end;
  const bInsert = b.start === b.end;
  if (aInsert && bInsert) return a.start === b.start;
  if (aInsert) return a.start > b.start && a.start < b.end;
  if (bInsert) return b.start > a.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

/** True for two edits that make the same change: several findings may share one fix (one edit writing every LoadModule line). */
export function sameEdit(a: Edit, b: Edit): boolean {
  return a.start === b.start && a.end === b.end && a.text === b.text;
}

/** The edits with each change once: what several groups sharing an edit apply. */
export function uniqueEdits(edits: readonly Edit[]): Edit[] {
  const byStart = new Map<number, Edit[]>();
  const out: Edit[] = [];
  for (const e of edits) {
    const at = byStart.get(e.start);
    if (at?.some((o) => sameEdit(o, e))) continue;
    if (at) at.push(e);
    else byStart.set(e.start, [e]);
    out.push(e);
  }
  return out;
}

/** Applies non-overlapping edits to text. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  let pos = 0;
  for (const e of sorted) {
    parts.push(text.slice(pos, e.start), e.text);
    pos = e.end;
  }
  parts.push(text.slice(pos));
  return parts.join('');
}

/**
 * One fix's edits with no two sharing a byte: a run of edits whose ranges overlap becomes one edit
 * that writes what applyEdits makes of them. A rule that removes a last line without a line ending
 * takes the line ending before it, which another of its edits may hold; applyEdits copes, but the
 * machine formats give each range to be applied to the file as read, which overlapping ranges are not.
 */
export function disjointEdits(text: string, edits: readonly Edit[]): Edit[] {
  if (edits.length < 2) return edits.slice();
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const shared = (a: Edit, b: Edit) => a.start < b.end && b.start < a.end;
  if (!sorted.some((e, i) => i > 0 && shared(sorted[i - 1]!, e))) return edits.slice();
  const out: Edit[] = [];
  let run: Edit[] = [];
  const flush = () => {
    if (run.length === 1) out.push(run[0]!);
    else if (run.length > 1) {
      const start = run[0]!.start;
      const end = Math.max(...run.map((e) => e.end));
      out.push({ start, end, text: applyEdits(text.slice(start, end), run.map((e) => ({ ...e, start: e.start - start, end: e.end - start }))) });
    }
    run = [];
  };
  for (const e of sorted) {
    if (run.length && !run.some((r) => shared(r, e))) flush();
    run.push(e);
  }
  flush();
  return out;
}

/**
 * Picks groups of edits that can be applied together: a group is taken whole
 * or deferred to the next pass when it overlaps one already taken. An edit the
 * same as one taken is no clash: the groups share it, and it is applied once.
 */
export function pickGroups<T extends { edits: readonly Edit[] }>(groups: readonly T[]): { taken: T[]; deferred: T[] } {
  const taken: T[] = [];
  const deferred: T[] = [];
  const used = new UsedRanges();
  const order = [...groups].sort((a, b) => first(a) - first(b));
  for (const g of order) {
    if (g.edits.some((e) => used.clashes(e))) {
      deferred.push(g);
    } else {
      taken.push(g);
      for (const e of g.edits) used.add(e);
    }
  }
  return { taken, deferred };
}

/** The edits taken so far, sorted by start; they never overlap, so their ends are sorted too. */
class UsedRanges {
  private list: Edit[] = [];

  /** Index of the first edit that starts after `pos`. */
  private after(pos: number): number {
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.list[mid]!.start > pos) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  clashes(e: Edit): boolean {
    // An edit starting after e ends cannot overlap it; walk back until the ends fall before e.
    for (let i = this.after(e.end) - 1; i >= 0 && this.list[i]!.end >= e.start; i--) if (overlaps(e, this.list[i]!) && !sameEdit(e, this.list[i]!)) return true;
    return false;
  }

  add(e: Edit): void {
    let i = this.after(e.start);
    for (let j = i - 1; j >= 0 && this.list[j]!.start === e.start; j--) if (sameEdit(this.list[j]!, e)) return;
    while (i > 0 && this.list[i - 1]!.start === e.start && this.list[i - 1]!.end > e.end) i--;
    this.list.splice(i, 0, e);
  }
}

function first(g: { edits: readonly Edit[] }): number {
  return Math.min(...g.edits.map((e) => e.start));
}

/**
 * Offsets across one pass of edits (sorted by start, non-overlapping), both ways, by binary search:
 * a file with 20,000 edits maps each finding's offsets in O(log n), not by walking every edit.
 */
export class EditOffsets {
  // Lists of exactly the edits' length: a run keeps one of these for every file it changed, and a list
  // grown by push keeps room for 17 numbers (20,000 one-edit .htaccess files: ~13 MB of room).
  readonly #starts: number[];
  readonly #ends: number[];
  readonly #lengths: number[];
  /** Where each edit's text starts in the edited text. */
  readonly #editedStarts: number[];
  /** The change in length made by the edits before index i (one more entry than edits). */
  readonly #deltas: number[];

  constructor(edits: readonly Edit[]) {
    const n = edits.length;
    this.#starts = new Array<number>(n);
    this.#ends = new Array<number>(n);
    this.#lengths = new Array<number>(n);
    this.#editedStarts = new Array<number>(n);
    this.#deltas = new Array<number>(n + 1);
    let delta = 0;
    this.#deltas[0] = 0;
    edits.forEach((e, i) => {
      this.#starts[i] = e.start;
      this.#ends[i] = e.end;
      this.#lengths[i] = e.text.length;
      this.#editedStarts[i] = e.start + delta;
      delta += e.text.length - (e.end - e.start);
      this.#deltas[i + 1] = delta;
    });
  }

  /**
   * An offset in the text before the edits, as one in the text after: text they replaced maps to the
   * start of what they wrote. Where edits write at the offset itself, a start goes after what they
   * wrote (the text from there on follows it) and an end before it (the text up to there precedes it).
   */
  toEdited(offset: number, side: 'start' | 'end' = 'start'): number {
    const j = lastAtOrBefore(this.#starts, side === 'start' ? offset : offset - 1);
    if (j >= 0 && offset < this.#ends[j]!) return this.#starts[j]! + this.#deltas[j]!;
    return offset + this.#deltas[j + 1]!;
  }

  /**
   * An offset in the text after the edits, as one in the text before: text the edits wrote maps to
   * the start (or, for an end offset, the end) of what they replaced.
   */
  toOriginal(offset: number, side: 'start' | 'end'): number {
    const j = lastAtOrBefore(this.#editedStarts, offset);
    if (j >= 0 && offset < this.#editedStarts[j]! + this.#lengths[j]!) return side === 'start' ? this.#starts[j]! : this.#ends[j]!;
    return offset - this.#deltas[j + 1]!;
  }
}

/** The index of the last value ≤ x in a non-decreasing list, or -1. */
function lastAtOrBefore(values: readonly number[], x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo - 1;
}
