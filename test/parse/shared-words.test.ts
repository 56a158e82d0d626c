// A tree keeps one string per spelling of a name or short word, not one per line: a tree of
// 10,000 vhosts repeats `Allow`, `from`, `127.0.0.1`… tens of thousands of times. Counted in a
// heap snapshot (the string objects holding a word), which does not depend on when V8 collects.
import { getHeapSnapshot } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parse/parser.js';

/** How many string objects on the heap hold each of `values` (as a whole: flat, sliced or built). */
async function stringCopies(values: readonly string[]): Promise<Map<string, number>> {
  const chunks: Buffer[] = [];
  for await (const c of getHeapSnapshot()) chunks.push(c as Buffer);
  const snap = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
  const fields = snap.snapshot.meta.node_fields;
  const kinds = snap.snapshot.meta.node_types[0];
  const type = fields.indexOf('type'), name = fields.indexOf('name');
  const counts = new Map(values.map((v) => [v, 0]));
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const kind = kinds[snap.nodes[i + type]!]!;
    const value = snap.strings[snap.nodes[i + name]!]!;
    if (kind.endsWith('string') && counts.has(value)) counts.set(value, counts.get(value)! + 1);
  }
  return counts;
}

describe('the words of a tree', () => {
  it('are one string per spelling for names and short words', async () => {
    const lines = 2_000;
    const tree = parse('AllowQz fromQz 127.0.0.9\n'.repeat(lines), 'x.conf');
    // The count sees copies where there are some: 2,000 strings made apart, each spelling ctrlQz.
    const control = Array.from({ length: lines }, (_, i) => `ctrlQz${i}`.slice(0, 6));
    const counts = await stringCopies(['AllowQz', 'allowqz', 'fromQz', '127.0.0.9', 'ctrlQz']);
    expect(tree.children.length).toBe(lines);
    expect(control.length).toBe(lines);
    expect(counts.get('ctrlQz')).toBeGreaterThanOrEqual(lines);
    for (const word of ['AllowQz', 'allowqz', 'fromQz', '127.0.0.9']) expect(counts.get(word), word).toBeLessThan(5);
  }, 60_000);

  it('read the same as before', () => {
    const tree = parse('<Directory /x>\nOrder allow,deny\nAllow from all\nallow FROM all\n</Directory>\n');
    const [section] = tree.children;
    expect(section?.type === 'section' && section.children.map((d) => d.type === 'directive' && [d.name, d.lname, d.args.map((a) => a.raw)])).toEqual([
      ['Order', 'order', ['allow,deny']], ['Allow', 'allow', ['from', 'all']], ['allow', 'allow', ['FROM', 'all']],
    ]);
  });
});
