import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expandInclude, resolveIncludePattern } from '../../src/project/include.js';

const FIX = resolve(import.meta.dirname, '../../fixtures/_includes');
const rel = (base: string) => (files: string[]) => files.map((f) => f.slice(base.length + 1));

const temps: string[] = [];
function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'httpd-migrate-include-'));
  temps.push(dir);
  return dir;
}
afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

describe('resolveIncludePattern', () => {
  it('takes a relative pattern against the ServerRoot and folds . and ..', () => {
    expect(resolveIncludePattern('conf.d/*.conf', '/etc/httpd')).toBe('/etc/httpd/conf.d/*.conf');
    expect(resolveIncludePattern('./conf/../extra//x.conf', '/srv/root/')).toBe('/srv/root/extra/x.conf');
  });

  it('keeps an absolute pattern as it is', () => {
    expect(resolveIncludePattern('/opt/conf/*.conf', '/etc/httpd')).toBe('/opt/conf/*.conf');
  });
});

describe('expandInclude', () => {
  const globbed = join(FIX, 'globbed');

  it('gives wildcard matches in byte order, skipping dotfiles and non-matches', () => {
    const r = expandInclude(join(globbed, 'conf.d/*.conf'), false);
    expect(rel(globbed)(r.files)).toEqual(['conf.d/B.conf', 'conf.d/a.conf', 'conf.d/b.conf']);
    expect(r.diagnostics).toEqual([]);
  });

  it('includes a matched directory whole, dotfiles and backups too, sorting each level by strcmp', () => {
    const base = join(FIX, 'dirinclude');
    const r = expandInclude(join(base, 'conf.d'), false);
    // `sub` sorts before `sub.conf`, so sub/c.conf comes first although "sub.conf" < "sub/c.conf" as whole paths.
    expect(rel(base)(r.files)).toEqual(['conf.d/.dot.conf', 'conf.d/README', 'conf.d/a.conf', 'conf.d/b.conf~', 'conf.d/sub/c.conf', 'conf.d/sub.conf']);
    const star = expandInclude(join(base, 'conf.d/*'), false);
    expect(rel(base)(star.files)).toEqual(['conf.d/README', 'conf.d/a.conf', 'conf.d/b.conf~', 'conf.d/sub/c.conf', 'conf.d/sub.conf']);
  });

  it('matches a wildcard directory component against directories only, failing for each one without matches', () => {
    const base = join(FIX, 'wilddir');
    const r = expandInclude(join(base, 'sites/*/*.conf'), false);
    expect(rel(base)(r.files)).toEqual(['sites/a/x.conf', 'sites/a/y.conf']);
    expect(r.diagnostics).toEqual([{
      code: 'INCLUDE_NO_MATCH', severity: 'error',
      message: `Include/IncludeOptional: No matches for the wildcard '*.conf' in '${base}/sites/b', failing`,
    }]);
    expect(expandInclude(join(base, 'sites/*/*.conf'), true).diagnostics).toEqual([]);
  });

  it('reports a missing file for Include and ignores it for IncludeOptional', () => {
    const path = join(FIX, 'missing/conf/missing.conf');
    expect(expandInclude(path, false)).toEqual({
      files: [],
      diagnostics: [{ code: 'INCLUDE_NOT_FOUND', severity: 'error', message: `Could not open configuration file ${path}: No such file or directory` }],
      undecodable: [],
    });
    expect(expandInclude(path, true)).toEqual({ files: [], diagnostics: [], undecodable: [] });
  });

  it('reports an empty wildcard and a missing wildcard directory with httpd 2.4 texts', () => {
    const base = join(FIX, 'missing');
    expect(expandInclude(join(base, 'empty/*.conf'), false).diagnostics.map((d) => d.message))
      .toEqual([`Include/IncludeOptional: No matches for the wildcard '*.conf' in '${base}/empty', failing`]);
    expect(expandInclude(join(base, 'nodir/*.conf'), false).diagnostics).toEqual([{
      code: 'INCLUDE_DIR_NOT_FOUND', severity: 'error',
      message: `Include/IncludeOptional: Could not open directory ${base}/nodir: No such file or directory`,
    }]);
    expect(expandInclude(join(base, 'empty/*.conf'), true)).toEqual({ files: [], diagnostics: [], undecodable: [] });
    expect(expandInclude(join(base, 'nodir/*.conf'), true)).toEqual({ files: [], diagnostics: [], undecodable: [] });
  });

  it('does not let a wildcard component match a symlinked directory, but follows one named literally or inside an included directory', () => {
    const t = temp();
    mkdirSync(join(t, 'real'));
    writeFileSync(join(t, 'real/a.conf'), '# a\n');
    symlinkSync(join(t, 'real'), join(t, 'link'));
    mkdirSync(join(t, 'top'));
    symlinkSync(join(t, 'real'), join(t, 'top/linked'));
    expect(rel(t)(expandInclude(join(t, '*/a.conf'), false).files)).toEqual(['real/a.conf']);
    expect(rel(t)(expandInclude(join(t, 'link/a.conf'), false).files)).toEqual(['link/a.conf']);
    expect(rel(t)(expandInclude(join(t, 'link/*.conf'), false).files)).toEqual(['link/a.conf']);
    expect(rel(t)(expandInclude(join(t, 'top'), false).files)).toEqual(['top/linked/a.conf']);
  });

  it('stops a directory include nested deeper than 128 levels', () => {
    const t = temp();
    let deep = join(t, 'root');
    for (let i = 0; i < 127; i++) deep = join(deep, 'd');
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(deep, 'f.conf'), '# f\n');
    expect(expandInclude(join(t, 'root'), false)).toEqual({ files: [join(deep, 'f.conf')], diagnostics: [], undecodable: [] });

    mkdirSync(join(deep, 'd'));
    writeFileSync(join(deep, 'd/g.conf'), '# g\n');
    const r = expandInclude(join(t, 'root'), false);
    expect(r.files).toEqual([join(deep, 'f.conf')]);
    expect(r.diagnostics).toEqual([{
      code: 'INCLUDE_DIR_DEPTH', severity: 'error',
      message: `Include/IncludeOptional: Directory ${join(deep, 'd')} exceeds the maximum include directory nesting level of 128. You have probably a recursion somewhere.`,
    }]);
  });
  it('follows a symlink back to a directory being read once, an error for Include and a warning for IncludeOptional', () => {
    const t = temp();
    mkdirSync(join(t, 'd/sub'), { recursive: true });
    writeFileSync(join(t, 'd/a.conf'), '# a\n');
    symlinkSync('..', join(t, 'd/sub/up'));
    const r = expandInclude(join(t, 'd'), false);
    expect(rel(t)(r.files)).toEqual(['d/a.conf']);
    expect(r.diagnostics.map((p) => [p.code, p.severity])).toEqual([['INCLUDE_DIR_LOOP', 'error']]);
    expect(r.diagnostics[0]!.message).toContain(`${join(t, 'd/sub/up')} leads back to ${join(t, 'd')} through a symbolic link`);
    expect(expandInclude(join(t, 'd'), true).diagnostics.map((p) => [p.code, p.severity])).toEqual([['INCLUDE_DIR_LOOP', 'warning']]);
  });
  it('keeps a trailing slash: a wildcard before it matches directories only, and a file before it is "Not a directory" (found by a helper\'s bug hunt)', () => {
    const t = temp();
    mkdirSync(join(t, 'sites/d1'), { recursive: true });
    writeFileSync(join(t, 'sites/f.conf'), '# f\n');
    writeFileSync(join(t, 'sites/d1/x.conf'), '# x\n');
    expect(resolveIncludePattern('sites/*/', t)).toBe(`${t}/sites/*/`);
    // httpd 2.4 reads only sites/d1/x.conf here; the slash was dropped and sites/f.conf read too.
    expect(rel(t)(expandInclude(resolveIncludePattern('sites/*/', t), false).files)).toEqual(['sites/d1/x.conf']);
    expect(rel(t)(expandInclude(`${t}/sites/d1/`, false).files)).toEqual(['sites/d1/x.conf']);
    expect(expandInclude(resolveIncludePattern('sites/f.conf/', t), false)).toEqual({
      files: [], undecodable: [],
      diagnostics: [{ code: 'INCLUDE_NOT_FOUND', severity: 'error', message: `Could not open configuration file ${t}/sites/f.conf/: Not a directory` }],
    });
    expect(expandInclude(`${t}/*/f.conf/`, false).diagnostics.map((d) => d.message)).toEqual([`Could not open configuration file ${t}/sites/f.conf/: Not a directory`]);
    expect(expandInclude(`${t}/sites/f.conf/`, true)).toEqual({ files: [], diagnostics: [], undecodable: [] });
  });
});
