/**
 * A translation is proven as httpd 2.4 reads it: its lines go through the configuration parser and
 * the model builder, not through a grammar of their own.
 */
import { describe, expect, it } from 'vitest';
import { itemsOf, readTranslations } from '../../src/access/migrate/index.js';
import { m24 } from './helpers.js';

const after = m24('', false);
const sectionItems = (body: string) => m24(`<Directory /x>\n${body}\n</Directory>\n`, false).scopes[0]!.items;

describe('readTranslations', () => {
  it('reads Require lines, containers and method limits to the items a <Directory> of the same text has', () => {
    const lines = ['<RequireAny>', '    Require ip 10.0.0.0/8', '    Require host example.org', '</RequireAny>', '<LimitExcept GET HEAD>', '    Require all denied', '</LimitExcept>'];
    const read = itemsOf(lines, after);
    expect(read.errors).toEqual([]);
    expect(read.items).toEqual(sectionItems(lines.join('\n')));
    expect(read.items.map((i) => i.k)).toEqual(['authz', 'authz']);
  });

  it('reads quoted words as httpd does', () => {
    const read = itemsOf(['Require env "HAS TOKEN"'], after);
    expect(read.errors).toEqual([]);
    expect(read.items).toEqual(sectionItems('Require env "HAS TOKEN"'));
  });

  it('gives each of many translations its own items, and its own errors', () => {
    const read = readTranslations([['Require all granted'], ['Require ip 10.0.0.300'], ['Require valid-user']], after);
    expect(read.map((r) => r.errors.length)).toEqual([0, 1, 0]);
    expect(read[1]!.errors[0]).toMatch(/ip address '10\.0\.0\.300' appears to be invalid/);
    expect(read[0]!.items).toEqual(sectionItems('Require all granted'));
    expect(read[2]!.items).toEqual(sectionItems('Require valid-user'));
  });

  it('keeps a broken translation from spilling into the others', () => {
    const read = readTranslations([['Require all granted'], ['<RequireAll>', 'Require all denied'], ['Require valid-user']], after);
    expect(read[0]).toEqual({ items: sectionItems('Require all granted'), errors: [] });
    expect(read[1]!.items).toEqual([]);
    expect(read[1]!.errors.length).toBeGreaterThan(0);
    expect(read[2]).toEqual({ items: sectionItems('Require valid-user'), errors: [] });
  });

  it('refuses what 2.4 refuses at start-up: a negation alone in <RequireAny>, a line that is not Require', () => {
    expect(itemsOf(['<RequireAny>', 'Require not ip 10.0.0.1', '</RequireAny>'], after).errors.join(' ')).toMatch(/negative Require directive has no effect/);
    expect(itemsOf(['Order allow,deny'], after).errors.join(' ')).toMatch(/Invalid command 'Order'/);
  });
});
