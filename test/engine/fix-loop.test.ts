import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyEdits, EditOffsets, type Edit, overlaps, pickGroups, sameEdit, uniqueEdits } from '../../src/edit/edit.js';
import { fixFile, MAX_PASSES } from '../../src/engine/fix-loop.js';
import { defineRule, type Rule } from '../../src/engine/rule.js';
import { lintFile } from '../../src/engine/run.js';
import { insertLinesAfter, removeLine, renameDirective, replaceContent } from '../../src/edit/fixer.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';

const project = (text: string) => {
  const ast = parse(text, 't.conf');
  return { ast, project: projectOf([{ path: 't.conf', display: 't.conf', kind: 'conf', ast }]) };
};

describe('applyEdits', () => {
  it('splices edits into the text and leaves every other byte as it was', () => {
    const text = 'a\r\nb\xff\nc';
    expect(applyEdits(text, [{ start: 3, end: 4, text: 'B' }, { start: 0, end: 0, text: '#' }])).toBe('#a\r\nB\xff\nc');
  });
});

describe('overlaps', () => {
  it('treats two insertions at one point, and an insertion inside a replacement, as overlapping', () => {
    expect(overlaps({ start: 2, end: 2, text: 'x' }, { start: 2, end: 2, text: 'y' })).toBe(true);
    expect(overlaps({ start: 3, end: 3, text: 'x' }, { start: 2, end: 5, text: 'y' })).toBe(true);
    expect(overlaps({ start: 2, end: 2, text: 'x' }, { start: 2, end: 5, text: 'y' })).toBe(false);
    expect(overlaps({ start: 0, end: 2, text: '' }, { start: 2, end: 4, text: '' })).toBe(false);
  });
});

describe('pickGroups', () => {
  it('takes a group whole or defers it whole', () => {
    const a = { edits: [{ start: 0, end: 1, text: 'A' }, { start: 5, end: 6, text: 'A' }] };
    const b = { edits: [{ start: 5, end: 6, text: 'B' }, { start: 8, end: 9, text: 'B' }] };
    expect(pickGroups([b, a])).toEqual({ taken: [a], deferred: [b] });
  });

  it('takes groups that share an edit together: the same change is no clash', () => {
    const shared = { start: 4, end: 4, text: 'LoadModule a\nLoadModule b\n' };
    const a = { edits: [shared] };
    const b = { edits: [{ ...shared }] };
    const c = { edits: [{ start: 4, end: 4, text: 'other\n' }] };
    expect(pickGroups([a, b, c])).toEqual({ taken: [a, b], deferred: [c] });
  });

  it('picks as a pairwise check of every taken edit would, for random groups of edits (inserts included)', () => {
    // A group's own edits never overlap one another (one fix); groups overlap freely.
    const group = fc.uniqueArray(fc.tuple(fc.nat(8), fc.nat(2), fc.nat(3)), { minLength: 1, maxLength: 3, selector: ([s]) => s })
      .map((list) => ({ edits: list.map(([s, off, len]) => ({ start: s * 6 + off, end: s * 6 + off + len, text: 'x' })) }));
    fc.assert(fc.property(fc.array(group, { maxLength: 12 }), (groups) => {
      const taken: typeof groups = [];
      const deferred: typeof groups = [];
      for (const g of [...groups].sort((a, b) => Math.min(...a.edits.map((e) => e.start)) - Math.min(...b.edits.map((e) => e.start)))) {
        if (g.edits.some((e) => taken.some((t) => t.edits.some((u) => overlaps(e, u) && !sameEdit(e, u))))) deferred.push(g);
        else taken.push(g);
      }
      expect(pickGroups(groups)).toEqual({ taken, deferred });
    }), { numRuns: 2000 });
  });
});

/** Renames Foo to Bar and, on the same line, Bar to Baz: the second waits for the first. */
const renameTwice: Rule = defineRule({
  meta: { id: 'rename-twice', description: 'Rename twice.', row: 'test', kind: 'fix' },
  create: (ctx) => ({
    'Directive:foo': (d) => ctx.report({ node: d, message: 'foo', fix: [renameDirective(d, 'Bar')] }),
    'Directive:bar': (d) => ctx.report({ node: d, message: 'bar', fix: [renameDirective(d, 'Baz')] }),
  }),
});

describe('fixFile', () => {
  it('defers overlapping fixes to a further pass and re-parses in between', () => {
    const { ast, project: p } = project('Foo 1\nFoo 2\n');
    const r = fixFile(ast, [renameTwice], p);
    expect(r.output).toBe('Baz 1\nBaz 2\n');
    expect(r.passes).toBe(3);
    expect(r.applied.map((x) => x.message)).toEqual(['foo', 'foo', 'bar', 'bar']);
  });

  it('applies findings that share one edit in one pass, the edit once (one edit writes every LoadModule line a file needs)', () => {
    const shared: Rule = defineRule({
      meta: { id: 'shared', description: 'One edit for many findings.', row: 'test', kind: 'fix' },
      create: (ctx) => ({
        File: () => {
          const first = ctx.file.children[0]!;
          if (first.type !== 'directive' || first.lname !== 'a' || ctx.file.children.length > 1) return;
          const edit = insertLinesAfter(ctx.file, first, ['B 1', 'C 1', 'D 1']);
          for (const n of ['B', 'C', 'D']) ctx.report({ node: first, message: n, fix: [edit] });
        },
        'Directive:b': (d) => ctx.report({ node: d, message: 'b', fix: [renameDirective(d, 'E')] }),
      }),
    });
    const { ast, project: p } = project('A\n');
    const r = fixFile(ast, [shared], p);
    expect(r.output).toBe('A\nE 1\nC 1\nD 1\n');
    expect(r.applied.slice(0, 3).map((x) => x.message)).toEqual(['B', 'C', 'D']);
    expect(r.passes).toBe(3);
  });

  it('stops after MAX_PASSES when a rule keeps changing its own output', () => {
    const flip: Rule = defineRule({
      meta: { id: 'flip', description: 'Flip forever.', row: 'test', kind: 'fix' },
      create: (ctx) => ({
        'Directive:on': (d) => ctx.report({ node: d, message: 'on', fix: [renameDirective(d, 'Off')] }),
        'Directive:off': (d) => ctx.report({ node: d, message: 'off', fix: [renameDirective(d, 'On')] }),
      }),
    });
    const { ast, project: p } = project('On\n');
    const r = fixFile(ast, [flip], p);
    expect(r.passes).toBe(MAX_PASSES);
    expect(r.applied).toHaveLength(MAX_PASSES);
  });

  it('drops a fix that would break the syntax and reports it, keeping the other fixes', () => {
    const breaker: Rule = defineRule({
      meta: { id: 'breaker', description: 'Break a section.', row: 'test', kind: 'fix' },
      create: (ctx) => ({
        'Section:directory': (s) => ctx.report({ node: s, message: 'break', fix: [removeLine(ctx.file, s.close!)] }),
        'Directive:foo': (d) => ctx.report({ node: d, message: 'ok', fix: [renameDirective(d, 'Bar')] }),
      }),
    });
    const { ast, project: p } = project('<Directory /x>\nFoo 1\n</Directory>\n');
    const r = fixFile(ast, [breaker], p);
    expect(r.output).toBe('<Directory /x>\nBar 1\n</Directory>\n');
    expect(r.remaining.map((x) => x.message)).toEqual(['internal: the fix of breaker would break the file\'s syntax, so it was not applied: break']);
  });

  it('lets a guard veto a fix, which then stands as a finding', () => {
    const { ast, project: p } = project('Foo 1\n');
    const r = fixFile(ast, [renameTwice], p, {}, (_f, problem) => ({ ...problem, fix: undefined, message: 'refused: no proof' }));
    expect(r.output).toBe('Foo 1\n');
    expect(r.remaining.map((x) => x.message)).toEqual(['refused: no proof']);
  });

  it('asks the guard again in the next pass about a veto given while another fix waited for that pass', () => {
    // `one` and `two` replace the same line, so `two` waits for the second pass. The guard refuses `baz` until the file of
    // the pass holds what `two` writes: judged in the first pass, the file was not yet what the fixes make it.
    const one = defineRule({
      meta: { id: 'one', description: 'One.', row: 'test', kind: 'fix' },
      create: (ctx) => ({ 'Directive:foo': (d) => { if (d.args[0]?.value === '1') ctx.report({ node: d, message: 'one', fix: [replaceContent(d, 'Foo 2')] }); } }),
    });
    const two = defineRule({
      meta: { id: 'two', description: 'Two.', row: 'test', kind: 'fix' },
      create: (ctx) => ({ 'Directive:foo': (d) => { if (d.args.length === 1) ctx.report({ node: d, message: 'two', fix: [replaceContent(d, `Foo ${d.args[0]!.value} x`)] }); } }),
    });
    const baz = defineRule({
      meta: { id: 'baz', description: 'Baz.', row: 'test', kind: 'fix' },
      create: (ctx) => ({ 'Directive:baz': (d) => { if (d.args[0]?.value === '1') ctx.report({ node: d, message: 'baz', fix: [replaceContent(d, 'Baz 2')] }); } }),
    });
    const { ast, project: p } = project('Foo 1\nBaz 1\n');
    const asked: string[] = [];
    const r = fixFile(ast, [one, two, baz], p, {}, (f, problem, _edits, pass) => {
      if (problem.ruleId !== 'baz') return null;
      const text = applyEdits(f.text, pass.flatMap((g) => g.edits));
      asked.push(text);
      return text.includes(' x') ? null : { ...problem, fix: undefined, message: 'refused' };
    });
    expect(asked).toEqual(['Foo 2\nBaz 2\n', 'Foo 2 x\nBaz 2\n']);
    expect(r.output).toBe('Foo 2 x\nBaz 2\n');
    expect(r.remaining).toEqual([]);
  });

  it('makes a veto final in a pass that changes nothing, and gives the fixes deferred behind it their pass', () => {
    const { ast, project: p } = project('Foo 1\n');
    const r = fixFile(ast, [renameTwice, defineRule({
      meta: { id: 'append', description: 'Append.', row: 'test', kind: 'fix' },
      create: (ctx) => ({ 'Directive:foo': (d) => { if (d.args.length === 1) ctx.report({ node: d, message: 'append', fix: [replaceContent(d, 'Foo 1 x')] }); } }),
    })], p, {}, (_f, problem) => (problem.ruleId === 'rename-twice' ? { ...problem, fix: undefined, message: 'refused' } : null));
    expect(r.output).toBe('Foo 1 x\n');
    expect(r.remaining.map((x) => `${x.ruleId}: ${x.message}`)).toEqual(['rename-twice: refused']);
  });

  it('applies suggestions only on request', () => {
    const suggest: Rule = defineRule({
      meta: { id: 'offer', description: 'Offer a change.', row: 'test', kind: 'suggest' },
      create: (ctx) => ({ 'Directive:foo': (d) => ctx.report({ node: d, message: 'offer', suggestion: [replaceContent(d, 'Foo 2')] }) }),
    });
    const { ast, project: p } = project('Foo 1\n');
    expect(fixFile(ast, [suggest], p).output).toBe('Foo 1\n');
    expect(fixFile(ast, [suggest], p, { suggestions: ['offer'] }).output).toBe('Foo 2\n');
    expect(fixFile(ast, [suggest], p, { suggestions: ['other'] }).output).toBe('Foo 1\n');
  });
});

describe('lintFile', () => {
  it('gives each problem the line and column of its node, and never a fix to a report rule', () => {
    const report: Rule = defineRule({
      meta: { id: 'say', description: 'Say where.', row: 'test', kind: 'report' },
      create: (ctx) => ({ 'Directive:foo': (d) => ctx.report({ node: d, message: 'here', fix: [insertLinesAfter(ctx.file, d, ['X'])] }) }),
    });
    const { ast, project: p } = project('Listen 1\n  Foo 1\n');
    const [problem] = lintFile(ast, [report], p);
    expect(problem).toMatchObject({ line: 2, col: 3, severity: 'warning', ruleId: 'say' });
    expect(problem!.fix).toBeUndefined();
    expect(problem!.suggestion).toBeDefined();
  });
});

/** The offset maps as plain walks over the edits, to check EditOffsets' binary search against. */
function walkToEdited(offset: number, edits: readonly Edit[], side: 'start' | 'end' = 'start'): number {
  let delta = 0;
  for (const e of edits) {
    if (offset < e.start || (side === 'end' && offset === e.start)) break;
    if (offset < e.end) return e.start + delta;
    delta += e.text.length - (e.end - e.start);
  }
  return offset + delta;
}
function walkToOriginal(offset: number, edits: readonly Edit[], side: 'start' | 'end'): number {
  let delta = 0;
  for (const e of edits) {
    const from = e.start + delta;
    if (offset < from) break;
    if (offset < from + e.text.length) return side === 'start' ? e.start : e.end;
    delta += e.text.length - (e.end - e.start);
  }
  return offset - delta;
}
const toOriginal = (offset: number, edits: readonly Edit[], side: 'start' | 'end') => new EditOffsets(edits).toOriginal(offset, side);

describe('EditOffsets', () => {
  it('maps every offset both ways as a walk over the edits does, for random edits (insertions, deletions, replacements, several at one point)', () => {
    // Starts 3 apart, at most 3 long: edits touch, and an insertion may sit where a replacement starts or ends.
    const edit = fc.tuple(fc.nat(12), fc.nat(3), fc.string({ unit: fc.constantFrom('x', 'yy', ''), maxLength: 3 }));
    fc.assert(fc.property(fc.array(edit, { maxLength: 8 }), (raw) => {
      const sorted = raw.map(([s, len, text]) => ({ start: s * 3, end: s * 3 + len, text })).sort((a, b) => a.start - b.start || a.end - b.end);
      const picked = uniqueEdits(pickGroups(sorted.map((e) => ({ edits: [e] }))).taken.map((g) => g.edits[0]!)).sort((a, b) => a.start - b.start || a.end - b.end);
      const map = new EditOffsets(picked);
      const original = 'x'.repeat(45);
      const out = applyEdits(original, picked);
      for (let o = 0; o <= original.length; o++) {
        expect(map.toEdited(o)).toBe(walkToEdited(o, picked));
        expect(map.toEdited(o, 'end')).toBe(walkToEdited(o, picked, 'end'));
      }
      for (let o = 0; o <= out.length; o++) {
        expect(map.toOriginal(o, 'start')).toBe(walkToOriginal(o, picked, 'start'));
        expect(map.toOriginal(o, 'end')).toBe(walkToOriginal(o, picked, 'end'));
      }
    }), { numRuns: 3000 });
  });
});

describe('toOriginal', () => {
  it('takes every offset of untouched text back to the same character of the original, for random edits', () => {
    const edit = fc.tuple(fc.nat(30), fc.nat(3), fc.string({ unit: fc.constantFrom('x', 'y', '\n'), maxLength: 4 }));
    fc.assert(fc.property(fc.uniqueArray(edit, { maxLength: 6, selector: ([s]) => s }), (raw) => {
      // Non-overlapping edits on a 40-character text: starts 6 apart, at most 3 long.
      const original = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN'.repeat(5);
      const edits = raw.map(([s, len, text]) => ({ start: s * 6, end: s * 6 + len, text })).sort((a, b) => a.start - b.start);
      const out = applyEdits(original, edits);
      let at = 0;
      for (const e of edits) at += e.text.length - (e.end - e.start);
      for (let i = 0; i < out.length; i++) {
        const o = toOriginal(i, edits, 'start');
        const inserted = edits.some((e) => { const from = e.start + edits.filter((x) => x.start < e.start).reduce((d, x) => d + x.text.length - (x.end - x.start), 0); return i >= from && i < from + e.text.length; });
        if (!inserted) expect(original[o]).toBe(out[i]);
        else expect(edits.some((e) => e.start === o)).toBe(true);
      }
      expect(toOriginal(out.length, edits, 'end')).toBe(original.length);
      expect(at).toBe(out.length - original.length);
    }), { numRuns: 1000 });
  });
});

describe('fixFile positions', () => {
  it('reports a finding of a later pass at its line in the file on disk, not in the rewritten text', () => {
    const grow: Rule = defineRule({
      meta: { id: 'grow', description: 'Insert three lines after Foo.', row: 'test', kind: 'fix' },
      create: (ctx) => ({ 'Directive:foo': (d) => ctx.report({ node: d, message: 'grow', fix: [insertLinesAfter(ctx.file, d, ['A 1', 'A 2', 'A 3'])] }) }),
    });
    const note: Rule = defineRule({
      meta: { id: 'note', description: 'Report Bar.', row: 'test', kind: 'report' },
      create: (ctx) => ({ 'Directive:bar': (d) => ctx.report({ node: d, message: 'bar' }) }),
    });
    const once: Rule = { ...grow, create: (ctx) => (ctx.file.text.includes('A 1') ? {} : grow.create(ctx)) };
    const { ast, project: p } = project('Foo 1\n\nBar 2\n');
    const r = fixFile(ast, [once, note], p);
    expect(r.output).toBe('Foo 1\nA 1\nA 2\nA 3\n\nBar 2\n');
    expect(r.remaining.map((x) => [x.message, x.line, x.col])).toEqual([['bar', 3, 1]]);
    expect(ast.text.slice(r.remaining[0]!.start, r.remaining[0]!.end)).toBe('Bar 2');
  });
});
