import { beforeAll, describe, expect, it } from 'vitest';
import { compareTrees, formatRows, verifyProjects } from '../../src/access/compare/index.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf, type Project } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';
import { runBatch, WITHOUT_COMPAT, type BatchResult } from '../oracle/harness.js';
import { requireHttpdOrSkip } from '../oracle/httpd.js';

const project = (text: string, version: '2.2' | '2.4'): Project =>
  projectOf([sourceFile('/etc/httpd/httpd.conf', text, { version, display: 'httpd.conf' })]);

const OLD = 'DocumentRoot /srv\n<Directory /srv/admin>\nOrder deny,allow\nDeny from all\nAllow from 10.0.0.0/8\n</Directory>\n';

describe('verifyProjects', () => {
  it('finds no row for a faithful hand migration', () => {
    const r = verifyProjects(project(OLD, '2.2'), project('DocumentRoot /srv\n<Directory /srv/admin>\nRequire ip 10.0.0.0/8\n</Directory>\n', '2.4'));
    expect(r.rows).toEqual([]);
    expect(r.checked).toBeGreaterThan(0);
  });
  it('lists the requests whose outcome differs, in words', () => {
    const r = verifyProjects(project(OLD, '2.2'), project('DocumentRoot /srv\n<Directory /srv/admin>\nRequire local\n</Directory>\n', '2.4'));
    expect(r.rows.length).toBeGreaterThan(0);
    expect(r.rows[0]).toMatchObject({ request: expect.stringMatching(/^GET \/admin\/f\.html from [0-9.]+, no credentials$/), before: expect.stringMatching(/^(200|403) /), after: expect.stringMatching(/^(200|403) /) });
    expect(r.rows.some((row) => row.request.includes('from 10.0.0.0') && row.before.startsWith('200') && row.after.startsWith('403'))).toBe(true);
    expect(formatRows(r.rows).split('\n')[0]).toMatch(/^request\s+before \(2\.2\)\s+after \(2\.4\)$/);
  });
  it('tells an IPv4 rule that covers every IPv4 address from Require all granted (real 2.4.71: ::1 refused by Require ip 0.0.0.0/0.0.0.0)', () => {
    const old = 'DocumentRoot /srv\n<Directory /srv/admin>\nOrder allow,deny\nAllow from 0.0.0.0/0.0.0.0\n</Directory>\n';
    const r = verifyProjects(project(old, '2.2'), project('DocumentRoot /srv\n<Directory /srv/admin>\nRequire all granted\n</Directory>\n', '2.4'));
    expect(r.rows.some((row) => /from [0-9a-f:]+, /.test(row.request) && row.before.startsWith('403') && row.after.startsWith('200'))).toBe(true);
  });
  it('catches the mixed-configuration trap of a hand migration that kept compat lines', () => {
    const neu = 'DocumentRoot /srv\nLoadModule access_compat_module m.so\nLoadModule authz_core_module m.so\nLoadModule authz_host_module m.so\n<Directory /srv>\nRequire all denied\n</Directory>\n<Location /status>\nOrder deny,allow\nDeny from all\nAllow from 127.0.0.1\n</Location>\n';
    const old = 'DocumentRoot /srv\n<Directory /srv>\nOrder deny,allow\nDeny from all\n</Directory>\n<Location /status>\nOrder deny,allow\nDeny from all\nAllow from 127.0.0.1\n</Location>\n';
    const c = compareTrees(project(old, '2.2'), project(neu, '2.4'));
    expect(c.equivalent).toBe(false);
    expect(c.counterexample!.request.ip).toBe('127.0.0.1');
    expect(c.counterexample!.before.status).toBe(200);
    expect(c.counterexample!.after).toEqual({ status: 403, by: 'authz_core' });
  });
});

describe('verifyProjects on loaded trees', () => {
  it('finds the benchmark\'s 2.2 tree and its hand-written 2.4 twin equivalent, includes followed', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { generateTree } = await import('../../bench/generate.js');
    const { loadProject } = await import('../../src/project/load.js');
    const base = mkdtempSync(join(tmpdir(), 'verify-'));
    try {
      const t22 = generateTree(join(base, 'a'), 30, 10, '2.2');
      const t24 = generateTree(join(base, 'b'), 30, 10, '2.4');
      const old = loadProject([t22.main], { htaccess: false });
      const neu = loadProject([t24.main], { htaccess: false, version: '2.4' });
      expect(old.includes.length).toBeGreaterThan(0);
      // The two trees live in different directories: compare them at the same paths.
      const r = verifyProjects(old, relocate(neu, join(base, 'b'), join(base, 'a')));
      expect(r.gaps).toEqual([]);
      expect(r.rows).toEqual([]);
      expect(r.checked).toBeGreaterThan(30);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});

/** The same project with every path under `from` rewritten to `to` (the files' texts too). */
function relocate(p: Project, from: string, to: string): Project {
  const files = p.files.map((f) => ({ ...f, path: f.path.replace(from, to), ast: parse(f.ast.text.replaceAll(from, to), f.path.replace(from, to), { version: '2.4' }) }));
  const byOld = new Map(p.files.map((f, i) => [f.ast, files[i]!.ast]));
  const includes = p.includes.map((s) => {
    const fromAst = p.byPath.get(s.from)!.ast;
    const idx = fromAst.children.indexOf(s.directive as never);
    const newAst = byOld.get(fromAst)!;
    return { ...s, from: s.from.replace(from, to), files: s.files.map((x) => x.replace(from, to)), directive: (newAst.children[idx] ?? s.directive) as typeof s.directive };
  });
  return { ...projectOf(files), includes };
}

/**
 * The hand migration prefer-require.md gives for a <Directory> with Satisfy Any under a <Location> with Require (the
 * pattern of FreeIPA's ipa.conf): a <Location> for the URL that reaches the directory is faithful; AuthMerging Or in
 * the outer <Location> is not, since it ORs with the DocumentRoot's Require all granted. The same answers on the real 2.4.71.
 */
describe('the documented hand migration of Satisfy Any across a <Directory> and a <Location>', () => {
  const head = 'DocumentRoot /srv\nAlias /app/public /opt/public\n';
  const auth = 'AuthType Basic\nAuthName app\nAuthUserFile /etc/pw\n';
  const old = `${head}<Directory /srv>\nOrder allow,deny\nAllow from all\n</Directory>\n<Location /app>\n${auth}Require valid-user\n</Location>\n<Directory /opt/public>\nSatisfy Any\nAllow from all\n</Directory>\n`;
  const base = `${head}<Directory /srv>\nRequire all granted\n</Directory>\n<Location /app>\n${auth}@MERGING@Require valid-user\n</Location>\n@PUBLIC@<Directory /opt/public>\nRequire all granted\n</Directory>\n`;
  const perUrl = base.replace('@MERGING@', '').replace('@PUBLIC@', '<Location /app/public>\nRequire all granted\n</Location>\n');
  const merging = base.replace('@MERGING@', 'AuthMerging Or\n').replace('@PUBLIC@', '');

  it('finds a <Location> for each URL faithful, and AuthMerging Or opening the rest of the <Location>', () => {
    expect(verifyProjects(project(old, '2.2'), project(perUrl, '2.4')).rows).toEqual([]);
    const rows = verifyProjects(project(old, '2.2'), project(merging, '2.4')).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([row.path, row.before, row.after]).toEqual(['/app', expect.stringMatching(/^401 /), expect.stringMatching(/^200 /)]);
  });
});

const oracle = requireHttpdOrSkip();

describe.skipIf(oracle.skip)('the two hand migrations on the real httpd 2.4 without mod_access_compat', () => {
  let result: BatchResult;
  beforeAll(async () => {
    const tree = (merging: boolean) => `<Directory "@DIR@">\nRequire all granted\n</Directory>\n`
      + `<Location @LOC@/app>\nAuthType Basic\nAuthName app\nAuthUserFile "@HTPASSWD@"\n${merging ? 'AuthMerging Or\n' : ''}Require valid-user\n</Location>\n`
      + (merging ? '' : '<Location @LOC@/app/public>\nRequire all granted\n</Location>\n')
      + 'Alias @LOC@/app/public "@DIR@/app/public"\n<Directory "@DIR@/app/public">\nRequire all granted\n</Directory>\n';
    const requests = [
      { path: '/app/public/f.html', from: '127.0.0.1' },
      { path: '/app/f.html', from: '127.0.0.1' },
      { path: '/app/f.html', from: '127.0.0.1', user: 'bob', pass: 'pw' },
    ];
    result = await runBatch({ modules: WITHOUT_COMPAT, users: { bob: 'pw' }, scenarios: [false, true].map((m) => ({ config: tree(m), requests })) });
  }, 120_000);

  it('answers as 2.2 did with a <Location> for the URL, and lets everyone into /app with AuthMerging Or', () => {
    expect(result.startError ?? '').toBe('');
    expect(result.scenarios.map((s) => s.results.map((r) => r.status))).toEqual([[200, 401, 200], [200, 200, 200]]);
  });
});
