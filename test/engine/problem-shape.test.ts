// What the problems a run keeps until it reports hold: one hidden class between them (V8 gives each
// object that `{ ...p, newKey }` makes a class of its own, a map and its descriptors, ~340 bytes: 7 MB
// on 10,000 vhosts), and exact copies of their rules' edit arrays.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { Edit } from '../../src/edit/edit.js';
import { defineRule, type Rule } from '../../src/engine/rule.js';
import { lintFile } from '../../src/engine/run.js';
import { loadProject, migrate } from '../../src/index.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { tempDir } from '../helpers/tmp.js';

/** V8's own test of two objects having the same hidden class (natives syntax, switched on for this function). */
function sameShape(): (a: object, b: object) => boolean {
  setFlagsFromString('--allow-natives-syntax');
  return new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
}

describe('the problems of a run', () => {
  it('that a fix loop kept share one hidden class (past the first few, which V8 makes another way)', () => {
    const cwd = tempDir();
    const block = (i: number) => `<Directory /srv/${i}>\nOrder deny,allow\nDeny from all\nAllow from 10.${i % 256}.${i >> 8}.0/24\n</Directory>\n`;
    writeFileSync(join(cwd, 'sites.conf'), Array.from({ length: 300 }, (_, i) => block(i)).join(''));
    const [file] = migrate(loadProject([join(cwd, 'sites.conf')], { cwd })).files;
    const applied = file!.applied;
    expect(applied).toHaveLength(300);
    expect(applied.every((p) => p.originalEdits !== undefined)).toBe(true);
    const same = sameShape();
    expect(applied.filter((p, i) => i > 0 && !same(p, applied[i - 1]!)).length).toBe(0);
  });

  it('keep copies of the edits a rule reports, not the arrays it grew (they keep room for 17 edits)', () => {
    const reported: Edit[][] = [];
    const fix: Rule = defineRule({
      meta: { id: 'mend', description: 'Mend it.', row: 'test', kind: 'fix' },
      create: (ctx) => ({
        'Directive:foo': (d) => {
          const edits: Edit[] = [];
          edits.push({ start: d.start, end: d.end, text: '' });
          reported.push(edits);
          ctx.report({ node: d, message: 'here', fix: edits });
        },
      }),
    });
    const ast = parse('Foo 1\n', '/x.conf');
    const [problem] = lintFile(ast, [fix], projectOf([{ path: '/x.conf', display: 'x.conf', kind: 'conf', ast }]));
    expect(problem!.fix).toEqual(reported[0]);
    expect(problem!.fix).not.toBe(reported[0]);
  });
});
