/**
 * docs/architecture.md and docs/access-control.md map every file of src/, one line each: a file
 * added without a line there fails here, naming it.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './import-graph.js';

const root = resolve(import.meta.dirname, '../..');
const architecture = readFileSync(resolve(root, 'docs/architecture.md'), 'utf8');
const accessControl = readFileSync(resolve(root, 'docs/access-control.md'), 'utf8');

/** The lines of a doc that name a file: its base name or a path ending in it, in backquotes, or its whole path. */
function named(doc: string, file: string): string[] {
  const name = basename(file);
  return doc.split('\n').filter((l) => l.includes(`\`${name}\``) || l.includes(`/${name}\``) || l.includes(file));
}

/** Files of src/ the docs do not map, with where their line should be. */
export function unmapped(files: readonly string[], docs: { architecture: string; accessControl: string }): string[] {
  return files.filter((f) => {
    if (f.startsWith('src/access/')) return named(docs.accessControl, f).length === 0;
    const lines = named(docs.architecture, f);
    // A name several folders share (errors.ts, run-cache.ts, index.ts) must sit on its folder's line.
    const folder = `${dirname(f)}/`;
    return lines.length === 0 || (!lines.some((l) => l.includes(folder)) && files.filter((g) => basename(g) === basename(f)).length > 1 && !f.startsWith('src/apache/'));
  }).map((f) => `${f} (${f.startsWith('src/access/') ? 'docs/access-control.md' : 'docs/architecture.md'})`);
}

describe('the docs map every file of src/', () => {
  it('names every file', () => {
    const files = sourceFiles(root, ['src']);
    expect(files.length).toBeGreaterThan(120);
    expect(unmapped(files, { architecture, accessControl })).toEqual([]);
  });

  it('would see a file the docs leave out', () => {
    const docs = { architecture: '- `src/x/`: `a.ts` one thing', accessControl: '| `decide.ts` | … |' };
    expect(unmapped(['src/x/a.ts', 'src/x/b.ts', 'src/access/decide/decide.ts', 'src/access/decide/other.ts'], docs))
      .toEqual(['src/x/b.ts (docs/architecture.md)', 'src/access/decide/other.ts (docs/access-control.md)']);
  });
});
