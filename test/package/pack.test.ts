/**
 * What `npm pack` ships: the built program, its docs and licence, and nothing else (no source maps
 * of sources it does not ship, no dist/bench), with no script that would run when it is installed.
 * The packed program runs on its own: from an unpacked tarball, in a directory that is not the
 * checkout, `--version` prints package.json's version and `check` works.
 *
 * Packs the current build (`npm pack --ignore-scripts`, so the checkout's dist/ is left as it is;
 * a real `npm pack` first rebuilds it through prepack).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

const ROOT = resolve(import.meta.dirname, '../..');
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

/** Every file below `dir` with the given ending, relative to ROOT. */
function sources(dir: string, ending: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ending) && !f.endsWith('.d.ts'))
    .map((f) => relative(ROOT, join(ROOT, dir, f)));
}

const SHIPPED = /^(package\.json|README\.md|LICENSE|bin\/httpd-migrate\.js|bin\/package\.json|docs\/access-control\.md|rules\/[\w-]+\.md|dist\/(src|rules)\/.+\.(js|d\.ts)|dist\/src\/cli\/bundle\.cache)$/;
/** A file or folder of the repository named in a doc, such as `docs/access-control.md`. */
const NAMED = /(?<![\w/.-])(?:bin|dist|docs|fixtures|rules|src|test|scripts|bench)\/[\w./-]*[\w/]/g;

describe('npm pack', () => {
  let files: string[] = [];
  let unpacked = '';

  // Kept for the whole describe (tempDir's go after each test).
  const dir = mkdtempSync(join(tmpdir(), 'httpd-migrate-pack-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(() => {
    const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const [info] = JSON.parse(out) as { filename: string; files: { path: string }[] }[];
    files = info!.files.map((f) => f.path).sort();
    execFileSync('tar', ['-xzf', join(dir, info!.filename), '-C', dir]);
    unpacked = join(dir, 'package');
    symlinkSync(join(ROOT, 'node_modules'), join(unpacked, 'node_modules'));
  }, 60_000);

  it('ships no source map, no bench and no tests', () => {
    expect(files.filter((f) => f.endsWith('.map') || /^(dist\/)?(bench|test)\//.test(f))).toEqual([]);
    const js = files.filter((f) => f.endsWith('.js'));
    expect(js.filter((f) => readFileSync(join(unpacked, f), 'latin1').includes('sourceMappingURL'))).toEqual([]);
  });

  it('ships only the program, its docs and its licence', () => {
    expect(files.filter((f) => !SHIPPED.test(f))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json', 'bin/httpd-migrate.js', 'bin/package.json', 'docs/access-control.md', 'dist/src/cli/bundle.js', 'dist/src/cli/bundle.cache']));
  });

  it('ships the build of every source file and every rule doc', () => {
    const built = [...sources('src', '.ts'), ...sources('rules', '.ts')].map((f) => `dist/${f.replace(/\.ts$/, '.js')}`);
    expect(built.length).toBeGreaterThan(100);
    expect(built.filter((f) => !files.includes(f))).toEqual([]);
    const docs = readdirSync(join(ROOT, 'rules')).filter((f) => f.endsWith('.md')).map((f) => `rules/${f}`);
    expect(docs.filter((f) => !files.includes(f))).toEqual([]);
  });

  it('ships every file its rule docs name', () => {
    const docs = readdirSync(join(ROOT, 'rules')).filter((f) => f.endsWith('.md'));
    const named = docs.flatMap((d) => [...readFileSync(join(ROOT, 'rules', d), 'utf8').matchAll(NAMED)].map((m) => `rules/${d}: ${m[0]}`));
    expect(named.length).toBeGreaterThan(0);
    const shipped = (name: string) => files.includes(name) || (name.endsWith('/') && files.some((f) => f.startsWith(name)));
    expect(named.filter((n) => !shipped(n.slice(n.indexOf(': ') + 2)))).toEqual([]);
  });

  it('has no script that runs when the package is installed', () => {
    const shipped = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    expect(Object.keys(shipped.scripts ?? {}).filter((s) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(s))).toEqual([]);
  });

  it('runs from the unpacked tarball: --version prints package.json\'s version, check reads a 2.2 file', () => {
    const cwd = tempDir();
    // A package.json in the current directory must not be taken for the program's own.
    writeFileSync(join(cwd, 'package.json'), JSON.stringify({ name: PKG.name, version: '99.0.0' }));
    writeFileSync(join(cwd, 'old.conf'), 'NameVirtualHost *:80\n');
    const bin = join(unpacked, 'bin/httpd-migrate.js');
    const version = spawnSync(process.execPath, [bin, '--version'], { cwd, encoding: 'utf8' });
    expect([version.status, version.stdout, version.stderr]).toEqual([0, `${PKG.version}\n`, '']);
    const check = spawnSync(process.execPath, [bin, 'check', 'old.conf'], { cwd, encoding: 'utf8' });
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(/^old\.conf\n {2}1:1 {2}error {2}NameVirtualHost \*:80 is removed.* no-name-virtual-host$/m);
    expect(check.stderr).toBe('');
  });
});

describe('rules', () => {
  it('names no row by a document that is not shipped', async () => {
    const r = await runCli(['rules'], { cwd: tempDir() });
    expect(r.stdout.split('\n').length).toBeGreaterThan(40);
    expect(r.stdout.split('\n').filter((l) => /§|\.\.\/|spec\b|\.md\b/.test(l))).toEqual([]);
  });
});

describe('--version', () => {
  it('prints the version in package.json', async () => {
    const r = await runCli(['--version'], { cwd: tempDir() });
    expect([r.code, r.stdout]).toEqual([0, `${PKG.version}\n`]);
  });
});
