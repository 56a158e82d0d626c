import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/project/load.js';
import { tempDir } from '../helpers/tmp.js';
import { diags, FIX, shown, sites, useTemp } from './util.js';

const temp = useTemp();
const load = (entry: string, options: Parameters<typeof loadProject>[1] = {}) => loadProject([entry], { cwd: FIX, ...options });

describe('loadProject: following Include', () => {
  it('reads wildcard matches in byte order after the including file, each parsed from its bytes', () => {
    const p = load('globbed/httpd.conf');
    expect(shown(p)).toEqual(['globbed/httpd.conf', 'globbed/conf.d/B.conf', 'globbed/conf.d/a.conf', 'globbed/conf.d/b.conf']);
    expect(p.diagnostics).toEqual([]);
    expect(p.files.map((f) => f.kind)).toEqual(['conf', 'conf', 'conf', 'conf']);
    expect(p.files[0]!.path).toBe(join(FIX, 'globbed/httpd.conf'));
    expect(p.files[2]!.ast.text).toBe(readFileSync(join(FIX, 'globbed/conf.d/a.conf'), 'latin1'));
    expect(p.byPath.get(join(FIX, 'globbed/conf.d/B.conf'))).toBe(p.files[1]);
    expect(p.includes).toHaveLength(1);
    expect(p.includes[0]).toMatchObject({
      from: join(FIX, 'globbed/httpd.conf'), optional: false, pattern: join(FIX, 'globbed/conf.d/*.conf'), serverRoot: join(FIX, 'globbed'), context: [],
    });
    expect(p.includes[0]!.directive.name).toBe('Include');
    expect(p.serverRoot).toBe(join(FIX, 'globbed'));
    expect(p.entries).toEqual([join(FIX, 'globbed/httpd.conf')]);
  });

  it('follows Include inside sections and conditionals depth-first, recording the enclosing sections', () => {
    const p = load('nested/httpd.conf');
    expect(shown(p)).toEqual([
      'nested/httpd.conf', 'nested/conf/main.conf', 'nested/conf/dir-access.conf', 'nested/conf/vhosts/ssl.conf', 'nested/conf/vhosts/ssl-extra.conf',
    ]);
    expect(sites(p)).toEqual([
      { at: 'nested/httpd.conf:2', context: [], files: ['nested/conf/main.conf'] },
      { at: 'nested/conf/main.conf:2', context: ['directory'], files: ['nested/conf/dir-access.conf'] },
      { at: 'nested/httpd.conf:5', context: ['ifmodule', 'virtualhost'], files: ['nested/conf/vhosts/ssl.conf'] },
      { at: 'nested/conf/vhosts/ssl.conf:2', context: ['ifmodule', 'virtualhost', 'ifdefine'], files: ['nested/conf/vhosts/ssl-extra.conf'] },
    ]);
  });

  it('warns, rather than errs, about a missing file whose Include line httpd reads only when a condition holds', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'httpd.conf'), '<IfModule mod_ssl.c>\nInclude conf/missing.conf\n</IfModule>\n<IfDefine SSL>\nInclude empty/*.conf\n</IfDefine>\n');
    mkdirSync(join(dir, 'empty'));
    const p = loadProject([join(dir, 'httpd.conf')], { cwd: dir });
    expect(p.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ['INCLUDE_NOT_FOUND', 'warning', `httpd refuses to start on this line whenever the conditional section around it (<IfModule>, <IfDefine>…) holds: "Could not open configuration file ${dir}/conf/missing.conf: No such file or directory".`],
      ['INCLUDE_NO_MATCH', 'warning', `httpd refuses to start on this line whenever the conditional section around it (<IfModule>, <IfDefine>…) holds: "Include/IncludeOptional: No matches for the wildcard '*.conf' in '${dir}/empty', failing". httpd 2.2 silently included nothing here; write IncludeOptional if the pattern may match nothing.`],
    ]);
  });

  it('reports what httpd 2.4 refuses at the Include line and tolerates what IncludeOptional allows', () => {
    const p = load('missing/httpd.conf');
    const base = join(FIX, 'missing');
    expect(shown(p)).toEqual(['missing/httpd.conf', 'missing/present.conf']);
    expect(diags(p)).toEqual([
      {
        at: 'missing/httpd.conf:1', code: 'INCLUDE_NOT_FOUND', severity: 'error', text: 'Include conf/missing.conf',
        message: `httpd refuses to start on this line: "Could not open configuration file ${base}/conf/missing.conf: No such file or directory".`,
      },
      {
        at: 'missing/httpd.conf:3', code: 'INCLUDE_DIR_NOT_FOUND', severity: 'error', text: 'Include nodir/*.conf',
        message: `httpd refuses to start on this line: "Include/IncludeOptional: Could not open directory ${base}/nodir: No such file or directory".`,
      },
      {
        at: 'missing/httpd.conf:5', code: 'INCLUDE_NO_MATCH', severity: 'error', text: 'Include empty/*.conf',
        message: `httpd 2.4 refuses to start on this line: "Include/IncludeOptional: No matches for the wildcard '*.conf' in '${base}/empty', failing". `
          + 'httpd 2.2 silently included nothing here; write IncludeOptional if the pattern may match nothing.',
      },
      {
        at: 'missing/httpd.conf:7', code: 'INCLUDE_VARIABLE', severity: 'warning', text: 'Include ${APACHE_CONFDIR}/ports.conf',
        message: "Include '${APACHE_CONFDIR}/ports.conf' uses a variable that is only known when httpd starts, so it was not followed.",
      },
      {
        at: 'missing/httpd.conf:8', code: 'INCLUDE_ARGS', severity: 'error', text: 'Include two words.conf',
        message: 'httpd refuses to start on this line: "Include takes one argument, Name(s) of the config file(s) to be included; fails if the wildcard does not match at least one file".',
      },
    ]);
    expect(sites(p).map((s) => [s.at, s.files])).toEqual([
      ['missing/httpd.conf:1', []], ['missing/httpd.conf:2', []], ['missing/httpd.conf:3', []], ['missing/httpd.conf:4', []],
      ['missing/httpd.conf:5', []], ['missing/httpd.conf:6', []], ['missing/httpd.conf:9', ['missing/present.conf']],
    ]);
    expect(p.includes.map((s) => s.optional)).toEqual([false, true, false, true, false, true, false]);
  });

  it('matches a wildcard directory component against directories only and fails for one without matches', () => {
    const p = load('wilddir/httpd.conf');
    expect(shown(p)).toEqual(['wilddir/httpd.conf', 'wilddir/sites/a/x.conf', 'wilddir/sites/a/y.conf']);
    expect(diags(p).map((d) => [d.at, d.code])).toEqual([['wilddir/httpd.conf:1', 'INCLUDE_NO_MATCH']]);
    expect(p.diagnostics[0]!.message).toBe(`httpd 2.4 refuses to start on this line: "Include/IncludeOptional: No matches for the wildcard '*.conf' in '${FIX}/wilddir/sites/b', failing". `
      + `httpd 2.2 refused this line too ("Wildcard patterns not allowed in Include ${FIX}/wilddir/sites/*/*.conf"): it allowed a wildcard only in the last path component; `
      + 'write IncludeOptional if the pattern may match nothing.');
  });

  it('includes a directory whole: dotfiles, backups and subdirectories, each level in strcmp order', () => {
    expect(shown(load('dirinclude/httpd.conf'))).toEqual([
      'dirinclude/httpd.conf', 'dirinclude/conf.d/.dot.conf', 'dirinclude/conf.d/README', 'dirinclude/conf.d/a.conf',
      'dirinclude/conf.d/b.conf~', 'dirinclude/conf.d/sub/c.conf', 'dirinclude/conf.d/sub.conf',
    ]);
  });

  it('stops include cycles with an error naming the chain, still recording the site', () => {
    const p = load('cycle/httpd.conf');
    expect(shown(p)).toEqual(['cycle/httpd.conf', 'cycle/a.conf', 'cycle/b.conf', 'cycle/self.conf']);
    expect(diags(p).map((d) => [d.at, d.code, d.text])).toEqual([
      ['cycle/b.conf:2', 'INCLUDE_CYCLE', 'Include a.conf'],
      ['cycle/self.conf:1', 'INCLUDE_CYCLE', 'Include self.conf'],
    ]);
    expect(p.diagnostics[0]!.message).toBe('Include cycle: cycle/a.conf → cycle/b.conf → cycle/a.conf. '
      + 'httpd would give up with "Exceeded maximum include depth of 128, There appears to be a recursion." The file was not read again.');
    expect(p.diagnostics[1]!.message).toMatch(/^Include cycle: cycle\/self\.conf → cycle\/self\.conf\. /);
    expect(sites(p).map((s) => [s.at, s.files])).toEqual([
      ['cycle/httpd.conf:1', ['cycle/a.conf']], ['cycle/a.conf:2', ['cycle/b.conf']], ['cycle/b.conf:2', ['cycle/a.conf']],
      ['cycle/b.conf:3', ['cycle/self.conf']], ['cycle/self.conf:1', ['cycle/self.conf']],
    ]);
  });

  it('parses a file included from two contexts once and records both sites', () => {
    const p = load('twice/httpd.conf');
    expect(shown(p)).toEqual(['twice/httpd.conf', 'twice/common.conf']);
    expect(sites(p)).toEqual([
      { at: 'twice/httpd.conf:2', context: ['virtualhost'], files: ['twice/common.conf'] },
      { at: 'twice/httpd.conf:6', context: ['virtualhost', 'location'], files: ['twice/common.conf'] },
      { at: 'twice/httpd.conf:9', context: [], files: ['twice/common.conf'] },
    ]);
  });

  it('resolves each Include against the ServerRoot read last, across files, as httpd 2.4 run from that directory does', () => {
    const base = join(FIX, 'serverroot');
    const p = loadProject(['httpd.conf'], { cwd: base });
    // apache2 -t -DDUMP_INCLUDES (2.4.71, started in serverroot/, without line 6) reads these four in this order.
    expect(shown(p)).toEqual(['httpd.conf', 'first.conf', 'alt/second.conf', 'alt2/third.conf', 'alt2/fourth.conf']);
    expect(p.includes.map((s) => s.serverRoot)).toEqual([base, `${base}/alt`, `${base}/alt2`, `${base}/alt2`]);
    expect(p.includes.map((s) => s.pattern)).toEqual([`${base}/first.conf`, `${base}/alt/second.conf`, `${base}/alt2/third.conf`, `${base}/alt2/fourth.conf`]);
    expect(diags(p).map((d) => [d.at, d.code, d.severity, d.text])).toEqual([['httpd.conf:6', 'SERVER_ROOT_MISSING', 'warning', 'ServerRoot /nonexistent/server/root']]);
    expect(p.diagnostics[0]!.message).toContain("ServerRoot '/nonexistent/server/root' is not a directory here");
    expect(p.serverRoot).toBe(`${base}/alt2`);
  });

  it('takes a relative ServerRoot against the working directory, not the previous ServerRoot', () => {
    const p = load('serverroot/httpd.conf');
    expect(diags(p).map((d) => [d.at, d.code, d.text])).toEqual([
      ['serverroot/httpd.conf:3', 'SERVER_ROOT_MISSING', 'ServerRoot alt'],
      ['serverroot/httpd.conf:4', 'INCLUDE_NOT_FOUND', 'Include second.conf'],
      ['serverroot/httpd.conf:6', 'SERVER_ROOT_MISSING', 'ServerRoot /nonexistent/server/root'],
      ['serverroot/httpd.conf:7', 'INCLUDE_NOT_FOUND', 'Include fourth.conf'],
    ]);
    expect(shown(p)).toEqual(['serverroot/httpd.conf', 'serverroot/first.conf', 'serverroot/third.conf']);
  });

  it('starts from options.serverRoot, as httpd -d does', () => {
    const p = load('globbed/httpd.conf', { serverRoot: 'dirinclude' });
    expect(shown(p)).toEqual(['globbed/httpd.conf', 'dirinclude/conf.d/a.conf', 'dirinclude/conf.d/sub.conf']);
    expect(p.serverRoot).toBe(join(FIX, 'dirinclude'));
  });

  it('refuses the 129th nested Include with httpd\'s depth error and reads up to it', () => {
    const t = temp();
    const chain = (n: number) => {
      writeFileSync(join(t, 'main.conf'), 'Include f1.conf\n');
      for (let i = 1; i <= n; i++) writeFileSync(join(t, `f${i}.conf`), i < n ? `# ${i}\nInclude f${i + 1}.conf\n` : '# last\n');
    };
    chain(128);
    const ok = loadProject([join(t, 'main.conf')], { cwd: t });
    expect(ok.files).toHaveLength(129);
    expect(ok.diagnostics).toEqual([]);

    chain(130);
    const p = loadProject([join(t, 'main.conf')], { cwd: t });
    expect(shown(p)).toEqual(['main.conf', ...Array.from({ length: 128 }, (_, i) => `f${i + 1}.conf`)]);
    expect(diags(p).map((d) => [d.at, d.code, d.text])).toEqual([['f128.conf:2', 'INCLUDE_DEPTH', 'Include f129.conf']]);
    expect(p.diagnostics[0]!.message).toContain('Exceeded maximum include depth of 128');
  });

  it('reads a file reached through a symlink and by its own path once, keeping the first path', () => {
    const t = temp();
    mkdirSync(join(t, 'sites-available'));
    mkdirSync(join(t, 'sites-enabled'));
    writeFileSync(join(t, 'sites-available/000-default.conf'), '<VirtualHost *:80>\n</VirtualHost>\n');
    symlinkSync('../sites-available/000-default.conf', join(t, 'sites-enabled/000-default.conf'));
    writeFileSync(join(t, 'apache2.conf'), 'IncludeOptional sites-enabled/*.conf\nInclude sites-available/000-default.conf\n');
    const p = loadProject([join(t, 'apache2.conf')], { cwd: t });
    expect(shown(p)).toEqual(['apache2.conf', 'sites-enabled/000-default.conf']);
    expect(p.files[1]!.path).toBe(join(t, 'sites-enabled/000-default.conf'));
    expect(sites(p).map((s) => s.files)).toEqual([['sites-enabled/000-default.conf'], ['sites-enabled/000-default.conf']]);
  });

  it('follows a UTF-8 file name written in the configuration', () => {
    const t = temp();
    writeFileSync(join(t, 'main.conf'), Buffer.from('Include "caf\u00e9.conf"\n', 'utf8'));
    writeFileSync(join(t, 'caf\u00e9.conf'), '# found\n');
    expect(shown(loadProject([join(t, 'main.conf')], { cwd: t }))).toEqual(['main.conf', 'caf\u00e9.conf']);
  });

  it('records nothing and reads no included file when followIncludes is false', () => {
    const p = load('nested/httpd.conf', { followIncludes: false });
    expect(shown(p)).toEqual(['nested/httpd.conf']);
    expect(p.includes).toEqual([]);
  });
});

describe('an explicit server root', () => {
  it('wins over the ServerRoot line of the file, so a copied tree never reads the live one', () => {
    const live = tempDir();
    const copy = tempDir();
    for (const root of [live, copy]) {
      mkdirSync(join(root, 'conf.d'));
      writeFileSync(join(root, 'conf.d', 'x.conf'), 'Listen 1\n');
    }
    writeFileSync(join(copy, 'httpd.conf'), `ServerRoot "${live}"\nInclude conf.d/*.conf\n`);
    const p = loadProject([join(copy, 'httpd.conf')], { serverRoot: copy, htaccess: false });
    expect(p.files.map((f) => f.path)).toEqual([join(copy, 'httpd.conf'), join(copy, 'conf.d', 'x.conf')]);
    expect(p.serverRoot).toBe(copy);
    expect(p.diagnostics).toEqual([]);
  });
});
