import { describe, expect, it } from 'vitest';
import { generate, mulberry32 } from './generate.js';
import { configText, htaccessTexts } from './scenario.js';

const text = (seed: number) => {
  const s = generate(seed);
  return [configText(s), ...Object.entries(htaccessTexts(s)).map(([d, t]) => `[${d}]\n${t}`)].join('\n');
};

describe('the scenario generator', () => {
  it('is a pure function of the seed', () => {
    expect(generate(42)).toEqual(generate(42));
    expect(mulberry32(7)()).toBe(mulberry32(7)());
    expect(new Set(Array.from({ length: 50 }, (_, i) => text(i))).size).toBeGreaterThan(45);
  });

  it('covers every address form, section kind and trap within 1000 seeds', () => {
    const all = Array.from({ length: 1000 }, (_, i) => ({ t: text(1000 + i), s: generate(1000 + i) }));
    const has = (re: RegExp) => all.some(({ t }) => re.test(t));
    const forms: [string, RegExp][] = [
      ['full IP', /from .*127\.0\.0\.5\b/], ['partial IP', /from .*\b127\.0\.0(\s|$)/], ['CIDR', /\/29\b/],
      ['dotted mask', /\/255\.255\.255\.248/], ['IPv6', /fe80::\/10/], ['host name', /allowed\.example\.test/],
      ['env=', /env=flag/], ['env=!', /env=!trusted/], ['Satisfy', /Satisfy Any/], ['valid-user', /Require valid-user/],
      ['group', /Require group admins/], ['child Directory', /@DIR@\/sub/], ['Location', /<Location/], ['Files', /<Files/],
      ['Limit', /<Limit /], ['LimitExcept', /<LimitExcept/], ['lower-case method', /<Limit(Except)? .*\bget\b/],
      ['inline comment', / # /], ['Require local', /Require local/], ['Authoritative Off', /Authoritative Off/],
      ['Require keyword case', /Require Valid-User/],
      ...['All', 'Limit', 'AuthConfig', 'None', 'Limit AuthConfig'].map((o): [string, RegExp] => [`AllowOverride ${o}`, new RegExp(`AllowOverride ${o}$`, 'm')]),
    ];
    expect(forms.filter(([, re]) => !has(re)).map(([n]) => n)).toEqual([]);
    const tags = new Set(all.flatMap(({ s }) => s.tags));
    for (const t of ['satisfy-only', 'allow-only', 'order-only', 'satisfy-any-no-require', 'require-local', 'inline-comment']) expect(tags).toContain(t);
    expect(all.some(({ s }) => Object.keys(s.htaccess).length > 0)).toBe(true);
    for (const { s } of all) for (const r of s.requests) expect(r.from).toMatch(/^127\./);
  });
});
