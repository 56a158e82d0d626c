// PositionMap: one per file result, mapping offsets between the file as read and its output, with line:col in either.
import { describe, expect, it } from 'vitest';
import { PositionMap } from '../../src/engine/positions.js';
import { fixFile } from '../../src/engine/fix-loop.js';
import { defineRule } from '../../src/engine/rule.js';
import { replaceLines } from '../../src/edit/fixer.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';

/** Rewrites `B` into two lines, as a fix would. */
const split = defineRule({
  meta: { id: 'split', description: 'Splits B.', row: 'none', kind: 'fix' },
  create: (context) => ({
    'Directive:b'(node) { context.report({ node, message: 'split', fix: [replaceLines(context.file, node, node, ['X 1', 'Y 2'])] }); },
  }),
});

function mapOf(text: string): PositionMap {
  const ast = parse(text, 't.conf');
  const r = fixFile(ast, [split], projectOf([{ path: 't.conf', display: 't.conf', kind: 'conf', ast }]));
  return new PositionMap(text, r.output, r.toOutput, r.fromOutput);
}

describe('PositionMap', () => {
  const text = 'A 0\nB 0\nC 0\n';
  const map = mapOf(text);

  it('gives line:col in the file as read and in the output', () => {
    expect(map.output).toBe('A 0\nX 1\nY 2\nC 0\n');
    const c = text.indexOf('C');
    expect(map.inputPosition(c)).toEqual({ line: 3, col: 1 });
    expect(map.outputPosition(map.toOutput(c))).toEqual({ line: 4, col: 1 });
    expect(map.outputPosition(map.toOutput(c + 2))).toEqual({ line: 4, col: 3 });
  });

  it('takes a line of the output back to the file as read: untouched lines exactly, written ones to where they go', () => {
    expect([1, 2, 3, 4].map((l) => map.inputLine(l))).toEqual([1, 2, 2, 3]);
    expect(map.inputLine(9)).toBe(9);
    expect(PositionMap.unchanged(text).inputLine(2)).toBe(2);
  });

  it('composes with the map of a second round over the output', () => {
    const second = mapOf(map.output);
    expect(second.output).toBe(map.output);
    const both = map.then(second);
    expect(both.input).toBe(text);
    expect(both.inputLine(4)).toBe(3);
    expect(both.outputPosition(both.toOutput(text.indexOf('C')))).toEqual({ line: 4, col: 1 });
  });
});
