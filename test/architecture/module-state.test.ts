/**
 * No mutable module-level state in src/ and rules/: caches live in the run's memo
 * (src/project/run-cache.ts), reached through the project or the access model.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './import-graph.js';
import { moduleState } from './module-state.js';

const root = resolve(import.meta.dirname, '../..');


describe('moduleState', () => {
  it('finds top-level let and var', () => {
    expect(moduleState('let last = 0;\nvar seen;\nconst ok = 1;\nexport function f() { return ok; }\n')).toEqual([
      { name: 'last', line: 1, why: 'top-level let' },
      { name: 'seen', line: 2, why: 'top-level var' },
    ]);
  });

  it('finds a top-level cache that a function fills', () => {
    const src = 'const cache = new WeakMap<object, number>();\nexport function f(o: object) {\n  let v = cache.get(o);\n  if (v === undefined) cache.set(o, (v = 1));\n  return v;\n}\n';
    expect(moduleState(src)).toEqual([{ name: 'cache', line: 4, why: 'top-level const changed at line 4 (.set())' }]);
  });

  it('finds arrays pushed to, objects assigned to and counters incremented in a function', () => {
    const src = 'const seen: string[] = [];\nconst state = { n: 0 };\nconst t: Record<string, number> = {};\n'
      + 'export function f(x: string) { seen.push(x); state.n++; t[x] = 1; }\n';
    expect(moduleState(src).map((s) => s.name)).toEqual(['seen', 'state', 't']);
  });

  it('leaves constant tables alone: read only, or filled while the module loads', () => {
    const src = "const NAMES = new Set(['a', 'b']);\nconst BY = new Map<string, number>();\nfor (const n of NAMES) BY.set(n, n.length);\n"
      + 'export function f(x: string) { return NAMES.has(x) ? BY.get(x) : 0; }\n';
    expect(moduleState(src)).toEqual([]);
  });

  it('does not take a local of the same name for the module constant', () => {
    const src = 'const m = new Map();\nexport function f(m: Map<string, number>) { m.set("a", 1); }\nexport function g() { const m = new Map(); m.set(1, 2); return m; }\n';
    expect(moduleState(src)).toEqual([]);
  });
});

describe('src/ and rules/', () => {
  const files = sourceFiles(root, ['src', 'rules']);

  it('have no mutable module-level state (outside the files another change removes it from)', () => {
    const found = files.flatMap((f) => moduleState(readFileSync(resolve(root, f), 'utf8'), f).map((s) => `${f}:${s.line} ${s.name}: ${s.why}`));
    expect(found).toEqual([]);
  });

  it('the access core keeps its caches in the run memo, none at module level', () => {
    const access = files.filter((f) => f.startsWith('src/access/'));
    expect(access.length).toBeGreaterThan(30);
    expect(access.flatMap((f) => moduleState(readFileSync(resolve(root, f), 'utf8'), f))).toEqual([]);
  });
});
