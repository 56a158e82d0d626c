import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parse/parser.js';
import { print, toBytes } from '../../src/print/print.js';
import { corpusFiles, requireCorpusOrSkip } from '../helpers/corpus.js';

const data = requireCorpusOrSkip();
const corpus = corpusFiles();

describe('print(parse(x))', () => {
  it.skipIf(data.skip)('finds the 188 corpus files', () => {
    expect(corpus.length).toBe(188);
  });

  it.each(corpus.map((c) => [c.rel, c.abs]))('gives back %s byte for byte', (_rel, abs) => {
    const bytes = readFileSync(abs);
    const out = toBytes(print(parse(bytes, abs)));
    expect(Buffer.compare(out, bytes)).toBe(0);
  });

  it.skipIf(data.skip)('gives back the same bytes under 2.4 reading rules too', () => {
    for (const c of corpus) {
      const bytes = readFileSync(c.abs);
      expect(Buffer.compare(toBytes(print(parse(bytes, c.abs, { version: '2.4' }))), bytes)).toBe(0);
    }
  });

  const alphabet = ['\\', '"', "'", '<', '>', '/', '#', '\r', '\n', '\0', ' ', '\t', 'a', 'Z', '\xff', '\x80', '\xa0', '\xef\xbb\xbf',
    '<Directory /x>', '</Directory>', '<IfModule m>', '</IfModule>', '</IfModule >', 'Order allow,deny', 'Allow from all'];
  const input = fc.array(fc.constantFrom(...alphabet), { maxLength: 60 }).map((parts) => parts.join(''));

  it('gives back 10,000 generated inputs rich in escapes, quotes, sections and odd bytes', () => {
    fc.assert(
      fc.property(input, fc.constantFrom('2.2' as const, '2.4' as const), (text, version) => {
        const file = parse(text, 'gen.conf', { version });
        expect(print(file)).toBe(text);
      }),
      { numRuns: 10_000 },
    );
  });

  it('gives back arbitrary byte strings', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const out = toBytes(print(parse(bytes)));
        expect(Buffer.compare(out, Buffer.from(bytes))).toBe(0);
      }),
      { numRuns: 2_000 },
    );
  });
});
