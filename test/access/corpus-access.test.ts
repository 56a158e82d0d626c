/**
 * Migrates every corpus file that uses Order/Allow/Deny/Satisfy with
 * prefer-require and the access guard: nothing may crash, and every access
 * section is either rewritten (with proof) or left with a finding that names
 * the reason. The counts are printed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/prefer-require.js';
import { fixFile } from '../../src/engine/fix-loop.js';
import { accessDirectives, accessGuard, proveProject } from '../../src/access/migrate/index.js';
import { conditionHolds } from '../../src/access/model/index.js';
import { COMPAT_ACCESS } from '../../src/apache/access-directives.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import type { Node } from '../../src/ast/nodes.js';
import { corpusFiles, requireCorpusOrSkip } from '../helpers/corpus.js';

const USES = /^[ \t]*(order|allow|deny|satisfy)[ \t]/im;

function reasonOf(message: string): string {
  const m = /is left with its 2\.2 [\w/]+ lines: (.*?)(?: \(|:|\.)/.exec(message) ?? /^(The rewrite was not applied)/.exec(message) ?? /(already contains 2\.4 Require syntax)/.exec(message);
  return m ? m[1]!.replace(/GET .*/, '').slice(0, 90) : message.slice(0, 90);
}

const data = requireCorpusOrSkip();

describe.skipIf(data.skip)('prefer-require over the real corpus', () => {
  const files = corpusFiles().filter((f) => USES.test(readFileSync(f.abs, 'latin1')));
  it('finds corpus files that use Order/Allow/Deny/Satisfy', () => expect(files.length).toBeGreaterThan(50));

  it('rewrites every access section with proof or leaves it with a finding, without crashing', () => {
    const counts = { files: files.length, rewritten: 0, refused: 0, crashes: 0, reasons: {} as Record<string, number> };
    const unexplained: string[] = [];
    for (const f of files) {
      try {
        const text = readFileSync(f.abs, 'latin1');
        const kind = /htaccess/i.test(f.rel) ? 'htaccess' : 'conf';
        const path = kind === 'htaccess' ? `${f.rel}/.htaccess` : f.rel;
        const ast = parse(text, path);
        const project = projectOf([{ path, display: f.rel, kind, ast }]);
        const r = fixFile(ast, [rule], project, {}, accessGuard(project, { rules: [rule] }));
        counts.rewritten += r.applied.length;
        for (const p of r.remaining) {
          counts.refused++;
          const why = reasonOf(p.message);
          counts.reasons[why] = (counts.reasons[why] ?? 0) + 1;
        }
        // Every section that still has compat lines read by 2.4 must carry a finding.
        const out = r.ast;
        const c24 = proveProject(project).after.cond!;
        const live24 = (s: import('../../src/ast/nodes.js').Section) => conditionHolds(s, c24) !== false;
        // Findings point into the file on disk, the sections into the output: take output offsets back.
        const flagged = new Set(r.remaining.map((p) => p.start));
        const check = (nodes: readonly Node[], owner: number) => {
          const left = accessDirectives(nodes, live24).filter((d) => COMPAT_ACCESS.has(d.lname));
          if (left.length && !flagged.has(owner) && !left.some((d) => flagged.has(r.fromOutput(d.contentStart)))) {
            unexplained.push(`${f.rel}:${ast.text.slice(0, owner).split('\n').length}`);
          }
          for (const n of nodes) if (n.type === 'section' && live24(n)) check(n.children, r.fromOutput(n.open.contentStart));
        };
        check(out.children, -1);
      } catch (e) {
        counts.crashes++;
        unexplained.push(`${f.rel}: crash ${(e as Error).stack}`);
      }
    }
    console.log(`corpus access migration: ${JSON.stringify(counts, null, 2)}`);
    expect(counts.crashes).toBe(0);
    expect(unexplained).toEqual([]);
    expect(counts.rewritten).toBeGreaterThan(0);
  });
});
