import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generate, mulberry32 } from './generate.js';
import { configText, fromModelText, htaccessTexts, toModelText } from './scenario.js';
import { migrateScenario } from './predict.js';

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

  it('adds the extended kinds only when asked, so a seed without them gives the scenario it always gave', () => {
    const render = (s: ReturnType<typeof generate>) => [configText(s), ...Object.values(htaccessTexts(s)), JSON.stringify(s.requests)].join('\n');
    const plain = Array.from({ length: 300 }, (_, i) => render(generate(2000 + i, { comments: true, sections: 5 })));
    const extended = Array.from({ length: 300 }, (_, i) => render(generate(2000 + i, { comments: true, sections: 5, extended: true })));
    const kinds = [/<DirectoryMatch "\^?@DIR@\//, /<LocationMatch "\^@LOC@\//, /<FilesMatch /, /<Files ~ /, /<Directory "@DIR@\/[^"]*[*?]/, /<IfModule mod_authz_host\.c>/, /^Alias "@LOC@\/al" "@DIR@\/sub"$/m, /^<VirtualHost 127\.0\.0\.1:@PORT@>\n {4}ServerName @NAME@$/m, /^<Directory \/>$/m, /^<Location \/>$/m, /^<Files ~ "\^g\\\.">$/m, /^ {4}DocumentRoot "@DIR@"$/m, /^ {4}Alias "\/al" "@DIR@\/sub"$/m, /^ {4}ServerName main\.example\.test\n<\/VirtualHost>\n<VirtualHost/m];
    expect(kinds.filter((re) => !extended.some((t) => re.test(t)))).toEqual([]);
    expect(kinds.filter((re) => plain.some((t) => re.test(t)))).toEqual([]);
    // The default generator, pinned (the digest of these 300 scenarios before the extended kinds came): the kept seeds
    // of the differential tests replay the scenarios they were found in.
    expect(createHash('sha256').update(plain.join('\n\0\n')).digest('hex')).toBe('a1c328b5ce4be4998746e84800371ee2c16208b8ab264978ab0451f06274730e');
  });

  it('keeps a migrated scenario\'s regex sections, with their patterns in placeholders again', () => {
    // The scenario's text kept only top-level <Directory>, <Location> and <Files> (a <DirectoryMatch> was dropped), and
    // `^/scn` in a <LocationMatch> went to the real server as the evaluator's path, not the batch's.
    const config = '<Directory "@DIR@">\n    Order allow,deny\n    Allow from all\n</Directory>\n'
      + '<DirectoryMatch "^@DIR@/(sub|h)">\n    Order deny,allow\n    Deny from 127.0.0.5\n</DirectoryMatch>\n'
      + '<LocationMatch "^@LOC@/(sub|loc)/">\n    Order deny,allow\n    Deny from all\n    Allow from 127.0.0.1\n</LocationMatch>';
    const out = migrateScenario({ config, htaccess: {} }).texts.config;
    expect(out).toMatch(/^<DirectoryMatch "\^@DIR@\/\(sub\|h\)">$/m);
    expect(out).toMatch(/^<LocationMatch "\^@LOC@\/\(sub\|loc\)\/">$/m);
    expect(fromModelText(toModelText('<LocationMatch "^@LOC@/x">'))).toBe('<LocationMatch "^@LOC@/x">');
  });
});
