import { describe, expect, it } from 'vitest';
import { byteCompare, fnmatch, hasWildcard, sortBytes } from '../../src/project/fnmatch.js';

// Directory entries and, per pattern, what real httpd 2.4.71 included for
// `IncludeOptional "dir/<pattern>"` (checked with apache2 -t -DDUMP_INCLUDES).
const NAMES = ['!a', '*lit', '-', '.h.conf', 'B.conf', '[x', '\\', ']x', '^a', 'a-c', 'a.b.c', 'a.conf', 'ab', 'abc', 'b', 'b.conf', 'x\\y', 'x]', 'é.conf'];
const ORACLE: [string, string[]][] = [
  ['*', ['!a', '*lit', '-', 'B.conf', '[x', '\\', ']x', '^a', 'a-c', 'a.b.c', 'a.conf', 'ab', 'abc', 'b', 'b.conf', 'x\\y', 'x]', 'é.conf']],
  ['*.conf', ['B.conf', 'a.conf', 'b.conf', 'é.conf']],
  ['.*', ['.h.conf']],
  ['?.conf', ['B.conf', 'a.conf', 'b.conf']],
  ['[ab].conf', ['a.conf', 'b.conf']],
  ['[!a].conf', ['B.conf', 'b.conf']],
  ['[^a].conf', ['B.conf', 'b.conf']],
  ['[]x]*', [']x', 'x\\y', 'x]']],
  ['[]]x', [']x']],
  ['[a-c]', ['b']],
  ['[a-]*', ['-', 'a-c', 'a.b.c', 'a.conf', 'ab', 'abc']],
  ['[!-]', ['\\', 'b']],
  ['a*c', ['a-c', 'a.b.c', 'abc']],
  ['*b*', ['a.b.c', 'ab', 'abc', 'b', 'b.conf']],
  ['[B-a].conf', ['B.conf', 'a.conf']],
  ['é*', ['é.conf']],
  ['[\\]]x', [']x']],
  ['[a\\-c]', ['-']],
  ['[[]x', ['[x']],
  ['*\\', ['\\']],
];

describe('fnmatch', () => {
  it.each(ORACLE)('matches %s as httpd does', (pattern, expected) => {
    expect(hasWildcard(pattern)).toBe(true);
    expect(NAMES.filter((n) => fnmatch(pattern, n))).toEqual(expected);
  });

  it('lets `*` and `?` match a leading dot only when period is off', () => {
    expect(fnmatch('*', '.x')).toBe(false);
    expect(fnmatch('?x', '.x')).toBe(false);
    expect(fnmatch('[.]x', '.x')).toBe(false);
    expect(fnmatch('\\.x', '.x')).toBe(true);
    expect(fnmatch('*', '.x', { period: false })).toBe(true);
  });

  it('backtracks over several stars', () => {
    expect(fnmatch('*a*b*c', 'xxaxxbxxbcc')).toBe(true);
    expect(fnmatch('*a*b*c', 'xxaxxbxxbcd')).toBe(false);
    expect(fnmatch('a**', 'a')).toBe(true);
    expect(fnmatch('', '')).toBe(true);
    expect(fnmatch('', 'a')).toBe(false);
  });
});

describe('hasWildcard', () => {
  it('sees no wildcard where httpd takes the path literally', () => {
    for (const literal of ['\\*lit', '\\[x', 'x\\y', '[x', 'x]', 'plain.conf', '/etc/{a,b}.conf']) expect(hasWildcard(literal)).toBe(false);
  });

  it('sees `*`, `?` and a closed bracket', () => {
    for (const wild of ['*.conf', 'a?', '[ab]', 'conf.d/*/x']) expect(hasWildcard(wild)).toBe(true);
  });
});

describe('sortBytes', () => {
  it('sorts by bytes, as strcmp does, not by locale', () => {
    expect(sortBytes(['b.conf', 'a.conf', 'B.conf', '_x', '.d', 'é', 'z'])).toEqual(['.d', 'B.conf', '_x', 'a.conf', 'b.conf', 'z', 'é']);
    expect(byteCompare('sub', 'sub.conf')).toBeLessThan(0);
  });

  it('orders astral characters after U+FFFD, as their UTF-8 bytes do', () => {
    expect(sortBytes(['\u{1F600}', '\uFFFD'])).toEqual(['\uFFFD', '\u{1F600}']);
  });
});
