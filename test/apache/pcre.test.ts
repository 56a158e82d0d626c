import { describe, expect, it } from 'vitest';
import { compilePcre } from '../../src/apache/pcre.js';
import { hasPcre2test, pcre2 } from '../helpers/pcre2test.js';

/** Patterns PCRE refuses, with the start of PCRE2's message. */
const REFUSED: readonly [string, string][] = [
  ['^/var/www/(a|b', 'missing closing parenthesis'],
  ['a)', 'unmatched closing parenthesis'],
  ['[abc', 'missing terminating ] for character class'],
  ['*a', 'quantifier does not follow a repeatable item'],
  ['x|*', 'quantifier does not follow a repeatable item'],
  ['a**', 'quantifier does not follow a repeatable item'],
  ['(a)+*', 'quantifier does not follow a repeatable item'],
  ['(|*)', 'quantifier does not follow a repeatable item'],
  ['a{2}{3}', 'quantifier does not follow a repeatable item'],
  ['a\\', '\\ at end of pattern'],
  ['\\ua', 'PCRE does not support'],
  ['[[:foo:]]', 'unknown POSIX class name'],
];

/** Patterns PCRE accepts, each with subjects it matches and subjects it does not. */
const ACCEPTED: readonly [string, string[], string[]][] = [
  ['(?i)^/Admin', ['/admin', '/ADMIN/x'], ['/x/admin', '/admi']],
  ['(?i)\\.(php|phtml)$', ['/a/b.PHP', 'x.phtml'], ['x.php.txt', 'php']],
  ['^/x[[:digit:]]+$', ['/x1', '/x2024'], ['/x', '/xa1']],
  ['[^[:space:]]+@', ['a@'], [' @']],
  ['[[:alpha:]_-]+$', ['ab_-'], ['1']],
  ['[]a]', [']', 'a'], ['b']],
  ['[^]a]', ['b'], [']', 'a']],
  ['a{,3}', ['a{,3}'], ['aaa']],
  ['a(?#note)b', ['ab'], ['a(?#note)b']],
  ['^\\Qa.b\\E+$', ['a.bbb'], ['axbbb', 'a.ba.b']],
  ['\\Aab\\z', ['ab'], ['xab', 'ab\n']],
  ['ab\\Z', ['ab', 'xab\n'], ['abx']],
  ['\\x{41}b', ['Ab'], ['ab']],
  ['(?P<n>a)\\1', ['aa'], ['ab']],
  ['(?<n>a)\\k<n>', ['aa'], ['ab']],
  ['^/(a|b)/c?d*?e+', ['/a/e', '/b/cdde'], ['/c/e', '/a/d']],
  ['\\.(?!well-known)', ['.x'], ['.well-known']],
  ['(?<=/)admin', ['/admin'], ['xadmin']],
];

/** Read as 2.2's PCRE did (the letter itself); PCRE2 refuses it, which the pcre2-regex rule fixes. */
const PCRE1_ONLY: readonly [string, string[], string[]][] = [['/\\icons', ['/icons'], ['/xcons']]];

/** Patterns PCRE accepts that this tool leaves unevaluated. */
const UNSUPPORTED = ['a++', 'a{2}+', '(?>a)b', '(?i:a)b', '[[:^digit:]]', '\\hx', '(?x) a b', '(*UTF)a', '(?P=n)'];

describe('compilePcre', () => {
  it.each(REFUSED)('refuses %s (%s)', (pattern, message) => {
    const r = compilePcre(pattern);
    expect('error' in r && r.error).toContain(message);
  });

  it.each([...ACCEPTED, ...PCRE1_ONLY])('reads %s as PCRE does', (pattern, yes, no) => {
    const r = compilePcre(pattern);
    if (!('regex' in r)) throw new Error(JSON.stringify(r));
    for (const s of yes) expect(r.regex.test(s), s).toBe(true);
    for (const s of no) expect(r.regex.test(s), s).toBe(false);
  });

  it.each(UNSUPPORTED)('leaves %s unevaluated', (pattern) => {
    expect(compilePcre(pattern)).toHaveProperty('unsupported');
  });

  it('leaves a quantifier after an assertion unevaluated rather than call it an error', () => {
    expect(compilePcre('^*a')).toHaveProperty('unsupported');
  });

  it('adds the caller\'s flags', () => {
    const r = compilePcre('^abc$', 'i');
    expect('regex' in r && r.regex.test('ABC')).toBe(true);
  });
});

describe.skipIf(!hasPcre2test())('compilePcre against pcre2test', () => {
  it.each(REFUSED.filter(([p]) => !p.includes('%') && !p.endsWith('\\')))('PCRE2 refuses %s too', (pattern) => {
    expect(pcre2(pattern, 'x')).toBe('error');
  });

  it.each(ACCEPTED.filter(([, yes, no]) => ![...yes, ...no].some((s) => s.includes('\n'))))('PCRE2 matches %s as the JavaScript regex does', (pattern, yes, no) => {
    for (const s of yes) expect(pcre2(pattern, s), s).toBe(true);
    for (const s of no) expect(pcre2(pattern, s), s).toBe(false);
  });

  it.each(UNSUPPORTED.filter((p) => p !== '(?P=n)'))('PCRE2 compiles %s', (pattern) => {
    expect(pcre2(pattern, 'x')).not.toBe('error');
  });
});
