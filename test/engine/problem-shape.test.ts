// The problems a run keeps share one hidden class: V8 gives each object that `{ ...p, newKey }` makes
// a class of its own (a map and its descriptors, ~340 bytes), which on 10,000 vhosts was 7 MB.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { loadProject, migrate } from '../../src/index.js';
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
});
