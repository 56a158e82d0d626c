/**
 * Reports are written in pieces (src/report/sink.ts): a large tree's JSON, SARIF or HTML is never one
 * string. The pieces must join to what one JSON.stringify gave, and reach the output in chunks.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { Io } from '../../src/cli/io.js';
import { buffered, writeJson } from '../../src/report/sink.js';
import { tempDir } from '../helpers/tmp.js';

function pieces(value: unknown, depth?: number): string[] {
  const out: string[] = [];
  writeJson((c) => { out.push(c); }, value, depth);
  return out;
}

/** A value of every kind JSON.stringify treats apart, from a seeded generator. */
function randomValue(seed: number): unknown {
  let s = seed;
  const rand = (n: number) => { s = (s * 1103515245 + 12345) % 2147483648; return s % n; };
  const leaf = (): unknown => [null, true, false, 0, -0, 1.5, -7, NaN, Infinity, '', 'a"b\\c', 'tab\there\nline', 'caf\xE9', '😀 x', '\uD800', undefined, () => 1][rand(17)];
  const node = (d: number): unknown => {
    if (d === 0 || rand(3) === 0) return leaf();
    if (rand(2) === 0) return Array.from({ length: rand(4) }, () => node(d - 1));
    const o: Record<string, unknown> = {};
    for (let i = rand(4); i > 0; i--) o[['k', '2', '10', 'a b', '"q"', 'x'][rand(6)]!] = node(d - 1);
    return o;
  };
  return node(6);
}

describe('writeJson', () => {
  it('writes what JSON.stringify(value, null, 2) writes, at every depth of pieces', () => {
    const fixed: unknown[] = [
      {}, [], [[]], { a: [] }, { a: {} }, [undefined, () => 1, Symbol('s')], { a: undefined, b: () => 1, c: 1 },
      { only: undefined }, new Date(0), { when: new Date(0), list: [new Date(1)] }, { 1: 'a', b: 'c', 0: 'd' },
      { text: '😀 and \uD800 and \x1b[31m' }, [1, [2, [3, [4, [5, [6, [7]]]]]]], 'top', 42, null,
    ];
    const values = [...fixed, ...Array.from({ length: 300 }, (_, i) => randomValue(i + 1))];
    for (const v of values) {
      const whole = JSON.stringify(v, null, 2);
      if (whole === undefined) continue;
      for (const depth of [0, 1, 2, 3, 6, 10]) expect(pieces(v, depth).join('')).toBe(whole);
    }
  });

  it('gives each element of a long list as a piece of its own, none ending inside a string', () => {
    const list = Array.from({ length: 1000 }, (_, i) => ({ id: i, text: `😀 finding ${i}` }));
    const out = pieces({ results: list }, 3);
    expect(out.length).toBeGreaterThan(1000);
    expect(Math.max(...out.map((p) => p.length))).toBeLessThan(100);
    // A piece that ended between the two halves of a surrogate pair would end in a high surrogate.
    for (const p of out) expect(/[\uD800-\uDBFF]$/.test(p)).toBe(false);
  });
});

describe('buffered', () => {
  it('hands on every piece, in order, in chunks of at least the size but the last', () => {
    const chunks: string[] = [];
    const sink = buffered((c) => chunks.push(c), 100);
    const input = Array.from({ length: 500 }, (_, i) => `piece ${i};`);
    for (const p of input) sink.out(p);
    sink.end();
    expect(chunks.join('')).toBe(input.join(''));
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeGreaterThanOrEqual(100);
    sink.end();
    expect(chunks.join('')).toBe(input.join('')); // nothing left to write twice
  });
});

describe('a report of many findings', () => {
  // 400 virtual hosts with an access block each: about a MB of SARIF.
  const tree = () => {
    const d = tempDir();
    const vhosts = Array.from({ length: 400 }, (_, i) => `<VirtualHost *:80>\nServerName s${i}.test\n<Location /admin${i}>\nOrder allow,deny\nAllow from 10.0.${i % 250}.1\n</Location>\n</VirtualHost>\n`).join('');
    writeFileSync(join(d, 'httpd.conf'), `Listen 80\nNameVirtualHost *:80\n${vhosts}`);
    return d;
  };

  // (The human report is written a file at a time: test/cli/run-memory.test.ts.)
  for (const format of ['sarif', 'json', 'html', 'github']) {
    it(`reaches standard output in chunks, not as one string or a write per part (${format})`, async () => {
      const d = tree();
      const chunks: number[] = [];
      const text: string[] = [];
      const stream = (keep: boolean) => ({
        write: (c: string | Uint8Array) => { if (keep) { chunks.push(c.length); text.push(typeof c === 'string' ? c : Buffer.from(c).toString('utf8')); } return true; },
        isTTY: false,
      });
      const io: Io = { stdout: stream(true), stderr: stream(false), env: {}, cwd: d, stdin: [] };
      const code = await main(['check', '--format', format, 'httpd.conf'], io);
      expect(code).toBe(1);
      const out = text.join('');
      expect(out.length).toBeGreaterThan(120_000);
      expect(chunks.length).toBeGreaterThanOrEqual(Math.floor(out.length / 65_536));
      expect(chunks.length).toBeGreaterThan(1);
      expect(chunks.length).toBeLessThan(out.length / 16_384);
      expect(Math.max(...chunks)).toBeLessThan(100_000);
      if (format === 'sarif') expect((JSON.parse(out) as { runs: { results: unknown[] }[] }).runs[0]!.results.length).toBeGreaterThanOrEqual(400);
      if (format === 'json') expect((JSON.parse(out) as { summary: { errors: number } }).summary.errors).toBeGreaterThanOrEqual(400);
      if (format === 'html') expect(out.endsWith('</main></body></html>\n')).toBe(true);
    });
  }
});
