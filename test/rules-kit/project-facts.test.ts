import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ConfigFile } from '../../src/ast/nodes.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { fileIndex, gather } from '../../src/rules-kit/project-facts.js';
import { loadLines, projectFiles } from '../../src/rules-kit/load-module.js';
import { sourceFile } from '../helpers/source-file.js';

/** A project of files each holding 0 or more LoadModule lines. */
function projectWith(counts: number[]) {
  const files = counts.map((n, i) => {
    const path = `/t/f${i}.conf`;
    const text = Array.from({ length: n }, (_, k) => `LoadModule m${i}_${k}_module modules/mod_m${i}_${k}.so\n`).join('') + 'ServerName x\n';
    return sourceFile(path, text);
  });
  return projectOf(files);
}

const names = (lines: readonly { symbol: string }[]) => lines.map((l) => l.symbol);

describe('gather: a project-wide fact computed once, seen from any one file', () => {
  it('equals projectFiles(...).flatMap for the project\'s own trees, a re-parse of one of them, and a file not in the project', () => {
    fc.assert(fc.property(fc.array(fc.nat(3), { minLength: 1, maxLength: 8 }), fc.nat(), fc.nat(4), (counts, pick, extra) => {
      const project = projectWith(counts);
      const at = pick % counts.length;
      const own = project.files[at]!.ast;
      const reparsed = parse(`LoadModule new${extra}_module modules/mod_new.so\n`.repeat(extra), own.path);
      const stranger = parse('LoadModule stray_module modules/mod_stray.so\n', '/elsewhere/x.conf');
      for (const current of [own, reparsed, stranger] as ConfigFile[]) {
        expect(names(gather(project, current, 'test:loadLines', loadLines))).toEqual(names(projectFiles(project, current).flatMap(loadLines)));
        expect(fileIndex(project, current)).toBe(projectFiles(project, current).indexOf(current));
      }
    }));
  });

  it('reads each of the project\'s files once, however many files ask', () => {
    const project = projectWith([1, 0, 2, 0, 1]);
    let calls = 0;
    const of = (f: ConfigFile) => { calls++; return loadLines(f); };
    for (const f of project.files) gather(project, f.ast, 'test:count', of);
    expect(calls).toBe(project.files.length);
  });

  it('gives the project\'s own trees one list, made once and read-only (each joined every file\'s share again: quadratic)', () => {
    const project = projectWith([1, 0, 2, 0, 1]);
    const lists = project.files.map((f) => gather(project, f.ast, 'test:shared', loadLines));
    expect(names(lists[0]!)).toEqual(['m0_0_module', 'm2_0_module', 'm2_1_module', 'm4_0_module']);
    expect(lists.every((l) => l === lists[0])).toBe(true);
    expect(Object.isFrozen(lists[0])).toBe(true);
    // A re-parse of one of them gets a list of its own.
    const reparsed = parse('ServerName y\n', project.files[2]!.path);
    expect(names(gather(project, reparsed, 'test:shared', loadLines))).toEqual(['m0_0_module', 'm4_0_module']);
  });
});
