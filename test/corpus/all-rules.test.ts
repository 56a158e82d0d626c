/**
 * Every rule together over every corpus file, as `httpd-migrate write --no-follow-includes`
 * runs them: nothing crashes, no rule fails its own fix, the output re-parses without new
 * errors, and a second run changes nothing. Prints the findings per rule (for the issue notes).
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/migrate.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { corpusFiles, requireCorpusOrSkip } from '../helpers/corpus.js';
import { errorCount } from '../helpers/corpus-run.js';

const data = requireCorpusOrSkip();
const corpus = corpusFiles();
const fixed = new Map<string, number>();
const found = new Map<string, number>();

function run(text: string, path: string) {
  const ast = parse(text, path);
  const [r] = migrate(projectOf([{ path, display: path, kind: path.endsWith('.htaccess') ? 'htaccess' : 'conf', ast }]), { env: {} }).files;
  return r!;
}

describe.skipIf(data.skip)('all rules over the corpus', () => {
  it('has corpus files', () => expect(corpus.length).toBeGreaterThan(0));

  it.each(corpus.map((c) => [c.rel, c.abs]))('%s', (_rel, abs) => {
    const text = readFileSync(abs, 'latin1');
    const r = run(text, abs);
    for (const p of r.applied) fixed.set(p.ruleId, (fixed.get(p.ruleId) ?? 0) + 1);
    for (const p of r.remaining) found.set(p.ruleId, (found.get(p.ruleId) ?? 0) + 1);
    for (const p of [...r.applied, ...r.remaining]) expect(p.message, 'no rule may fail its own fix').not.toMatch(/^internal:/);
    expect(errorCount(r.output), 'the output re-parses without new errors').toBeLessThanOrEqual(errorCount(text));
    const again = run(r.output, abs);
    expect(again.applied.map((p) => `${p.ruleId}: ${p.message}`), 'a second run applies nothing').toEqual([]);
  });

  afterAll(() => {
    const ids = [...new Set([...fixed.keys(), ...found.keys()])].sort();
    const rows = ids.map((id) => `${id}: ${fixed.get(id) ?? 0} fixed, ${found.get(id) ?? 0} left as findings`);
    console.log(`all rules over ${corpus.length} corpus files:\n  ${rows.join('\n  ')}`);
  });
});
