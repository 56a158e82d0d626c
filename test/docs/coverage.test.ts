/**
 * docs/coverage.md must name, for every table row of the upgrade notes (and of semantics §6.1 and
 * §6.2), rules that exist as rules/<id>.ts, with their real kinds and existing fixtures.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../../src/engine/rule.js';
import { dataPath, requireDataOrSkip } from '../helpers/shared-data.js';

const ROOT = resolve(import.meta.dirname, '../..');
const spec = requireDataOrSkip('spec/upgrade-notes.md'); // and spec/httpd-semantics.md beside it
const SEPARATOR = /^\|[\s:|-]+\|$/;

const cellsOf = (line: string) => line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());

/**
 * The data rows of every markdown table, each named `<nearest heading> › <first cell>`, with ` (n)`
 * for the n-th repeat of a first cell under one heading. Header rows (followed by a separator) are skipped.
 */
export function tableRows(text: string, from?: RegExp, to?: RegExp): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  const seen = new Map<string, number>();
  let heading = '';
  let inside = from === undefined;
  lines.forEach((line, i) => {
    if (line.startsWith('#')) {
      heading = line.replace(/^#+/, '').trim();
      if (from?.test(heading)) inside = true;
      else if (to?.test(heading)) inside = false;
      return;
    }
    if (!inside || !line.startsWith('|') || SEPARATOR.test(line.trim()) || SEPARATOR.test((lines[i + 1] ?? '').trim())) return;
    const base = `${heading} › ${cellsOf(line)[0]}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    out.push(n > 1 ? `${base} (${n})` : base);
  });
  return out;
}

interface Entry { row: string; rules: string[]; kinds: string[]; fixtures: string[] }

function coverage(): Entry[] {
  const text = readFileSync(join(ROOT, 'docs/coverage.md'), 'utf8');
  const lines = text.split('\n').filter((l) => l.startsWith('|') && !SEPARATOR.test(l.trim()));
  return lines.filter((l) => cellsOf(l)[0] !== 'Row').map((l) => {
    const [row = '', rules = '', kinds = '', fixtures = ''] = cellsOf(l);
    const list = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean);
    return { row, rules: list(rules), kinds: list(kinds), fixtures: list(fixtures) };
  });
}

const entries = coverage();
const entryFor = (key: string) => entries.find((e) => e.row === key || e.row.startsWith(`${key} — `));
const specRows = (name: string, from?: RegExp, to?: RegExp) => spec.skip ? [] : tableRows(readFileSync(dataPath(`spec/${name}`), 'utf8'), from, to);
const notes = specRows('upgrade-notes.md');
const semantics = specRows('httpd-semantics.md', /^6\.1 /, /^6\.3 /);

async function checkRow(key: string): Promise<void> {
  const e = entryFor(key);
  expect(e, `docs/coverage.md has no entry for "${key}"`).toBeDefined();
  expect(e!.rules.length, `no rule named for "${key}"`).toBeGreaterThan(0);
  expect(e!.kinds.length).toBe(e!.rules.length);
  expect(e!.fixtures.length).toBe(e!.rules.length);
  const missing = e!.rules.filter((id) => !existsSync(join(ROOT, 'rules', `${id}.ts`)));
  expect(missing, `rules named for "${key}" with no rules/<id>.ts`).toEqual([]);
  for (const [k, id] of e!.rules.entries()) {
    const rule = ((await import(pathToFileURL(join(ROOT, 'rules', `${id}.ts`)).href)) as { default: Rule }).default;
    expect(e!.kinds[k], `kind of ${id}`).toBe(rule.meta.kind);
    expect(e!.fixtures[k]).toBe(`fixtures/${id}/input.conf`);
    expect(existsSync(join(ROOT, e!.fixtures[k]!)), `${e!.fixtures[k]} exists`).toBe(true);
  }
}

describe.skipIf(spec.skip)('docs/coverage.md', () => {
  it('finds the table rows of the specs', () => {
    expect(notes.length).toBeGreaterThan(50);
    expect(notes).toContain('Renamed directives (old name still accepted) › MaxClients');
    expect(notes).toContain('Per-module behavior changes › mod_cache (2)');
    expect(notes).not.toContain('Renamed directives (old name still accepted) › Old name');
    expect(semantics).toContain('6.2 Modules › mod_mem_cache');
  });

  it.each(notes)('covers upgrade-notes row "%s"', checkRow);
  it.each(semantics)('covers semantics row "%s"', checkRow);

  it('has no entry for a row the specs do not have', () => {
    const keys = [...notes, ...semantics];
    const stale = entries.filter((e) => !keys.some((k) => e.row === k || e.row.startsWith(`${k} — `))).map((e) => e.row);
    expect(stale).toEqual([]);
  });
});
