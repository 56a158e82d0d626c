import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/project/load.js';
import { readFileSync } from 'node:fs';
import { runCli } from '../helpers/cli.js';
import { diags, FIX, shown, useTemp } from './util.js';

const temp = useTemp();
const load = (entries: string[], options: Parameters<typeof loadProject>[1] = {}) => loadProject(entries, { cwd: FIX, ...options });

describe('loadProject: .htaccess discovery', () => {
  it('finds .htaccess files below DocumentRoot and literal <Directory> paths, skipping AllowOverride None', () => {
    // Relative <Directory> paths are taken against the working directory, as httpd does, so run from the tree.
    const p = loadProject(['httpd.conf'], { cwd: join(FIX, 'htaccess') });
    expect(shown(p)).toEqual(['httpd.conf', 'htdocs/.htaccess', 'htdocs/sub/.htaccess', 'htdocs/sub/deeper/.htaccess', 'private/.htaccess']);
    expect(p.files.map((f) => f.kind)).toEqual(['conf', 'htaccess', 'htaccess', 'htaccess', 'htaccess']);
    expect(diags(p)).toEqual([{
      at: 'htdocs/sub/.htaccess:2', code: 'INCLUDE_IN_HTACCESS', severity: 'error', text: 'Include ../../evil.conf',
      message: 'Include is not allowed in .htaccess files: httpd answers every request below this directory with 500 and logs "Include not allowed here". The line was not followed.',
    }]);
    expect(p.includes).toEqual([]);
  });

  it('finds .htaccess files below Alias and ScriptAlias targets (found by a helper\'s bug hunt)', () => {
    // An Alias target no <Directory> names: 2.2 read its .htaccess (AllowOverride All by default), and
    // the tool never looked there, so it said nothing while the real 2.4 answered 500 below it.
    const t = temp();
    for (const d of ['htdocs', 'other/sub', 'cgi', 'vhost-alias']) mkdirSync(join(t, d), { recursive: true });
    for (const d of ['other/sub', 'cgi', 'vhost-alias']) writeFileSync(join(t, d, '.htaccess'), 'Order deny,allow\nDeny from all\n');
    writeFileSync(join(t, 'robots.txt'), 'x\n');
    writeFileSync(join(t, 'httpd.conf'), `ServerRoot "${t}"\nDocumentRoot "${t}/htdocs"\nAlias /o "${t}/other"\nScriptAlias /cgi-bin/ "${t}/cgi/"\n`
      + `Alias /robots.txt "${t}/robots.txt"\nAlias /rel relative/dir\n<VirtualHost *:80>\n    Alias /v "${t}/vhost-alias"\n</VirtualHost>\n`);
    const p = loadProject(['httpd.conf'], { cwd: t });
    expect(shown(p)).toEqual(['httpd.conf', 'other/sub/.htaccess', 'cgi/.htaccess', 'vhost-alias/.htaccess']);
    expect(p.files.map((f) => f.kind)).toEqual(['conf', 'htaccess', 'htaccess', 'htaccess']);
  });

  it('finds the .htaccess files above a DocumentRoot and an Alias target, and beside an Alias to a file, where overrides apply (found by a helper\'s bug hunt)', () => {
    // httpd's directory walk opens the access file of every directory from / down; the tool looked only below
    // the DocumentRoot and the Alias targets that are directories, and after write the real 2.4 answered 500.
    const t = temp();
    for (const d of ['conf', 'site/public', 'files', 'aliased/dir', 'off/public']) mkdirSync(join(t, d), { recursive: true });
    for (const d of ['.', 'site', 'site/public', 'files', 'aliased', 'off']) writeFileSync(join(t, d, '.htaccess'), 'Order deny,allow\nDeny from all\n');
    writeFileSync(join(t, 'files/robots.txt'), 'x\n');
    writeFileSync(join(t, 'conf/httpd.conf'), `ServerRoot "${t}"\nDocumentRoot "${t}/site/public"\nAlias /robots.txt "${t}/files/robots.txt"\n`
      + `Alias /d "${t}/aliased/dir"\n<Directory />\n    AllowOverride All\n</Directory>\n<Directory "${t}/off">\n    AllowOverride None\n</Directory>\n`
      + `<VirtualHost *:80>\n    DocumentRoot "${t}/off/public"\n</VirtualHost>\n`);
    expect(shown(loadProject(['conf/httpd.conf'], { cwd: t }))).toEqual([
      'conf/httpd.conf', '.htaccess', 'site/.htaccess', 'files/.htaccess', 'aliased/.htaccess', 'site/public/.htaccess',
    ]);
  });

  it('warns at a DocumentRoot or Alias whose target holds a ${NAME}: the .htaccess files there were not looked for (found by a helper\'s bug hunt)', () => {
    // 2.2 takes the value from the environment it starts with (Debian's envvars); the tool said nothing, and the
    // .htaccess files there kept their Order/Allow lines.
    const t = temp();
    writeFileSync(join(t, 'httpd.conf'), `ServerRoot "${t}"\nDocumentRoot \${DOCROOT}\n<VirtualHost *:80>\n    Alias /a "\${DOCROOT}/a"\n</VirtualHost>\n`);
    expect(diags(loadProject(['httpd.conf'], { cwd: t })).map((d) => [d.at, d.code, d.severity, d.text, d.message])).toEqual([
      ['httpd.conf:2', 'HTACCESS_VARIABLE', 'warning', 'DocumentRoot ${DOCROOT}',
        "DocumentRoot '${DOCROOT}' uses a variable that is only known when httpd starts, so the .htaccess files below it were not looked for; name them on the command line (httpd-migrate write <main file> <dir>/.htaccess…) to migrate them."],
      ['httpd.conf:4', 'HTACCESS_VARIABLE', 'warning', 'Alias /a "${DOCROOT}/a"',
        "Alias '${DOCROOT}/a' uses a variable that is only known when httpd starts, so the .htaccess files below it were not looked for; name them on the command line (httpd-migrate write <main file> <dir>/.htaccess…) to migrate them."],
    ]);
  });

  it('reads AllowOverride words left to right as httpd does: None Limit grants Limit, Limit None nothing (found by a helper\'s bug hunt)', async () => {
    // httpd's set_override lets a later category add to an earlier None; the tool read the first word only,
    // skipped this .htaccess, and after write the real 2.4 answered 500 ("Invalid command 'Order'").
    const t = temp();
    mkdirSync(join(t, 'htdocs/sub'), { recursive: true });
    mkdirSync(join(t, 'off/sub'), { recursive: true });
    writeFileSync(join(t, 'htdocs/sub/.htaccess'), 'Order deny,allow\nDeny from all\n');
    writeFileSync(join(t, 'off/sub/.htaccess'), 'Order deny,allow\nDeny from all\n');
    writeFileSync(join(t, 'httpd.conf'), `ServerRoot "${t}"\nDocumentRoot "${t}/htdocs"\n<Directory />\n    AllowOverride None\n</Directory>\n`
      + `<Directory "${t}/htdocs">\n    AllowOverride None Limit\n    Order allow,deny\n    Allow from all\n</Directory>\n`
      + `<Directory "${t}/off">\n    AllowOverride Limit None\n</Directory>\n`);
    expect(shown(loadProject(['httpd.conf'], { cwd: t }))).toEqual(['httpd.conf', 'htdocs/sub/.htaccess']);
    const r = await runCli(['write', 'httpd.conf'], { cwd: t });
    expect(r.stderr).toBe('');
    expect(readFileSync(join(t, 'htdocs/sub/.htaccess'), 'utf8')).toBe('Require all denied\n');
    expect(readFileSync(join(t, 'httpd.conf'), 'utf8')).toContain('    AllowOverride None Limit AuthConfig\n');
  });

  it('finds .htaccess files below UserDir and AliasMatch targets, from the fixed part before * or $n, and warns for home directories (found by a helper\'s bug hunt)', () => {
    // httpd reads them (2.2 under its default AllowOverride All); the tool never looked, and after write the real 2.4 answered 500 there.
    const t = temp();
    const dirs = ['home/alice/public_html', 'sites/s1/sub', 'cgi/c1', 'manual', 'manual-en', 'other'];
    for (const d of dirs) mkdirSync(join(t, d), { recursive: true });
    for (const d of dirs) writeFileSync(join(t, d, '.htaccess'), 'Order deny,allow\nDeny from all\n');
    writeFileSync(join(t, 'httpd.conf'), `ServerRoot "${t}"\nUserDir ${t}/home/*/public_html\nAliasMatch ^/site/([a-z0-9]+)/(.*) ${t}/sites/$1/$2\n`
      + `<VirtualHost *:80>\n    ScriptAliasMatch ^/cgi/(.*) "${t}/cgi/$1"\n</VirtualHost>\nUserDir public_html\nAliasMatch ^/x/(.*) /elsewhere/$1\n`
      + `AliasMatch ^/manual(/.*)?$ ${t}/manual$1\n`);
    const p = loadProject(['httpd.conf'], { cwd: t });
    // manual$1 leads to manual and manual-en (names that begin with "manual"), not to the rest of the ServerRoot.
    expect(shown(p)).toEqual(['httpd.conf', 'home/alice/public_html/.htaccess', 'sites/s1/sub/.htaccess', 'cgi/c1/.htaccess', 'manual/.htaccess', 'manual-en/.htaccess']);
    expect(diags(p).map((d) => [d.at, d.code, d.severity])).toEqual([['httpd.conf:7', 'USERDIR_HOMES', 'warning']]);
    expect(diags(p)[0]!.message).toMatch(/^\.htaccess files in the users' home directories this UserDir serves were looked for only below directories the configuration names \(a <Directory \/home\/\*\/public_html>, say\): .*~\/public_html\/\.htaccess/);
    // A target outside the tree gets the same finding as any other directory httpd serves from there.
    const outside = temp();
    mkdirSync(join(outside, 'conf'));
    writeFileSync(join(outside, 'conf/httpd.conf'), `AliasMatch ^/site/(.*) ${t}/sites/$1\n`);
    expect(diags(loadProject(['conf/httpd.conf'], { cwd: outside, serverRoot: join(outside, 'conf') })).map((d) => [d.code, d.message]))
      .toEqual([['HTACCESS_OUTSIDE_TREE', `${t}/sites is outside the tree (conf), so its .htaccess files were not looked for; add --root ${t}/sites to migrate them.`]]);
  });

  it('takes a relative DocumentRoot against the last ServerRoot, which httpd has read before it sets DocumentRoot (found by a helper\'s bug hunt)', () => {
    const t = temp();
    for (const d of ['a/conf', 'a/htdocs/sub', 'b/htdocs/sub']) mkdirSync(join(t, d), { recursive: true });
    for (const d of ['a', 'b']) writeFileSync(join(t, d, 'htdocs/sub/.htaccess'), 'Order deny,allow\nDeny from all\n');
    // ServerRoot is read as it stands (EXEC_ON_READ), DocumentRoot only once all is read: real 2.4 (-S) serves b/htdocs.
    writeFileSync(join(t, 'a/conf/httpd.conf'), `ServerRoot "${t}/a"\nDocumentRoot htdocs\nServerRoot "${t}/b"\n`);
    expect(shown(loadProject(['a/conf/httpd.conf'], { cwd: t }))).toEqual(['a/conf/httpd.conf', 'b/htdocs/sub/.htaccess']);
  });

  it('warns at a ServerRoot inside a conditional section, which httpd applies only when its test holds (found by a helper\'s bug hunt)', () => {
    const t = temp();
    for (const d of ['a/conf', 'b']) mkdirSync(join(t, d), { recursive: true });
    writeFileSync(join(t, 'a/conf/httpd.conf'), `ServerRoot "${t}/a"\n<IfDefine NEVER_DEFINED>\nServerRoot "${t}/b"\n</IfDefine>\nServerName localhost\n`);
    expect(diags(loadProject(['a/conf/httpd.conf'], { cwd: t })).map((d) => [d.at, d.code, d.severity, d.message])).toEqual([[
      'a/conf/httpd.conf:3', 'SERVER_ROOT_CONDITIONAL', 'warning',
      `httpd applies this ServerRoot only when the conditional section around it holds: that is known when it starts (<IfDefine> names, <IfModule>…). Relative paths below were taken against '${t}/b' as if it holds, where httpd may keep '${t}/a'; pass the ServerRoot explicitly (--server-root) to choose.`,
    ]]);
  });

  it('looks for nothing when htaccess is false', () => {
    expect(shown(loadProject(['httpd.conf'], { cwd: join(FIX, 'htaccess'), htaccess: false }))).toEqual(['httpd.conf']);
  });

  it('takes DocumentRoot against the ServerRoot but <Directory> against the working directory', () => {
    expect(shown(load(['htaccess/httpd.conf']))).toEqual([
      'htaccess/httpd.conf', 'htaccess/htdocs/.htaccess', 'htaccess/htdocs/off/.htaccess', 'htaccess/htdocs/sub/.htaccess', 'htaccess/htdocs/sub/deeper/.htaccess',
    ]);
  });

  it('reads only the first AccessFileName that exists in each directory', () => {
    expect(shown(load(['access-names/httpd.conf']))).toEqual([
      'access-names/httpd.conf', 'access-names/www/.acl', 'access-names/www/a/.htaccess', 'access-names/www/b/.acl',
    ]);
  });

  it('follows a symlinked directory inside the tree, at the link\'s path and once per target, reports one leading out of it, and never searches the filesystem root', () => {
    const t = temp();
    const away = temp();
    mkdirSync(join(t, 'www/real'), { recursive: true });
    mkdirSync(join(t, 'elsewhere'));
    writeFileSync(join(t, 'www/real/.htaccess'), 'Deny from all\n');
    writeFileSync(join(t, 'elsewhere/.htaccess'), 'Deny from all\n');
    writeFileSync(join(away, '.htaccess'), 'Deny from all\n');
    symlinkSync(join(t, 'elsewhere'), join(t, 'www/link'));
    symlinkSync(join(t, 'elsewhere'), join(t, 'www/link2'));
    symlinkSync('..', join(t, 'www/real/up'));
    symlinkSync(away, join(t, 'www/away'));
    writeFileSync(join(t, 'httpd.conf'), `DocumentRoot www\n<Directory />\n    AllowOverride All\n</Directory>\n`);
    const p = loadProject([join(t, 'httpd.conf')], { cwd: t });
    // httpd reads www/link/.htaccess for /link/ under FollowSymLinks (2.4's default), so it is migrated; www/link2 leads to
    // the same directory and www/real/up back up, so neither is walked again.
    expect(shown(p)).toEqual(['httpd.conf', 'www/link/.htaccess', 'www/real/.htaccess']);
    expect(p.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['HTACCESS_SKIPPED', '.htaccess files below / were not looked for: it is the root of the file system, and walking all of it is not done; name the directories that hold .htaccess files with --root.'],
      ['HTACCESS_SKIPPED', `.htaccess files below ${join(t, 'www/away')} were not looked for: it is a symbolic link to ${away}, outside the tree; add --root ${away} to migrate the .htaccess files there.`],
    ]);
  });

  it('lets a deeper <Directory> open files again below an AllowOverride None, and a <VirtualHost> one too', () => {
    const t = temp();
    for (const d of ['srv/a', 'srv/b', 'srv/c']) {
      mkdirSync(join(t, d), { recursive: true });
      writeFileSync(join(t, d, '.htaccess'), 'Allow from all\n');
    }
    writeFileSync(join(t, 'httpd.conf'), [
      `<Directory ${t}/srv>`, '    AllowOverride None', '</Directory>',
      `<Directory ${t}/srv/a>`, '    AllowOverride Limit', '</Directory>',
      '<VirtualHost *:80>', `    DocumentRoot ${t}/srv/b`, `    <Directory ${t}/srv/b>`, '        AllowOverride All', '    </Directory>', '</VirtualHost>', '',
    ].join('\n'));
    expect(shown(loadProject([join(t, 'httpd.conf')], { cwd: t }))).toEqual(['httpd.conf', 'srv/b/.htaccess', 'srv/a/.htaccess']);
  });
});

describe('loadProject: .htaccess under wildcard and regex <Directory> sections', () => {
  /** home/{alice,bob,.hidden}/public_html/.htaccess and home/carol/other/.htaccess, with `conf` as httpd.conf. */
  function homes(conf: (t: string) => string[]): string {
    const t = temp();
    for (const d of ['home/alice/public_html/open', 'home/bob/public_html', 'home/.hidden/public_html', 'home/carol/other']) {
      mkdirSync(join(t, d), { recursive: true });
      writeFileSync(join(t, d, '.htaccess'), 'Order deny,allow\nDeny from all\n');
    }
    writeFileSync(join(t, 'httpd.conf'), [`<Directory />`, '    AllowOverride None', '</Directory>', ...conf(t), ''].join('\n'));
    return t;
  }

  it('finds them below every existing directory a wildcard path matches, as apr_fnmatch does (* matches a leading dot)', () => {
    const t = homes((r) => [`<Directory ${r}/home/*/public_html>`, '    AllowOverride Limit', '</Directory>']);
    const p = loadProject([join(t, 'httpd.conf')], { cwd: t });
    expect(shown(p)).toEqual([
      'httpd.conf', 'home/.hidden/public_html/.htaccess', 'home/alice/public_html/open/.htaccess', 'home/bob/public_html/.htaccess',
    ]);
    expect(diags(p)).toEqual([]);
  });

  it('finds them below the directories an anchored regex section matches, walking from its literal prefix', () => {
    const t = homes((r) => [`<DirectoryMatch "^${r}/home/[a-b][^/]*/public_html">`, '    AllowOverride Limit', '</DirectoryMatch>']);
    expect(shown(loadProject([join(t, 'httpd.conf')], { cwd: t }))).toEqual([
      'httpd.conf', 'home/alice/public_html/open/.htaccess', 'home/bob/public_html/.htaccess',
    ]);
  });

  it('reports a regex section that allows overrides but whose directories cannot be listed', () => {
    const t = homes(() => ['<Directory ~ "public_html$">', '    AllowOverride Limit', '</Directory>']);
    const p = loadProject([join(t, 'httpd.conf')], { cwd: t });
    expect(shown(p)).toEqual(['httpd.conf']);
    expect(diags(p)).toEqual([expect.objectContaining({
      at: 'httpd.conf:4', code: 'htaccess-not-enumerated', severity: 'warning',
      message: expect.stringMatching(/^The directories this regex section applies to cannot all be listed \(it has no literal absolute prefix/),
    }), expect.objectContaining({
      // The <Directory /> of the tree allows overrides too, and the file-system root is never walked.
      at: '/:0', code: 'HTACCESS_SKIPPED', severity: 'warning',
    })]);
  });

  it('says nothing for a regex section that does not allow overrides itself', () => {
    const t = homes(() => ['<Directory ~ "public_html$">', '    Options None', '</Directory>']);
    expect(diags(loadProject([join(t, 'httpd.conf')], { cwd: t }))).toEqual([]);
  });
});

describe('loadProject: entries', () => {
  it('expands a directory to its *.conf and .htaccess files, skipping node_modules and .git', () => {
    const t = temp();
    cpSync(join(FIX, 'globbed'), join(t, 'tree'), { recursive: true });
    for (const d of ['node_modules/pkg', '.git', 'site']) mkdirSync(join(t, 'tree', d), { recursive: true });
    writeFileSync(join(t, 'tree/node_modules/pkg/x.conf'), '# no\n');
    writeFileSync(join(t, 'tree/.git/y.conf'), '# no\n');
    writeFileSync(join(t, 'tree/site/.htaccess'), 'Order allow,deny\n');
    const p = loadProject(['tree'], { cwd: t, followIncludes: false });
    expect(shown(p)).toEqual(['tree/conf.d/.hidden.conf', 'tree/conf.d/B.conf', 'tree/conf.d/a.conf', 'tree/conf.d/b.conf', 'tree/httpd.conf', 'tree/site/.htaccess']);
    expect(p.files.map((f) => f.kind)).toEqual(['conf', 'conf', 'conf', 'conf', 'conf', 'htaccess']);
    expect(p.includes).toEqual([]);
    expect(p.entries).toEqual([join(t, 'tree')]);
  });

  it('reads a directory entry in include order: files another file includes come where they are included', () => {
    const p = load(['globbed']);
    expect(shown(p)).toEqual(['globbed/conf.d/.hidden.conf', 'globbed/httpd.conf', 'globbed/conf.d/B.conf', 'globbed/conf.d/a.conf', 'globbed/conf.d/b.conf']);
    expect(p.diagnostics).toEqual([]);
    expect(p.includes).toHaveLength(1);
  });

  it('reads named files in the order given, but an included one where it is included', () => {
    expect(shown(load(['twice/common.conf', 'globbed/conf.d/a.conf', 'twice/httpd.conf']))).toEqual([
      'globbed/conf.d/a.conf', 'twice/httpd.conf', 'twice/common.conf',
    ]);
    expect(shown(load(['cycle/b.conf', 'cycle/httpd.conf']))).toEqual(['cycle/httpd.conf', 'cycle/a.conf', 'cycle/b.conf', 'cycle/self.conf']);
  });

  it('still reads entries that only include each other', () => {
    const p = load(['cycle/a.conf', 'cycle/b.conf']);
    expect(shown(p)).toEqual(['cycle/a.conf', 'cycle/b.conf', 'cycle/self.conf']);
    expect(diags(p).map((d) => [d.at, d.code])).toEqual([['cycle/b.conf:2', 'INCLUDE_CYCLE'], ['cycle/self.conf:1', 'INCLUDE_CYCLE']]);
  });

  it('expands a glob like a shell (no dotfiles) and reports one that matches nothing', () => {
    const p = load(['globbed/conf.d/*.conf', 'nothing/*.conf'], { followIncludes: false });
    expect(shown(p)).toEqual(['globbed/conf.d/B.conf', 'globbed/conf.d/a.conf', 'globbed/conf.d/b.conf']);
    expect(p.diagnostics).toEqual([{
      code: 'ENTRY_NO_MATCH', severity: 'error', message: "No files match the pattern 'nothing/*.conf'.", path: join(FIX, 'nothing/*.conf'), start: 0, end: 0,
    }]);
  });

  it('keeps a backslash in a file or directory name, from a directory entry and from a glob (found by a helper\'s bug hunt)', () => {
    // fast-glob's absolute paths turned `x\\y.conf` into `x/y.conf`, which is no file: the file was dropped
    // in silence, and check said "No problems" (or that the directory held no .conf files).
    const t = temp();
    mkdirSync(join(t, 'tree/a\\b'), { recursive: true });
    writeFileSync(join(t, 'tree/x\\y.conf'), 'Order allow,deny\n');
    writeFileSync(join(t, 'tree/a\\b/.htaccess'), 'Order allow,deny\n');
    writeFileSync(join(t, 'tree/ok.conf'), 'Listen 80\n');
    const dir = loadProject(['tree'], { cwd: t, followIncludes: false });
    expect(shown(dir)).toEqual(['tree/a\\b/.htaccess', 'tree/ok.conf', 'tree/x\\y.conf']);
    expect(dir.diagnostics).toEqual([]);
    const glob = loadProject(['tree/*.conf'], { cwd: t, followIncludes: false });
    expect(shown(glob)).toEqual(['tree/ok.conf', 'tree/x\\y.conf']);
    // fast-glob cannot start from such a directory: said, not passed over.
    const odd = loadProject(['tree/a\\b'], { cwd: t, followIncludes: false });
    expect(shown(odd)).toEqual([]);
    expect(odd.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([['ENTRY_DIR_UNREADABLE', 'error',
      'The .conf and .htaccess files below tree/a\\b were not read: the directory walk cannot start from a path with a backslash in it. Name the files, or a directory above it.']]);
  });

  it('reads a file named like .htaccess as one, refusing its Include lines', () => {
    const p = load(['misc/site.htaccess']);
    expect(shown(p)).toEqual(['misc/site.htaccess']);
    expect(p.files[0]!.kind).toBe('htaccess');
    expect(diags(p).map((d) => [d.at, d.code])).toEqual([['misc/site.htaccess:1', 'INCLUDE_IN_HTACCESS']]);
    expect(p.serverRoot).toBeNull();
  });

  it('reads a .htaccess-named entry that a configuration includes as configuration, where it is included', () => {
    const t = temp();
    writeFileSync(join(t, 'main.conf'), 'Include rules.htaccess\n');
    writeFileSync(join(t, 'rules.htaccess'), 'Include extra.conf\n');
    writeFileSync(join(t, 'extra.conf'), '# extra\n');
    const p = loadProject(['rules.htaccess', 'main.conf'], { cwd: t });
    expect(shown(p)).toEqual(['main.conf', 'rules.htaccess', 'extra.conf']);
    expect(p.files.map((f) => f.kind)).toEqual(['conf', 'conf', 'conf']);
    expect(p.diagnostics).toEqual([]);
  });

  it('shows paths relative to cwd when below it and absolute otherwise', () => {
    const p = loadProject(['../httpd.conf'], { cwd: join(FIX, 'globbed/conf.d') });
    expect(shown(p)).toEqual([join(FIX, 'globbed/httpd.conf'), 'B.conf', 'a.conf', 'b.conf']);
  });
});
