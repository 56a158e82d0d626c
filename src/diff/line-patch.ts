/**
 * A line diff that stays linear in the size of a migrated file. jsdiff's Myers diff costs time in
 * proportion to the lines times the changes: on one file with 4,000 rewritten sections it ran for
 * 30 s, on 20,000 for more than 15 minutes. A migration changes a file in places and keeps the
 * text between them, so the texts are walked side by side: where they differ, the nearest place
 * where two lines agree again, one of them found once in each text, closes the changed region
 * (patience diff's anchors), jsdiff diffs that region alone, and the
 * hunks are built from the whole list of changes the way jsdiff's structuredPatch builds them
 * (context lines around each change, hunks closer than two contexts joined, "\ No newline at end
 * of file"). Where lines repeat, a region may be aligned otherwise than a diff of the whole texts
 * would (both are valid patches); test/diff/line-patch.test.ts checks that every patch applies and
 * equals jsdiff's when the changed places are told apart by their lines.
 */
import { diffLines, type StructuredPatch, type StructuredPatchHunk } from 'diff';

/** How far apart (in lines of both texts together) the texts may agree again before the rest is one region. */
const MAX_RESYNC = 400;
/** Lines that must agree to close a changed region. */
const SYNC = 2;

/** The lines of a text, each with its newline (the last one may have none). */
function linesOf(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
    out.push(text.slice(from, nl + 1));
    from = nl + 1;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

/** A run of lines: kept (in both texts), or removed from the old one, or added in the new one. */
interface Change { kind: 'same' | 'removed' | 'added'; lines: string[] }

/** How often each line occurs in each text. */
interface Counts { a: Map<string, number>; b: Map<string, number> }

function countLines(lines: readonly string[]): Map<string, number> {
  const n = new Map<string, number>();
  for (const l of lines) n.set(l, (n.get(l) ?? 0) + 1);
  return n;
}

/**
 * The texts agree again at (i, j): SYNC equal lines (fewer where both texts end), one of them
 * occurring once in each text. A line that repeats (a blank line, `</Directory>`) could be
 * matched with another copy of itself by a diff of the whole texts, so it closes no region alone.
 */
function agree(a: readonly string[], b: readonly string[], i: number, j: number, counts: Counts): boolean {
  let anchored = false;
  for (let k = 0; k < SYNC; k++) {
    if (i + k >= a.length || j + k >= b.length) return i + k >= a.length && j + k >= b.length && k > 0 && anchored;
    const line = a[i + k]!;
    if (line !== b[j + k]) return false;
    if (counts.a.get(line) === 1 && counts.b.get(line) === 1) anchored = true;
  }
  return anchored;
}

/** The nearest (i2, j2) after a difference at (i, j), by lines skipped on both sides, where the texts agree again; null if none is near. */
function resync(a: readonly string[], b: readonly string[], i: number, j: number, counts: Counts): [number, number] | null {
  for (let d = 1; d <= MAX_RESYNC; d++) {
    for (let k = 0; k <= d; k++) {
      const i2 = i + k, j2 = j + d - k;
      if (i2 < a.length && j2 < b.length && a[i2] === b[j2] && agree(a, b, i2, j2, counts)) return [i2, j2];
    }
  }
  return null;
}

/** The changes that turn a into b: equal runs walked side by side, each region between them diffed by jsdiff. */
function changes(a: readonly string[], b: readonly string[]): Change[] {
  const out: Change[] = [];
  const push = (kind: Change['kind'], lines: string[]) => {
    if (!lines.length) return;
    const last = out[out.length - 1];
    if (last && last.kind === kind) last.lines.push(...lines);
    else out.push({ kind, lines });
  };
  const counts = { a: countLines(a), b: countLines(b) };
  let i = 0, j = 0;
  while (i < a.length || j < b.length) {
    const i0 = i;
    while (i < a.length && j < b.length && a[i] === b[j]) { i++; j++; }
    push('same', a.slice(i0, i));
    if (i >= a.length && j >= b.length) break;
    const next = resync(a, b, i, j, counts) ?? [a.length, b.length];
    for (const c of diffLines(a.slice(i, next[0]).join(''), b.slice(j, next[1]).join(''))) {
      push(c.added ? 'added' : c.removed ? 'removed' : 'same', linesOf(c.value));
    }
    [i, j] = next;
  }
  return out;
}

/**
 * The hunks of the changes, as jsdiff's structuredPatch makes them from its own list (diff/lib
 * patch/create.js, diffLinesResultToPatch): `context` kept lines around each change, two changes
 * at most 2 × context kept lines apart in one hunk.
 */
function hunksOf(list: readonly Change[], context: number): StructuredPatchHunk[] {
  const hunks: StructuredPatchHunk[] = [];
  let oldStart = 0, newStart = 0, lines: string[] = [];
  let oldLine = 1, newLine = 1;
  for (const [i, c] of list.entries()) {
    if (c.kind !== 'same') {
      if (!oldStart) {
        const before = i > 0 && context > 0 ? list[i - 1]!.lines.slice(-context) : [];
        lines = before.map((l) => ` ${l}`);
        oldStart = oldLine - before.length;
        newStart = newLine - before.length;
      }
      for (const l of c.lines) lines.push((c.kind === 'added' ? '+' : '-') + l);
      if (c.kind === 'added') newLine += c.lines.length; else oldLine += c.lines.length;
      continue;
    }
    if (oldStart) {
      if (c.lines.length <= context * 2 && i < list.length - 1) {
        for (const l of c.lines) lines.push(` ${l}`);
      } else {
        const after = c.lines.slice(0, context);
        for (const l of after) lines.push(` ${l}`);
        hunks.push({ oldStart, oldLines: oldLine - oldStart + after.length, newStart, newLines: newLine - newStart + after.length, lines });
        oldStart = 0;
        newStart = 0;
        lines = [];
      }
    }
    oldLine += c.lines.length;
    newLine += c.lines.length;
  }
  if (oldStart) hunks.push({ oldStart, oldLines: oldLine - oldStart, newStart, newLines: newLine - newStart, lines });
  // Lines lose their newline; a line without one is followed by the marker.
  for (const h of hunks) {
    const out: string[] = [];
    for (const l of h.lines) {
      if (l.endsWith('\n')) out.push(l.slice(0, -1));
      else out.push(l, '\\ No newline at end of file');
    }
    h.lines = out;
  }
  return hunks;
}

/** What structuredPatch('a', 'b', before, after, '', '', { context }) gives, in time linear in the texts where changes are local. */
export function linePatch(before: string, after: string, context: number): StructuredPatch {
  return { oldFileName: 'a', newFileName: 'b', oldHeader: '', newHeader: '', hunks: hunksOf(changes(linesOf(before), linesOf(after)), context) };
}

/**
 * For each line the change from `before` to `after` keeps, its index in `after` mapped to its index in `before` (0-based):
 * where a later pass of the fix loop finds what it re-parsed in the file as loaded.
 */
export function keptLines(before: string, after: string): Map<number, number> {
  const out = new Map<number, number>();
  let i = 0, j = 0;
  for (const c of changes(linesOf(before), linesOf(after))) {
    const n = c.lines.length;
    if (c.kind === 'same') for (let k = 0; k < n; k++) out.set(j + k, i + k);
    if (c.kind !== 'added') i += n;
    if (c.kind !== 'removed') j += n;
  }
  return out;
}
