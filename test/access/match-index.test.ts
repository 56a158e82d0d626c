/**
 * applicableScopes looks a request's own directories up by path once a context holds 64 sections
 * or more (match.ts applyingScopes), instead of testing every section. The same configuration with
 * enough extra sections that never apply must give the same sections, in the same order.
 */
import { describe, expect, it } from 'vitest';
import { applicableScopes } from '../../src/access/decide/index.js';
import { type Model, type Request, servedContexts } from '../../src/access/model/index.js';
import { m22, m24, req } from './helpers.js';

const SECTION_LIST = [
  '<Directory />\nRequire all denied\n</Directory>',
  '<Directory /srv/htdocs>\nRequire all granted\n</Directory>',
  '<Directory /srv/htdocs/a>\nRequire ip 10.0.0.0/8\n</Directory>',
  '<Directory /srv/htdocs/a/>\nRequire ip 10.1.0.0/16\n</Directory>',
  '<Directory /srv/htdocs/a/b>\nRequire ip 10.2.0.0/16\n</Directory>',
  '<Directory /srv/htdocs/ab>\nRequire ip 10.3.0.0/16\n</Directory>',
  '<Directory /srv/htdocs/*/b>\nRequire ip 10.4.0.0/16\n</Directory>',
  '<Directory /srv//htdocs/a>\nRequire ip 10.5.0.0/16\n</Directory>',
  '<Directory /srv/htdocs/a/f.html>\nRequire ip 10.6.0.0/16\n</Directory>',
  '<Directory ~ "^/srv/htdocs/a">\nRequire ip 10.7.0.0/16\n</Directory>',
  '<DirectoryMatch "/b$">\nRequire ip 10.8.0.0/16\n</DirectoryMatch>',
  '<Files "*.html">\nRequire ip 10.9.0.0/16\n</Files>',
  '<Directory /srv/htdocs/a>\n<Files f.html>\nRequire ip 10.10.0.0/16\n</Files>\n</Directory>',
  '<Location /a>\nRequire ip 10.11.0.0/16\n</Location>',
  '<Location />\nRequire ip 10.12.0.0/16\n</Location>',
  '<Directory /srv/htdocs/a>\nRequire ip 10.13.0.0/16\n</Directory>',
  // <Files> sections inside a plain directory are looked up with it; inside another, tested one by one.
  '<Directory /srv/htdocs/a/b>\n<FilesMatch "\\.html$">\nRequire ip 10.14.0.0/16\n</FilesMatch>\n</Directory>',
  '<Directory /srv/htdocs/ab>\n<Files *>\nRequire ip 10.15.0.0/16\n</Files>\n</Directory>',
  '<Directory /srv/htdocs/*/b>\n<Files f.html>\nRequire ip 10.16.0.0/16\n</Files>\n</Directory>',
  '<Directory /srv/htdocs/a/>\n<Files ~ "^f">\nRequire ip 10.17.0.0/16\n</Files>\n</Directory>',
  '<Directory />\n<Files g.txt>\nRequire ip 10.18.0.0/16\n</Files>\n</Directory>',
  // <Location> sections with a plain pattern are looked up by the URL's prefixes; with a wildcard, tested one by one.
  '<Location /a/>\nRequire ip 10.19.0.0/16\n</Location>',
  '<Location /a/b>\nRequire ip 10.20.0.0/16\n</Location>',
  '<Location /ab>\nRequire ip 10.21.0.0/16\n</Location>',
  '<Location /a/f.html>\nRequire ip 10.22.0.0/16\n</Location>',
  '<Location /a/b/>\nRequire ip 10.23.0.0/16\n</Location>',
  '<Location /a>\nRequire ip 10.24.0.0/16\n</Location>',
  '<Location /a*>\nRequire ip 10.25.0.0/16\n</Location>',
  '<LocationMatch "^/a/b">\nRequire ip 10.26.0.0/16\n</LocationMatch>',
  '<Location /f>\nRequire ip 10.27.0.0/16\n</Location>',
];
const SECTIONS = SECTION_LIST.join('\n');
/** Sections no request below applies: directories and locations elsewhere (both indexed). */
const PADDING = Array.from({ length: 40 }, (_, i) => `<Directory /elsewhere/d${i}>\nRequire all denied\n<Files *.html>\nRequire all denied\n</Files>\n</Directory>\n<Location /pad${i}>\nRequire all denied\n</Location>`).join('\n');

const REQUESTS: Request[] = [
  req({ path: '/f.html' }),
  req({ path: '/a/f.html' }),
  req({ path: '/a/b/f.html' }),
  req({ path: '/a/b/c/g.txt' }),
  req({ path: '/ab/f.html' }),
  req({ path: '/a', file: '/srv/htdocs/a' }),
  req({ path: '/x/b/f.html' }),
  req({ path: '/a/f.html', file: '/srv//htdocs/a/f.html' }),
  req({ path: '/a/f.html', file: '/srv/htdocs/a/f.html/more' }),
  req({ path: '/p', file: 'proxy:http://backend/p' }),
  req({ path: '/f', file: 'relative/f' }),
  req({ path: '/a/', file: '/srv/htdocs/a/index.html' }),
  req({ path: '/a/b', file: '/srv/htdocs/a/b' }),
  req({ path: '/a/b/', file: '/srv/htdocs/a/b/index.html' }),
  req({ path: '/ab', file: '/srv/htdocs/ab' }),
  req({ path: '/a//b/f.html', file: '/srv/htdocs/a/b/f.html' }),
  req({ path: '/pad1x', file: '/srv/htdocs/pad1x' }),
  // A key met twice ('/' and the path up to its first slash) names its sections once.
  req({ path: '//a/f.html', file: '//srv/htdocs/a/f.html' }),
  req({ path: '//', file: '//' }),
];

const names = (m: Model, r: Request) => applicableScopes(m, r).map((s) => `${s.kind} ${s.pattern} ${s.items.length}`);

describe('applicableScopes with the directory lookup (64 sections or more)', () => {
  for (const [version, build] of [['2.2', m22], ['2.4', m24]] as const) {
    it(`gives the sections testing each one gives, in the same order (${version})`, () => {
      const text = version === '2.2' ? SECTIONS.replace(/Require all denied/g, 'Order deny,allow\nDeny from all').replace(/Require all granted/g, 'Order allow,deny\nAllow from all').replace(/Require ip (\S+)/g, 'Order deny,allow\nDeny from all\nAllow from $1') : SECTIONS;
      const pad = version === '2.2' ? PADDING.replace(/Require all denied/g, 'Order deny,allow\nDeny from all') : PADDING;
      const small = build(text);
      const big = build(`${text}\n${pad}\n`);
      expect(small.scopes.length).toBeLessThan(64);
      expect(big.scopes.length).toBeGreaterThanOrEqual(64);
      for (const r of REQUESTS) expect([r.file, names(big, r)]).toEqual([r.file, names(small, r)]);
      // The lookup is not vacuous: requests below /srv/htdocs/a meet several directories.
      expect(names(big, REQUESTS[2]!).filter((n) => n.startsWith('directory ')).length).toBeGreaterThanOrEqual(4);
      expect(names(big, REQUESTS[2]!).filter((n) => n.startsWith('files')).length).toBeGreaterThanOrEqual(3);
      expect(names(big, REQUESTS[2]!).filter((n) => n.startsWith('location')).length).toBeGreaterThanOrEqual(5);
      // A padding <Location> is found where it applies, below it, and not at a URL that merely starts with its letters.
      const padded = (path: string) => names(big, req({ path, file: `/srv/htdocs${path}` })).filter((n) => n.startsWith('location /pad'));
      expect([padded('/pad1/x'), padded('/pad1'), padded('/pad1x')].map((l) => l.length)).toEqual([1, 1, 0]);
    });
  }
});

describe('applicableScopes with the lookup in a virtual host', () => {
  it('gives the main server\'s sections, then the virtual host\'s, as testing each one does', () => {
    const half = SECTION_LIST.length >> 1;
    const vhost = (body: string) => `<VirtualHost *:80>\nServerName v.test\n${body}\n</VirtualHost>\n`;
    const small = m24(`${SECTION_LIST.slice(0, half).join('\n')}\n${vhost(SECTION_LIST.slice(half).join('\n'))}`);
    const big = m24(`${SECTION_LIST.slice(0, half).join('\n')}\n${PADDING}\n${vhost(`${SECTION_LIST.slice(half).join('\n')}\n${PADDING}`)}`);
    const [key] = servedContexts([big]).filter((v) => v !== '');
    expect(key).toBeDefined();
    expect(servedContexts([small])).toContain(key);
    const mainOnly = big.scopes.filter((s) => s.vhost === '').length;
    expect(mainOnly).toBeGreaterThanOrEqual(64);
    for (const r of REQUESTS.map((q) => ({ ...q, vhost: key! }))) expect([r.file, names(big, r)]).toEqual([r.file, names(small, r)]);
    // Both parts are met: a request below /srv/htdocs/a/b meets sections of the main server and of the virtual host.
    const met = applicableScopes(big, { ...REQUESTS[2]!, vhost: key! });
    expect(new Set(met.map((s) => s.vhost))).toEqual(new Set(['', key]));
  });
});
