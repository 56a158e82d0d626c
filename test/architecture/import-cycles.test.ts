/**
 * No import circle in src/ and rules/ (type-only imports count: a circle of types is still two files
 * that cannot be read one before the other), and the access core's layers import only downward,
 * through each layer's index.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, sourceFiles } from './import-graph.js';

const root = resolve(import.meta.dirname, '../..');
const graph = importGraph(root, sourceFiles(root, ['src', 'rules']));

describe('findCycles', () => {
  it('finds no circle in a graph without one', () => {
    expect(findCycles(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it('names an injected circle, from its first file back to it', () => {
    const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a', 'd']], ['d', []]]);
    expect(findCycles(g)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('finds a file importing itself and each separate circle once', () => {
    const g = new Map([['x', ['x']], ['p', ['q']], ['q', ['p']], ['r', ['p']]]);
    expect(findCycles(g).sort()).toEqual([['p', 'q', 'p'], ['x', 'x']]);
  });

  it('finds the circle of the old eval/candidates.ts and eval/prove.ts', () => {
    const g = new Map([['prove.ts', ['candidates.ts', 'merge.ts']], ['candidates.ts', ['prove.ts', 'merge.ts']], ['merge.ts', []]]);
    expect(findCycles(g)).toEqual([['candidates.ts', 'prove.ts', 'candidates.ts']]);
  });
});

describe('the import graph of src/ and rules/', () => {
  it('reads the imports of every file (the access core and the rules are in it)', () => {
    expect(graph.get('rules/prefer-require.ts')).toContain('src/access/migrate/index.ts');
    expect(graph.get('src/access/migrate/index.ts')).toContain('src/access/migrate/prove.ts');
    expect(graph.size).toBeGreaterThan(150);
  });

  it('has no circle', () => {
    expect(findCycles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });
});

const LAYERS = ['model', 'decide', 'compare', 'migrate'];
const layerOf = (f: string) => /^src\/access\/(\w+)\//.exec(f)?.[1];

describe('the layers of src/access', () => {
  it('has only the four layer folders', () => {
    expect([...new Set([...graph.keys()].filter((f) => f.startsWith('src/access/')).map(layerOf))].sort()).toEqual([...LAYERS].sort());
  });

  it('each layer imports only layers below it, and only through their index', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const own = layerOf(file);
      for (const t of targets) {
        const tl = layerOf(t);
        if (!tl || tl === own) continue;
        if (own && LAYERS.indexOf(tl) > LAYERS.indexOf(own)) wrong.push(`${file} imports ${t} from a higher layer`);
        if (!t.endsWith('/index.ts')) wrong.push(`${file} imports ${t} instead of src/access/${tl}/index.ts`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
