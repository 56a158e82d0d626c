// No mutable module-level state in src/ and rules/: a cache that must live for a run goes on the run's
// context (src/project/run-cache.ts), a memo on the tree it is about (src/ast/memo.ts). Module-level
// tables built once at load are declared read-only (ReadonlyMap, ReadonlySet, readonly arrays).
// Reads each file's top-level declarations with the TypeScript parser.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../architecture/import-graph.js';

const root = join(import.meta.dirname, '..', '..');

/** Constructors whose instances can be changed in place, and the read-only types that say they will not be. */
const MUTABLE = /^(Map|Set|WeakMap|WeakSet)$/;
const READ_ONLY_TYPE = /^(ReadonlyMap|ReadonlySet|ReadonlyArray|Readonly)\b|^readonly /;

/** The module-level declarations of a file that hold state someone can change, as `file:line name (why)`. */
function mutableState(rel: string, text = readFileSync(join(root, rel), 'utf8')): string[] {
  const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const at = (n: ts.Node) => `${rel}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const list = st.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const d of list.declarations) {
      const name = d.name.getText(sf);
      if (!isConst) {
        out.push(`${at(d)} ${name} (let/var)`);
        continue;
      }
      const init = d.initializer;
      if (!init) continue;
      const type = d.type?.getText(sf) ?? '';
      if (ts.isNewExpression(init) && MUTABLE.test(init.expression.getText(sf)) && !READ_ONLY_TYPE.test(type)) {
        out.push(`${at(d)} ${name} (new ${init.expression.getText(sf)} not typed read-only)`);
      }
      if (ts.isArrayLiteralExpression(init) && init.elements.length === 0 && !READ_ONLY_TYPE.test(type)) {
        out.push(`${at(d)} ${name} (empty array: filled later)`);
      }
    }
  }
  return out;
}

describe('module-level state', () => {
  const files = sourceFiles(root, ['src', 'rules']);

  it('reads every source file of src/ and rules/', () => {
    expect(files.length).toBeGreaterThan(120);
    expect(files).toContain('src/parse/parser.ts');
  });

  it('has none: no let or var, no Map or Set that is not typed read-only, no array filled after load', () => {
    expect(files.flatMap((f) => mutableState(f))).toEqual([]);
  });

  it('would see the forms it forbids, and let read-only tables be', () => {
    const probe = [
      'let last = null;', 'const cache = new Map<string, string>();', 'const ok: ReadonlySet<string> = new Set();',
      'const list = [];', 'const rows: readonly string[] = [];', 'export let count = 0;', 'const table = new WeakMap<object, string>();',
    ].join('\n');
    expect(mutableState('probe.ts', probe)).toEqual([
      'probe.ts:1 last (let/var)', 'probe.ts:2 cache (new Map not typed read-only)', 'probe.ts:4 list (empty array: filled later)',
      'probe.ts:6 count (let/var)', 'probe.ts:7 table (new WeakMap not typed read-only)',
    ]);
  });
});
