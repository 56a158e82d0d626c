/**
 * An `Options` line in a .htaccess that AllowOverride does not let it name: set_options refuses it ("Option X not
 * allowed here"), and every request under the file gets 500, even under AllowOverride Nonfatal=… . Bare `Options` in
 * AllowOverride allows All's options, not SymLinksIfOwnerMatch or MultiViews. The answers below are those of the real
 * httpd 2.4.68 (a directory per row, each with its own AllowOverride and a .htaccess holding the one line); 2.2.23's
 * core.c and later make the same check. The evaluator answered 200 for every row that allows Options at all.
 */
import { describe, expect, it } from 'vitest';
import { buildModel, moduleSet, type Request } from '../../src/access/model/index.js';
import { decide22, decide24 } from '../../src/access/decide/index.js';
import { parse } from '../../src/parse/parser.js';
import type { Version } from '../../src/access/model/index.js';

const ROOT = '/srv/htdocs';
/** AllowOverride words, the .htaccess Options words, the real server's answer. */
const ROWS: [string, string, number][] = [
  ['Options', '+SymLinksIfOwnerMatch', 500], ['Options', '+MultiViews', 500], ['Options', '-FollowSymLinks', 200],
  ['Options', 'None', 200], ['Options', 'All', 200], ['All', '+SymLinksIfOwnerMatch', 200], ['All', '+MultiViews', 200],
  ['Options=Indexes', '-FollowSymLinks', 500], ['Options=Indexes', 'None', 200], ['Options=Indexes', '+Indexes', 200],
  ['Options=FollowSymLinks', '-FollowSymLinks', 200], ['Options=Indexes,FollowSymLinks', 'Indexes FollowSymLinks', 200],
  ['AuthConfig', '-Indexes', 500], ['Options Nonfatal=Override', '+MultiViews', 500], ['Options Nonfatal=All', '+SymLinksIfOwnerMatch', 500],
  ['Options All', '+MultiViews', 500], ['Options', 'IncludesNOEXEC', 200], ['Options', 'Includes', 200], ['Options', 'RunScripts', 500],
  ['Options=MultiViews', '+MultiViews', 200], ['Options=MultiViews', 'Indexes', 500], ['Options=All', '+MultiViews', 500], ['Options=All', 'All', 200],
];

function modelOf(version: Version, conf: string, htaccess: Record<string, string>) {
  const inputs = [
    { file: parse(conf, '/etc/httpd/test.conf', { version }), kind: 'conf' as const },
    ...Object.entries(htaccess).map(([dir, text]) => ({ file: parse(text, `${ROOT}/${dir}/.htaccess`, { version }), kind: 'htaccess' as const, dir: `${ROOT}/${dir}` })),
  ];
  return buildModel(inputs, { version, modules: moduleSet([], version, version === '2.2') });
}

const get = (dir: string): Request => ({ vhost: '', path: `/${dir}/f.html`, file: `${ROOT}/${dir}/f.html`, method: 'GET', ip: '127.0.0.1', host: null, env: [], credentials: null });

describe('a .htaccess Options line under AllowOverride', () => {
  const allow = (v: Version) => (v === '2.2' ? 'Order allow,deny\n  Allow from all' : 'Require all granted');
  const conf = (v: Version) => `DocumentRoot ${ROOT}\n` + ROWS.map(([ov], i) => `<Directory ${ROOT}/d${i}>\n  AllowOverride ${ov}\n  ${allow(v)}\n</Directory>\n`).join('')
    + `<Directory ${ROOT}/p>\n  AllowOverride Options\n</Directory>\n<Directory ${ROOT}/p/c>\n  AllowOverride All\n  ${allow(v)}\n</Directory>\n`
    + `<Directory ${ROOT}/q>\n  AllowOverride AuthConfig Limit Options\n  AllowOverride All\n  ${allow(v)}\n</Directory>\n`
    + `<Directory ${ROOT}/r>\n  AllowOverride Options\n  AllowOverride Options=MultiViews AuthConfig\n  ${allow(v)}\n</Directory>\n`
    + `<Directory ${ROOT}/w>\n  AllowOverride None\n  AllowOverride All\n  ${allow(v)}\n</Directory>\n`;
  const htaccess = {
    ...Object.fromEntries(ROWS.map(([, line], i) => [`d${i}`, `Options ${line}\n`])), 'p/c': 'Options +MultiViews\n',
    'q/sub': 'Options +SymLinksIfOwnerMatch\n', r: 'Options +MultiViews\n', w: 'Options +SymLinksIfOwnerMatch\n',
  };
  for (const v of ['2.4', '2.2'] as const) {
    const m = modelOf(v, conf(v), htaccess);
    const decide = v === '2.4' ? decide24 : decide22;
    it(`answers as the real server in ${v}`, () => {
      for (const [i, [ov, line, status]] of ROWS.entries()) {
        if (v === '2.2' && ov.includes('Nonfatal')) continue; // 2.4's keyword: 2.2 refuses to start on it
        expect([ov, line, decide(m, get(`d${i}`)).status]).toEqual([ov, line, status]);
      }
    });
    it(`takes the options a deeper AllowOverride All allows, not its parent's Options (${v})`, () => {
      expect(decide(m, get('p/c')).status).toBe(200);
    });
    it(`keeps the options an earlier AllowOverride line of the same section allowed, where a later one names none (${v})`, () => {
      // Real 2.4.68: q/sub 500 ("Option SymLinksIfOwnerMatch not allowed here": All after Options leaves All's options),
      // r 200 (the later Options=MultiViews replaces bare Options), w 200 (no line names Options: every option).
      expect(['q/sub', 'r', 'w'].map((d) => decide(m, get(d)).status)).toEqual([500, 200, 200]);
    });
  }
  it('says which option, as httpd does', () => {
    const m = modelOf('2.4', conf('2.4'), htaccess);
    expect(decide24(m, get('d1')).by).toContain('Option MultiViews not allowed here');
  });
});
