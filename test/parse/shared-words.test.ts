// A tree keeps one string per spelling of a name or short word, not one per line: a tree of
// 10,000 vhosts repeats `Allow`, `from`, `127.0.0.1`… tens of thousands of times.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parse/parser.js';

/** The live heap after a full collection, in bytes (Node's gc, reached from a test through V8's flag). */
function liveHeap(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

/** What a parsed tree of `text` holds, in bytes. */
function weight(text: string): number {
  const before = liveHeap();
  const tree = parse(text, 'x.conf');
  const after = liveHeap();
  expect(tree.children.length).toBeGreaterThan(0);
  return after - before;
}

describe('the words of a tree', () => {
  it('are shared between lines that spell them alike', () => {
    const lines = 20_000;
    // Same lengths, so the two trees differ only in whether their words repeat.
    const id = (i: number) => i.toString(36).padStart(4, '0');
    const repeated = 'Allowz fromzz 127.0.0.1z\n'.repeat(lines);
    const distinct = Array.from({ length: lines }, (_, i) => `Al${id(i)} fr${id(i)} 127.0.${id(i)}\n`).join('');
    expect(repeated.length).toBe(distinct.length);
    weight(distinct); // the first parse also pays for compiling the parser
    const perLine = (weight(distinct) - weight(repeated)) / lines;
    // Three words a line, each at least 24 bytes as a string of its own.
    expect(perLine).toBeGreaterThan(60);
  });

  it('read the same as before', () => {
    const tree = parse('<Directory /x>\nOrder allow,deny\nAllow from all\nallow FROM all\n</Directory>\n');
    const [section] = tree.children;
    expect(section?.type === 'section' && section.children.map((d) => d.type === 'directive' && [d.name, d.lname, d.args.map((a) => a.raw)])).toEqual([
      ['Order', 'order', ['allow,deny']], ['Allow', 'allow', ['from', 'all']], ['allow', 'allow', ['FROM', 'all']],
    ]);
  });
});
