/**
 * linePatch (src/diff/line-patch.ts): a line diff linear in the size of a migrated file. Every patch
 * applies and gives the new text, on texts where most lines repeat; where the changed places are
 * told apart by their lines (as a configuration's section headers tell them apart), it is the patch
 * jsdiff's structuredPatch gives on the whole texts, hunk for hunk.
 */
import { applyPatch, createTwoFilesPatch, FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptLines, linePatch } from '../../src/diff/line-patch.js';

const LINES = ['<Directory /srv/a>', '</Directory>', 'Order allow,deny', 'Allow from all', 'Require all granted', '', '    Options None', '# comment', 'Deny from 10.0.0.0/8', 'Require ip 10.0.0.0/8'];

/** Old lines, and edits: at a line, drop some lines and add others. */
function edited(lines: string[], edits: [number, number, string[]][], finalNewline: boolean): readonly [string, string] {
  const after = [...lines];
  for (const [at, drop, add] of [...edits].sort((x, y) => y[0] - x[0])) after.splice(Math.min(at, after.length), drop, ...add);
  const join = (l: string[]) => l.join('\n') + (finalNewline && l.length ? '\n' : '');
  return [join(lines), join(after)];
}

const edits = (added: fc.Arbitrary<string>) => fc.array(fc.tuple(fc.nat(119), fc.nat(3), fc.array(added, { maxLength: 4 })), { maxLength: 12 });

/** Texts of repeated lines. */
const repetitive = fc.tuple(fc.array(fc.constantFrom(...LINES), { maxLength: 120 }), edits(fc.constantFrom(...LINES, 'Require valid-user')), fc.boolean())
  .map(([lines, e, nl]) => edited(lines, e, nl));

/** Texts whose lines are all different (numbered), with new numbered lines added. */
const distinct = fc.tuple(fc.integer({ min: 0, max: 120 }), edits(fc.integer({ min: 1000, max: 1999 }).map((n) => `Require ip 10.0.0.${n}`)), fc.boolean())
  .map(([n, e, nl]) => edited(Array.from({ length: n }, (_, i) => `<Directory /srv/d${i}>`), e.map(([at, drop, add]) => [at, drop, [...new Set(add)]] as [number, number, string[]]), nl))
  .filter(([, after]) => new Set(after.split('\n')).size === after.split('\n').length);

describe('linePatch', () => {
  it('gives a patch that turns the old text into the new one, where lines repeat', () => {
    fc.assert(fc.property(repetitive, fc.constantFrom(0, 1, 3, 4), ([before, after], context) => {
      const patch = formatPatch(linePatch(before, after, context));
      expect(applyPatch(before, patch)).toBe(after);
    }), { numRuns: 3000 });
  });

  it('gives the patch jsdiff gives on the whole texts where the lines tell the places apart (context 4, as diff prints it; 3, as the HTML report)', () => {
    fc.assert(fc.property(distinct, ([before, after]) => {
      expect(formatPatch(linePatch(before, after, 4), FILE_HEADERS_ONLY)).toBe(createTwoFilesPatch('a', 'b', before, after, '', '', { headerOptions: FILE_HEADERS_ONLY }));
      expect(linePatch(before, after, 3).hunks).toEqual(structuredPatch('a', 'b', before, after, '', '', { context: 3 }).hunks);
    }), { numRuns: 3000 });
  });

  it('gives jsdiff\'s patch for a file of sections each rewritten in place', () => {
    const block = (i: number, body: string) => `<Directory /srv/d${i}>\n    Options None\n${body}</Directory>\n`;
    const before = Array.from({ length: 300 }, (_, i) => block(i, 'Order allow,deny\nAllow from all\n')).join('');
    const after = Array.from({ length: 300 }, (_, i) => block(i, i % 3 ? 'Require all granted\n' : 'Order allow,deny\nAllow from all\n')).join('') + 'Listen 80';
    expect(formatPatch(linePatch(before, after, 4))).toBe(formatPatch(structuredPatch('a', 'b', before, after, '', '', { context: 4 })));
  });
});

describe('keptLines', () => {
  it('maps each line the change keeps to its line in the old text, and no other', () => {
    // A block dropped before another of the same text: the second maps to its own old line, not to the first's.
    const before = '<IfModule !a>\nx\n</IfModule>\n<IfModule !a>\ny\n</IfModule>\n';
    const after = '<IfModule !a>\ny\n</IfModule>\n';
    const kept = keptLines(before, after);
    expect(kept.get(1)).toBe(4);
    for (const [now, old] of kept) expect(after.split('\n')[now]).toBe(before.split('\n')[old]);
    expect(keptLines('a\nb\nc\n', 'a\nc\nd\n')).toEqual(new Map([[0, 0], [1, 2]]));
  });
});
