/**
 * Patches that apply, and names that cannot fake terminal output (issue 12, items 9 and 10).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitQuote } from '../../src/diff/paths.js';
import { escapeControls } from '../../src/report/escape.js';
import { findingLines, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'latin1', stdio: ['ignore', 'pipe', 'pipe'] });

describe('diff paths', () => {
  it('are relative to the directory holding the changed files when run from elsewhere, with a hint, and git apply gives what write gives', async () => {
    const tree = tempDir();
    const elsewhere = tempDir();
    mkdirSync(join(tree, 'conf'));
    writeFileSync(join(tree, 'conf/httpd.conf'), 'KeepAlive 1\nInclude conf/other.conf\n');
    writeFileSync(join(tree, 'conf/other.conf'), 'MaxClients 4\n');
    const copy = tempDir();
    cpSync(tree, copy, { recursive: true });
    const d = await runCli(['diff', '--server-root', tree, join(tree, 'conf/httpd.conf')], { cwd: elsewhere });
    expect(d.stdout.match(/^(---|\+\+\+) .*$/gm)).toEqual(['--- a/httpd.conf\t', '+++ b/httpd.conf\t', '--- a/other.conf\t', '+++ b/other.conf\t']);
    expect(d.stderr).toContain(`httpd-migrate: the patch's paths are relative to ${join(tree, 'conf')}; apply it there: cd ${join(tree, 'conf')} && git apply (or patch -p1)\n`);
    writeFileSync(join(elsewhere, 'm.patch'), d.stdoutBytes);
    git(join(tree, 'conf'), 'apply', join(elsewhere, 'm.patch'));
    await runCli(['write', '--server-root', copy, join(copy, 'conf/httpd.conf')], { cwd: elsewhere });
    for (const f of ['conf/httpd.conf', 'conf/other.conf']) expect(readFileSync(join(tree, f), 'latin1')).toBe(readFileSync(join(copy, f), 'latin1'));
  });

  it('quote non-ASCII names, tabs, quotes and backslashes the way git does, so git apply finds the files', async () => {
    const cwd = tempDir();
    const names = ['ünï.conf', 'tab\there.conf', 'quote"d.conf', 'back\\slash.conf'];
    git(cwd, 'init', '-q');
    for (const n of names) writeFileSync(join(cwd, n), 'KeepAlive 1\n');
    git(cwd, 'add', '.');
    git(cwd, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'x');
    const d = await runCli(['diff', ...names], { cwd });
    for (const n of names) writeFileSync(join(cwd, n), 'KeepAlive On\n');
    // git lists files in its own order; the header lines themselves must be git's, byte for byte.
    const fromGit = git(cwd, 'diff').match(/^(---|\+\+\+) .*$/gm)!.sort();
    expect(d.stdout.match(/^(---|\+\+\+) .*$/gm)!.map((l) => l.replace(/\t$/, '')).sort()).toEqual(fromGit);
    git(cwd, 'checkout', '--', '.');
    // The patch outside the repository, in a directory of its own that the test removes.
    const elsewhere = tempDir();
    writeFileSync(join(elsewhere, 'q.patch'), d.stdoutBytes);
    git(cwd, 'apply', join(elsewhere, 'q.patch'));
    for (const n of names) expect(readFileSync(join(cwd, n), 'latin1')).toBe('KeepAlive On\n');
    expect(gitQuote('a/ünï.conf')).toBe('"a/\\303\\274n\\303\\257.conf"');
  });

  it('name a file an Include reaches through a symlink by where it is, so git apply patches it (Debian\'s mods-enabled/)', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'mods-available'));
    mkdirSync(join(cwd, 'mods-enabled'));
    mkdirSync(join(cwd, 'www/real'), { recursive: true });
    writeFileSync(join(cwd, 'mods-available/x.conf'), 'KeepAlive 1\n');
    symlinkSync('../mods-available/x.conf', join(cwd, 'mods-enabled/x.conf'));
    // A .htaccess below a symlinked directory: git apply refuses a path beyond a symlink too.
    writeFileSync(join(cwd, 'www/real/.htaccess'), 'Order allow,deny\nAllow from all\n');
    symlinkSync('real', join(cwd, 'www/link'));
    // httpd reads the .htaccess at both www/real and www/link: AllowOverride is set for both.
    writeFileSync(join(cwd, 'apache2.conf'), `ServerRoot "${cwd}"\nIncludeOptional mods-enabled/*.conf\nDocumentRoot "${cwd}/www"\n<Directory "${cwd}/www">\n    AllowOverride All\n</Directory>\n<Directory "${cwd}/www/link">\n    AllowOverride All\n</Directory>\n`);
    git(cwd, 'init', '-q');
    git(cwd, 'add', '.');
    git(cwd, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'x');
    const d = await runCli(['diff', 'apache2.conf'], { cwd });
    expect(d.stdout.match(/^\+\+\+ .*$/gm)).toEqual(expect.arrayContaining(['+++ b/mods-available/x.conf\t', '+++ b/www/real/.htaccess\t']));
    const elsewhere = tempDir();
    writeFileSync(join(elsewhere, 'm.patch'), d.stdoutBytes);
    git(cwd, 'apply', join(elsewhere, 'm.patch'));
    expect(readFileSync(join(cwd, 'mods-available/x.conf'), 'latin1')).toBe('KeepAlive On\n');
    expect(readFileSync(join(cwd, 'www/real/.htaccess'), 'latin1')).toBe('Require all granted\n');
  });

  // Found by a helper's sweep: run from a subdirectory, the file's real place is not below the working
  // directory, and the patch named the symlink (mods-enabled/x.conf), which git apply refused.
  it('name a file reached through a symlink by where it is also when diff runs in a subdirectory', async () => {
    const cwd = tempDir();
    for (const d of ['mods-available', 'mods-enabled', 'sub']) mkdirSync(join(cwd, d));
    writeFileSync(join(cwd, 'mods-available/x.conf'), 'KeepAlive 1\n');
    symlinkSync('../mods-available/x.conf', join(cwd, 'mods-enabled/x.conf'));
    writeFileSync(join(cwd, 'apache2.conf'), 'Include mods-enabled/*.conf\n');
    git(cwd, 'init', '-q');
    const d = await runCli(['diff', '../apache2.conf', '--server-root', '..'], { cwd: join(cwd, 'sub') });
    // Named by the real file, relative to the directory stderr says to apply it in.
    expect(d.stdout.match(/^\+\+\+ .*$/gm)).toEqual(['+++ b/x.conf\t']);
    const there = /apply it there: cd (\S+) && git apply/.exec(d.stderr)?.[1];
    expect(there).toBe(join(cwd, 'mods-available'));
    const elsewhere = tempDir();
    writeFileSync(join(elsewhere, 'm.patch'), d.stdoutBytes);
    git(there!, 'apply', join(elsewhere, 'm.patch'));
    expect(readFileSync(join(cwd, 'mods-available/x.conf'), 'latin1')).toBe('KeepAlive On\n');
  });

  it('show a symlinked file at the path the user named', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'real'));
    writeFileSync(join(cwd, 'real/site.conf'), 'KeepAlive 1\n');
    symlinkSync('real/site.conf', join(cwd, 'link.conf'));
    const d = await runCli(['diff', 'link.conf'], { cwd });
    expect(d.stdout).toMatch(/^--- a\/link\.conf\t\n\+\+\+ b\/link\.conf\t\n/);
  });

  // Found by a helper's bug hunt: the a2enmod/a2dismod patches kept absolute names (git apply: "invalid
  // path") when the file patches were made relative to the tree, and write changed a mods-enabled/
  // outside the tree.
  it('name the module layout changes as the file patches, relative to the same base, so git apply makes them', async () => {
    const tree = tempDir();
    mkdirSync(join(tree, 'mods-available'));
    mkdirSync(join(tree, 'mods-enabled'));
    writeFileSync(join(tree, 'mods-available/authz_default.load'), 'LoadModule authz_default_module /usr/lib/apache2/modules/mod_authz_default.so\n');
    symlinkSync('../mods-available/authz_default.load', join(tree, 'mods-enabled/authz_default.load'));
    writeFileSync(join(tree, 'apache2.conf'), `ServerRoot "${tree}"\nInclude mods-enabled/*.load\nKeepAlive 5\n`);
    git(tree, 'init', '-q');
    git(tree, 'add', '.');
    git(tree, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'x');
    const elsewhere = tempDir();
    const d = await runCli(['diff', join(tree, 'apache2.conf')], { cwd: elsewhere });
    expect(d.stdout).toContain('diff --git a/mods-enabled/authz_default.load b/mods-enabled/authz_default.load\n');
    writeFileSync(join(elsewhere, 'p.patch'), d.stdoutBytes);
    git(tree, 'apply', join(elsewhere, 'p.patch'));
    expect(readFileSync(join(tree, 'apache2.conf'), 'latin1')).toContain('KeepAlive On\n');
  });

  // Found by a helper's bug hunt: GNU patch drops the spaces that end a name it reads unquoted (git's
  // own patch of such a file fails with patch -p1 too), and it reads a --- / +++ name without the tab
  // that git puts after a name with a space only up to that space: the module layout patches of a tree
  // in `my tree/` made and removed symlinks named `my`.
  it('apply with patch -p1 to a name that ends with a space, and to the module layout of a tree in a directory with a space', async () => {
    const cwd = tempDir();
    const tree = join(cwd, 'my tree');
    mkdirSync(join(tree, 'mods-available'), { recursive: true });
    mkdirSync(join(tree, 'mods-enabled'));
    writeFileSync(join(tree, 'mods-available/authz_default.load'), 'LoadModule authz_default_module /usr/lib/apache2/modules/mod_authz_default.so\n');
    symlinkSync('../mods-available/authz_default.load', join(tree, 'mods-enabled/authz_default.load'));
    writeFileSync(join(tree, 'apache2.conf'), 'Include mods-enabled/*.load\nInclude "trail.conf "\n');
    writeFileSync(join(tree, 'trail.conf '), 'KeepAlive 1\n');
    const copy = tempDir();
    cpSync(cwd, copy, { recursive: true, verbatimSymlinks: true });
    const d = await runCli(['diff', '--server-root', 'my tree', 'my tree/apache2.conf'], { cwd });
    expect(d.stdout).toContain('+++ "b/my tree/trail.conf "\t\n');
    expect(d.stdout).toContain('+++ b/my tree/mods-enabled/authz_core.load\t\n');
    const elsewhere = tempDir();
    writeFileSync(join(elsewhere, 'm.patch'), d.stdoutBytes);
    execFileSync('patch', ['-p1', '--batch', '--quiet', '-i', join(elsewhere, 'm.patch')], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    await runCli(['write', '--server-root', 'my tree', 'my tree/apache2.conf'], { cwd: copy });
    const listing = (dir: string) => execFileSync('find', ['.', '-printf', '%p %y %l\\n'], { cwd: dir, encoding: 'latin1' }).split('\n').sort();
    expect(listing(cwd)).toEqual(listing(copy));
    expect(readFileSync(join(cwd, 'my tree/trail.conf '), 'latin1')).toBe('KeepAlive On\n');
    expect(readlinkSync(join(cwd, 'my tree/mods-enabled/authz_core.load'))).toBe('../mods-available/authz_core.load');
  });

  it('leave a module layout outside the tree as it is, and say so', async () => {
    const base = tempDir();
    mkdirSync(join(base, 'tree'));
    mkdirSync(join(base, 'shared/mods-available'), { recursive: true });
    mkdirSync(join(base, 'shared/mods-enabled'));
    writeFileSync(join(base, 'shared/mods-available/authz_default.load'), 'LoadModule authz_default_module /usr/lib/apache2/modules/mod_authz_default.so\n');
    symlinkSync('../mods-available/authz_default.load', join(base, 'shared/mods-enabled/authz_default.load'));
    writeFileSync(join(base, 'tree/apache2.conf'), `ServerRoot "${base}/tree"\nInclude ${base}/shared/mods-enabled/*.load\n`);
    const r = await runCli(['write', 'apache2.conf'], { cwd: join(base, 'tree') });
    expect(readdirSync(join(base, 'shared/mods-enabled'))).toEqual(['authz_default.load']);
    expect(readdirSync(join(base, 'shared/mods-available'))).toEqual(['authz_default.load']);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('the module layout (a2enmod/a2dismod) is not changed');
  });
});

describe('terminal output', () => {
  it('escapes control characters in file names, so a name cannot print a fake result line or drive the terminal', async () => {
    const cwd = tempDir();
    const names = ['x\n✔ no problems, 0 fixable.conf', '\x1b[2J\x1b]0;owned\x07.conf'];
    for (const n of names) writeFileSync(join(cwd, n), 'KeepAlive 1\n');
    const r = await runCli(['check', ...names], { cwd });
    expect(r.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('✔'))).toEqual([]);
    expect(findingLines(r.stdout)).toContain('x\\n✔ no problems, 0 fixable.conf:1:1  error  KeepAlive 1 becomes');
    expect(findingLines(r.stdout)).toContain('\\e[2J\\e]0;owned\\x07.conf:1:1  error');
    const json = JSON.parse((await runCli(['check', '--format', 'json', ...names], { cwd })).stdout) as { files: { path: string }[] };
    expect(json.files.map((f) => f.path)).toEqual(names);
  });

  it('escapes C1 controls and bidirectional overrides, and leaves other text alone', () => {
    expect(escapeControls('a\u009bb\u202ec\td é ✔')).toBe('a\\x9bb\\u202ec\\td é ✔');
  });
});
