/** Every rule has its file, doc, fixture, test and index entry, all under one id (ESLint's checkRuleFiles). */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../../rules/index.js';

const ROOT = resolve(import.meta.dirname, '../..');
const ids = Object.keys(rules);
const HEADINGS = ['## Rule Details', '## Examples', '## Equivalence', '## When Not To Use It'];

describe('rule parity', () => {
  it('lists the rules in alphabetical order', () => {
    expect(ids).toEqual([...ids].sort());
  });

  it('lists every rule file in rules/index.ts', () => {
    const files = readdirSync(join(ROOT, 'rules')).filter((f) => f.endsWith('.ts') && f !== 'index.ts').map((f) => f.slice(0, -3));
    expect(files.sort()).toEqual([...ids].sort());
  });

  it('has a rule for every fixture folder not starting with _', () => {
    const dirs = readdirSync(join(ROOT, 'fixtures')).filter((d) => !d.startsWith('_'));
    expect(dirs.sort()).toEqual([...ids].sort());
  });

  it.each(ids)('%s has a matching id, doc, fixture and test', (id) => {
    const rule = rules[id]!;
    expect(rule.meta.id).toBe(id);
    expect(rule.meta.description).toMatch(/^[A-Z][a-z]+/);
    expect(rule.meta.row.length).toBeGreaterThan(0);
    const doc = readFileSync(join(ROOT, 'rules', `${id}.md`), 'utf8');
    expect(doc.startsWith(`# ${id}\n`)).toBe(true);
    for (const h of HEADINGS) expect(doc, `${id}.md lacks "${h}"`).toContain(`\n${h}\n`);
    expect(existsSync(join(ROOT, 'fixtures', id, 'input.conf'))).toBe(true);
    expect(existsSync(join(ROOT, 'fixtures', id, 'output.conf'))).toBe(rule.meta.kind !== 'report');
    expect(existsSync(join(ROOT, 'test', 'rules', `${id}.test.ts`))).toBe(true);
  });
});
