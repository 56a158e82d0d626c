// <Files> and <Directory> wildcards as regexes (decide/match.ts wildcard): APR's fnmatch bracket expressions.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wildcard } from '../../src/access/decide/match.js';
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

  it('lets no rule crash on a <Files> pattern holding such a range (found by a fuzzer, from drupal\'s .htaccess)', () => {
    const path = join(tempDir(), '.htaccess');
    writeFileSync(path, '<Files "x.sw[opbak|well-known]">\n    Order allow,deny\n    Deny from all\n</Files>\n');
    const [r] = migrate(loadProject([path], { followIncludes: false })).files;
    expect([...r!.applied, ...r!.remaining].filter((p) => p.crash).map((p) => p.message)).toEqual([]);
    expect(r!.output).toContain('Require all denied');
  });
});
