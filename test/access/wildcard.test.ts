// <Files> and <Directory> wildcards as regexes (decide/match.ts wildcard): APR's fnmatch bracket expressions.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wildcard } from '../../src/access/decide/patterns.js';
import { loadProject, migrate } from '../../src/index.js';
import { tempDir } from '../helpers/tmp.js';

describe('wildcard', () => {
  it('reads ranges, negation and literal characters in a bracket expression', () => {
    const range = wildcard('[a-c].txt', true);
    expect(['a.txt', 'b.txt', 'c.txt'].map((n) => range.test(n))).toEqual([true, true, true]);
    expect(range.test('d.txt')).toBe(false);
    for (const negated of ['[!a-c]', '[^a-c]']) {
      expect(wildcard(negated, true).test('d')).toBe(true);
      expect(wildcard(negated, true).test('b')).toBe(false);
    }
    expect(wildcard('[\\]x', true).test('\\x')).toBe(true);
    expect(wildcard('[-a]', true).test('-')).toBe(true);
    expect(wildcard('*.inc', true).test('a/b.inc')).toBe(false);
    expect(wildcard('*.inc', false).test('a/b.inc')).toBe(true);
  });

  it('makes a range with reversed ends match nothing, as APR does, instead of an invalid regex', () => {
    const reversed = wildcard('x[l-k]', true);
    expect(['xl', 'xk', 'x-'].map((n) => reversed.test(n))).toEqual([false, false, false]);
    expect(wildcard('x[l-kz]', true).test('xz')).toBe(true);
  });

  it('matches a pattern of many stars in time linear in each length (found by a fuzzer: a 2 KB file never finished)', () => {
    // As a regex, 40 [^/]* in a row took exponential time on a name that did not match.
    const stars = wildcard(`a${'*'.repeat(40)}b${'*x'.repeat(12)}`, true);
    expect(stars.test(`a${'y'.repeat(3000)}`)).toBe(false);
    expect(stars.test(`ab${'x'.repeat(12)}`)).toBe(true);
    expect(stars.test(`a/b${'x'.repeat(12)}`)).toBe(false);
    expect(wildcard(`*${'*x'.repeat(12)}`, false).test(`${'x'.repeat(4000)}y`)).toBe(false);
  });

  it('lets only a / of the pattern match a / when pathname is set', () => {
    expect(wildcard('/srv/*/www', true).test('/srv/a/www')).toBe(true);
    expect(wildcard('/srv/*/www', true).test('/srv/a/b/www')).toBe(false);
    expect(wildcard('/srv/?', true).test('/srv//')).toBe(false);
    expect(wildcard('/srv[!a]x', true).test('/srv/x')).toBe(false);
    expect(wildcard('/srv[!a]x', false).test('/srv/x')).toBe(true);
    expect(wildcard('*.php', false).test('a/b.php')).toBe(true);
  });

  it('lets no rule crash on a <Files> pattern holding such a range (found by a fuzzer, from drupal\'s .htaccess)', () => {
    const path = join(tempDir(), '.htaccess');
    writeFileSync(path, '<Files "x.sw[opbak|well-known]">\n    Order allow,deny\n    Deny from all\n</Files>\n');
    const [r] = migrate(loadProject([path], { followIncludes: false })).files;
    expect([...r!.applied, ...r!.remaining].filter((p) => p.crash).map((p) => p.message)).toEqual([]);
    expect(r!.output).toContain('Require all denied');
  });
});
