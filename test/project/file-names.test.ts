/**
 * File names that are not valid UTF-8 (a Latin-1 `café.conf` of a 2.2-era server): httpd reads
 * such files, Node cannot open them by a string path. They are reported by name, and a group of
 * files that holds one is not written, rather than migrated as if the file were not there.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandInclude } from '../../src/project/include.js';
import { showBytes } from '../../src/project/file-names.js';
import { findingsWithRemedy, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

/** `café` with é as the single Latin-1 byte E9 (invalid UTF-8). */
const CAFE = Buffer.from('caf\xe9', 'latin1');
const name = (dir: string, ...parts: (string | Buffer)[]) => Buffer.concat([Buffer.from(`${dir}/`), ...parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))]);

describe('file names that are not valid UTF-8', () => {
  it('writes the bytes out: ASCII as it is, every other byte (and the backslash) as \\xNN', () => {
    expect(showBytes(Buffer.from('caf\xe9 d\\x.conf', 'latin1'))).toBe('caf\\xE9 d\\x5Cx.conf');
    expect(showBytes(Buffer.from('café', 'utf8'))).toBe('caf\\xC3\\xA9');
  });

  it('an Include glob gives them apart from the files it can read, and its line is not one that matched nothing', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'conf.d'));
    writeFileSync(join(dir, 'conf.d/a.conf'), 'KeepAlive On\n');
    writeFileSync(name(join(dir, 'conf.d'), CAFE, '.conf'), 'KeepAlive On\n');
    writeFileSync(name(join(dir, 'conf.d'), CAFE, '.txt'), 'KeepAlive On\n');
    const x = expandInclude(join(dir, 'conf.d/*.conf'), false);
    expect(x.files).toEqual([join(dir, 'conf.d/a.conf')]);
    expect(x.undecodable.map((u) => u.shown)).toEqual([join(dir, 'conf.d/caf\\xE9.conf')]);
    expect(x.diagnostics).toEqual([]);
    // A directory included whole gives every such name in it.
    expect(expandInclude(join(dir, 'conf.d'), false).undecodable.map((u) => u.shown).sort()).toEqual([join(dir, 'conf.d/caf\\xE9.conf'), join(dir, 'conf.d/caf\\xE9.txt')]);
  });

  it('check names the included file it cannot open, and exits 2 without claiming the Include matched nothing', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'conf.d'));
    writeFileSync(join(cwd, 'httpd.conf'), 'Listen 80\nInclude conf.d/*.conf\n');
    writeFileSync(name(join(cwd, 'conf.d'), CAFE, '.conf'), '<Directory /srv>\nOrder allow,deny\nAllow from all\n</Directory>\n');
    const r = await runCli(['check', '--server-root', cwd, 'httpd.conf'], { cwd });
    expect(r.code).toBe(2);
    expect(findingsWithRemedy(r.stdout)).toMatch(/^conf\.d\/caf\\xE9\.conf:1:1 {2}error {2}cannot read {2}io {2}\| its name \(caf\\xE9\.conf\) is not valid UTF-8, which httpd-migrate cannot open/m);
    expect(r.stdout).not.toMatch(/matched no file|Could not open configuration file/);
  });

  it('write leaves the whole group as it is, and names the file as users can read it', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'conf.d'));
    const main = 'Listen 80\nInclude conf.d/*.conf\n<Directory /srv>\nOrder allow,deny\nAllow from all\n</Directory>\n';
    writeFileSync(join(cwd, 'httpd.conf'), main);
    writeFileSync(name(join(cwd, 'conf.d'), CAFE, '.conf'), '<Directory /srv/x>\nOrder deny,allow\nDeny from all\n</Directory>\n');
    const r = await runCli(['write', '--server-root', cwd, 'httpd.conf'], { cwd });
    expect(r.code).toBe(2);
    expect(readFileSync(join(cwd, 'httpd.conf'), 'latin1')).toBe(main);
    expect(findingsWithRemedy(r.stdout)).toMatch(/^httpd\.conf:1:1 {2}error {2}not written {2}io {2}\| conf\.d\/caf\\xE9\.conf could not be read, and files that affect one another are migrated together/m);
  });

  it('a directory named on the command line gives such a file as one it cannot open, not as no file at all', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'conf.d'));
    writeFileSync(name(join(cwd, 'conf.d'), CAFE, '.conf'), 'KeepAlive On\n');
    const r = await runCli(['check', 'conf.d'], { cwd });
    expect(r.code).toBe(2);
    expect(findingsWithRemedy(r.stdout)).toMatch(/^conf\.d\/caf\\xE9\.conf:1:1 {2}error {2}cannot read {2}io {2}\| its name \(caf\\xE9\.conf\) is not valid UTF-8/m);
    expect(r.stdout).not.toMatch(/No \.conf or \.htaccess files/);
  });

  // Found by a helper's bug hunt: Node gives such a name on the command line with U+FFFD for its bad
  // bytes, and it was reported as "no such file or directory" although `ls` lists it.
  it('a file of such a name named on the command line is one it cannot open, not one that is missing', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'conf.d'));
    writeFileSync(name(join(cwd, 'conf.d'), CAFE, '.conf'), 'KeepAlive On\n');
    // What process.argv holds for the bytes `conf.d/caf\xE9.conf`.
    const r = await runCli(['check', Buffer.from(`conf.d/${CAFE.toString('latin1')}.conf`, 'latin1').toString('utf8')], { cwd });
    expect(r.code).toBe(2);
    expect(findingsWithRemedy(r.stdout)).toMatch(/^conf\.d\/caf\\xE9\.conf:1:1 {2}error {2}cannot read {2}io {2}\| its name \(caf\\xE9\.conf\) is not valid UTF-8/m);
    expect(r.stdout).not.toContain('no such file');
  });

  it('a directory of such a name below one named on the command line is an error, not skipped in silence', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'conf/sub'), { recursive: true });
    mkdirSync(name(join(cwd, 'conf'), CAFE));
    writeFileSync(join(cwd, 'conf/sub/b.conf'), 'KeepAlive 1\n');
    writeFileSync(name(join(cwd, 'conf'), CAFE, '/a.conf'), 'KeepAlive 1\n');
    const r = await runCli(['check', 'conf'], { cwd });
    expect(r.code).toBe(2);
    const found = findingsWithRemedy(r.stdout);
    expect(found).toMatch(/^conf\/caf\\xE9:1:1 {2}error {2}The \.conf and \.htaccess files below .*\/conf\/caf\\xE9 were not read {2}include {2}\| its name \(caf\\xE9\) is not valid UTF-8/m);
    expect(found).toMatch(/^conf\/sub\/b\.conf:1:1 {2}error/m); // the rest is still checked (KeepAlive 1)
  });

  it('a literal Include of such a name is a file that cannot be opened, not one that is missing', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'httpd.conf'), Buffer.concat([Buffer.from('Listen 80\nInclude '), CAFE, Buffer.from('.conf\n')]));
    writeFileSync(name(cwd, CAFE, '.conf'), 'KeepAlive On\n');
    const r = await runCli(['check', '--server-root', cwd, 'httpd.conf'], { cwd });
    expect(r.code).toBe(2);
    expect(findingsWithRemedy(r.stdout)).toMatch(/^caf\\xE9\.conf:1:1 {2}error {2}cannot read {2}io {2}\| its name \(caf\\xE9\.conf\) is not valid UTF-8/m);
    expect(r.stdout).not.toMatch(/Could not open configuration file/);
  });

  it('a wildcard <Directory> that would reach such a directory says its directories cannot all be listed', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'home/ann/public_html'), { recursive: true });
    mkdirSync(name(join(cwd, 'home'), CAFE, '/public_html'), { recursive: true });
    mkdirSync(name(join(cwd, 'home'), 'x', CAFE), { recursive: true }); // matches no part of the pattern: not reported
    writeFileSync(join(cwd, 'httpd.conf'), `Listen 80\n<Directory "${cwd}/home/*/public_html">\nAllowOverride All\n</Directory>\n`);
    writeFileSync(join(cwd, 'home/ann/public_html/.htaccess'), 'Order allow,deny\nAllow from all\n');
    const r = await runCli(['check', '--server-root', cwd, 'httpd.conf'], { cwd });
    const found = findingsWithRemedy(r.stdout);
    expect(found).toMatch(/^httpd\.conf:2:1 {2}warning {2}The directories this wildcard section applies to cannot all be listed \(.*\/home\/caf\\xE9 has a name that is not valid UTF-8, which httpd-migrate cannot open\)/m);
    expect(found).not.toMatch(/xcaf/);
    expect(found).toMatch(/^home\/ann\/public_html\/\.htaccess:1:1 {2}error/m);
  });

  it('a directory of such a name below a DocumentRoot is reported, with the .htaccess files around it still migrated', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'htdocs/ok'), { recursive: true });
    mkdirSync(name(join(cwd, 'htdocs'), CAFE));
    writeFileSync(join(cwd, 'httpd.conf'), `Listen 80\nDocumentRoot "${cwd}/htdocs"\n<Directory "${cwd}/htdocs">\nAllowOverride All\n</Directory>\n`);
    writeFileSync(join(cwd, 'htdocs/ok/.htaccess'), 'Order allow,deny\nAllow from all\n');
    writeFileSync(name(join(cwd, 'htdocs'), CAFE, '/.htaccess'), 'Order allow,deny\nAllow from all\n');
    const r = await runCli(['check', '--server-root', cwd, 'httpd.conf'], { cwd });
    expect(findingsWithRemedy(r.stdout)).toMatch(/\.htaccess files below .*\/htdocs\/caf\\xE9 were not looked for {2}include {2}\| its name \(caf\\xE9\) is not valid UTF-8/);
    expect(findingsWithRemedy(r.stdout)).toMatch(/^htdocs\/ok\/\.htaccess:1:1 {2}error {2}This \.htaccess file uses the 2\.2 Order\/Allow directives/m);
  });

  it('write keeps mod_access_compat for the .htaccess files it could not read (2.4 answers 500 on their Order lines without it)', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'htdocs/ok'), { recursive: true });
    mkdirSync(name(join(cwd, 'htdocs'), CAFE));
    writeFileSync(join(cwd, 'httpd.conf'), `ServerRoot "${cwd}"\nLoadModule authz_host_module modules/mod_authz_host.so\nDocumentRoot "${cwd}/htdocs"\n<Directory "${cwd}/htdocs">\nAllowOverride All\n</Directory>\n`);
    writeFileSync(join(cwd, 'htdocs/ok/.htaccess'), 'Order allow,deny\nAllow from all\n');
    writeFileSync(name(join(cwd, 'htdocs'), CAFE, '/.htaccess'), 'Order deny,allow\nDeny from all\n');
    const checked = await runCli(['check', 'httpd.conf'], { cwd });
    expect(findingsWithRemedy(checked.stdout)).toMatch(/mod_access_compat \(the \.htaccess files below .*\/htdocs\/caf\\xE9 were not read, and may hold Order, Allow, Deny or Satisfy/);
    const r = await runCli(['write', 'httpd.conf'], { cwd });
    expect(r.code).toBe(1);
    expect(readFileSync(join(cwd, 'htdocs/ok/.htaccess'), 'latin1')).toBe('Require all granted\n');
    expect(readFileSync(join(cwd, 'httpd.conf'), 'latin1')).toContain('LoadModule access_compat_module modules/mod_access_compat.so\n');
  });
});
