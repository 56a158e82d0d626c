import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

const OLD = '<Directory "/srv/www">\n    Order deny,allow\n    Deny from all\n    Allow from 10.0.0.0/8\n</Directory>\n';

function trees(newText: string): string {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'old.conf'), OLD);
  writeFileSync(join(cwd, 'new.conf'), newText);
  return cwd;
}

describe('verify', () => {
  it('exits 0 when a hand migration keeps every answer', async () => {
    const cwd = trees('<Directory "/srv/www">\n    Require ip 10.0.0.0/8\n</Directory>\n');
    const r = await runCli(['verify', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    expect(r.stdout).toMatch(/^✔ all \d+ representative requests get the same answer in both trees\.$/m);
    expect(r.code).toBe(0);
  });

  it('names the errors httpd would not start on, in either tree, with file:line:col, and exits 2 after comparing', async () => {
    const cwd = trees('<Directory "/srv/www">\n    Require ip 10.0.0.0/8\n');
    writeFileSync(join(cwd, 'old.conf'), `${OLD}Include missing.conf\n`);
    const r = await runCli(['verify', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`old.conf:6:1  error  httpd refuses to start on this line: "Could not open configuration file ${join(cwd, 'missing.conf')}: No such file or directory".\n`);
    expect(r.stderr).toContain('new.conf:1:1  error  <Directory> was not closed.\n');
    expect(r.stdout).toMatch(/representative requests/);
    const json = JSON.parse((await runCli(['verify', '--format', 'json', 'old.conf', 'new.conf', '--no-htaccess'], { cwd })).stdout);
    expect(json.exitCode).toBe(2);
    expect(json.errors.map((e: { at: string }) => e.at)).toEqual(['old.conf:6:1', 'new.conf:1:1']);
    // An Include matching nothing was fine for 2.2, and is only an error in the 2.4 tree.
    mkdirSync(join(cwd, 'none'));
    writeFileSync(join(cwd, 'old.conf'), `${OLD}Include none/*.conf\n`);
    writeFileSync(join(cwd, 'new.conf'), '<Directory "/srv/www">\n    Require ip 10.0.0.0/8\n</Directory>\n');
    expect((await runCli(['verify', 'old.conf', 'new.conf', '--no-htaccess'], { cwd })).code).toBe(0);
  });

  it('names an access line httpd refuses at start-up, in either tree, with file:line:col, and exits 2 (found by a bug hunt: it exited 0)', async () => {
    const cwd = trees('<Directory "/srv/www">\n    Require ip 10.0.0.0/8\n    Require all\n</Directory>\n');
    writeFileSync(join(cwd, 'old.conf'), OLD.replace('Order deny,allow', 'Order deny, allow'));
    const r = await runCli(['verify', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("old.conf:2:5  error  order takes one argument, 'allow,deny', 'deny,allow', or 'mutual-failure'\n");
    expect(r.stderr).toMatch(/^new\.conf:3:5 {2}error {2}.*Require all/m);
  });

  it('shows UTF-8 paths of the files as they read, in rows and errors', async () => {
    const cwd = trees('');
    writeFileSync(join(cwd, 'old.conf'), Buffer.from('<Location /café>\n    Order deny,allow\n    Deny from all\n</Location>\n', 'utf8'));
    writeFileSync(join(cwd, 'new.conf'), Buffer.from('<Location /café>\n    Require all granted\n</Location>\n<Directory /é>\n    Order deny, allow\n</Directory>\n', 'utf8'));
    const r = await runCli(['verify', '--format', 'json', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    const json = JSON.parse(r.stdout);
    expect(json.rows.some((row: { path: string }) => row.path.startsWith('/café'))).toBe(true);
    expect(JSON.stringify(json)).not.toContain('Ã©');
  });

  // Found by a helper's bug hunt: each tree's requests were decided at the other tree's files, so two
  // equivalent trees differed both ways (403 → 200 and 200 → 403 for one request) and verify exited 1.
  it('compares two copies of a site kept in two places at the same paths, and says so', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'old.conf'), 'DocumentRoot "/srv/old/htdocs"\n<Directory "/srv/old/htdocs">\n    Order allow,deny\n    Allow from all\n</Directory>\n<Directory "/srv/old/htdocs/sub">\n    Order deny,allow\n    Deny from all\n    Allow from 10.0.0.2\n</Directory>\n');
    const migrated = 'DocumentRoot "/srv/new/htdocs"\n<Directory "/srv/new/htdocs">\n    Require all granted\n</Directory>\n<Directory "/srv/new/htdocs/sub">\n    Require ip 10.0.0.2\n</Directory>\n';
    writeFileSync(join(cwd, 'new.conf'), migrated);
    const same = await runCli(['verify', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    expect(same.code).toBe(0);
    expect(same.stderr).toContain("note: the new tree's paths below /srv/new were compared as if below /srv/old");
    writeFileSync(join(cwd, 'new.conf'), migrated.replace('10.0.0.2', '10.0.0.3'));
    expect((await runCli(['verify', 'old.conf', 'new.conf', '--no-htaccess'], { cwd })).code).toBe(1);
  });

  it('puts the finding of a section httpd rejects on the line it rejects', async () => {
    const cwd = trees('');
    writeFileSync(join(cwd, 'old.conf'), OLD.replace('Order deny,allow', 'Order deny, allow'));
    const r = await runCli(['check', '--no-color', 'old.conf'], { cwd });
    expect(r.stdout).toMatch(/^ +2:5 +error +<Directory "\/srv\/www"> is left with its 2\.2 Order\/Deny\/Allow lines +prefer-require$/m);
  });

  it('groups the requests that change by path and answer, lists the clients, and exits 1', async () => {
    const cwd = trees('<Directory "/srv/www">\n    Require all granted\n</Directory>\n');
    const r = await runCli(['verify', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    expect(r.code).toBe(1);
    const json = JSON.parse((await runCli(['verify', '--format', 'json', 'old.conf', 'new.conf', '--no-htaccess'], { cwd })).stdout);
    const lines = r.stdout.split('\n');
    // One group per path, method and answer pair; each differing request's client listed once under it.
    const keys = new Set(json.rows.map((x: { method: string; path: string; before: string; after: string }) => `${x.method} ${x.path} ${x.before} ${x.after}`));
    expect(lines.filter((l) => /^(GET|POST|PUT|DELETE|OPTIONS|UNLISTED)\s/.test(l))).toHaveLength(keys.size);
    expect(keys.size).toBeLessThan(json.rows.length);
    expect(r.stdout).toMatch(/^ {4}2\.2: 403 \(.*\) {2}→ {2}2\.4: 200 /m);
    for (const row of json.rows) expect(lines).toContain(`      ${row.client}`);
    expect(r.stdout).not.toMatch(/from 10\.[\d.]+/);
    expect(lines.every((l) => l.length <= 100)).toBe(true);
  });

  it('gives JSON rows for machines', async () => {
    const cwd = trees('<Directory "/srv/www">\n    Require all denied\n</Directory>\n');
    const r = await runCli(['verify', '--format', 'json', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    const doc = JSON.parse(r.stdout);
    expect(doc.exitCode).toBe(1);
    expect(doc.rows.length).toBeGreaterThan(0);
    expect(doc.rows[0]).toMatchObject({ request: expect.stringMatching(/from 10\./), before: expect.stringMatching(/200/), after: expect.stringMatching(/403/), method: 'GET', client: expect.stringMatching(/^from 10\./) });
  });

  it('places the start-up errors of Require containers on the line httpd names, not on the <Directory> line (found by a helper\'s bug hunt)', async () => {
    const cwd = trees('<Directory "/srv/www">\n    Options None\n    Require not ip 10.0.0.1\n</Directory>\n');
    const r = await runCli(['verify', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    expect(r.code).toBe(2);
    // apache2 -t: "Syntax error on line 3 … negative Require directive has no effect in <RequireAny> directive".
    expect(r.stderr).toContain('new.conf:3:5  error  negative Require directive has no effect in <RequireAny> directive\n');
    writeFileSync(join(cwd, 'new.conf'), '<Directory "/srv/www">\n    Options None\n    <RequireAll>\n    </RequireAll>\n    <RequireNone>\n        Require ip 10.0.0.1\n    </RequireNone>\n</Directory>\n');
    const r2 = await runCli(['verify', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    expect(r2.stderr).toContain('new.conf:3:5  error  <RequireAll> directive contains no authorization directives\n');
    // apache2 -t: "<RequireNone> directive has no effect in <RequireAny> directive", on its own line.
    expect(r2.stderr).toContain('new.conf:5:5  error  <RequireNone> directive has no effect in <RequireAny> directive\n');
  });

  it('names a file no URL reaches in words, not by the internal probe path (found by a helper\'s bug hunt)', async () => {
    const cwd = trees('');
    writeFileSync(join(cwd, 'old.conf'), 'DocumentRoot "/srv/www"\n<Directory />\n    Order deny,allow\n    Deny from all\n</Directory>\n<Directory "/srv/www">\n    Order allow,deny\n    Allow from all\n</Directory>\n');
    writeFileSync(join(cwd, 'new.conf'), 'DocumentRoot "/srv/www"\n<Directory />\n    Require all granted\n</Directory>\n<Directory "/srv/www">\n    Require all granted\n</Directory>\n');
    const r = await runCli(['verify', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    expect(r.stdout).not.toContain('__');
    expect(r.stdout).toMatch(/^GET file \(a directory no section names\)\/f\.html$/m);
    const json = JSON.parse((await runCli(['verify', '--format', 'json', 'old.conf', 'new.conf', '--no-htaccess'], { cwd })).stdout);
    expect(json.rows[0]).toMatchObject({ path: 'file (a directory no section names)/f.html', request: expect.stringMatching(/^GET file \(a directory no section names\)\/f\.html from /) });
    // check's refusals describe their requests the same way.
    writeFileSync(join(cwd, 'a.conf'), '<Location />\n    Order deny,allow\n    Deny from all\n</Location>\n<Directory "/srv/x">\n    Order allow,deny\n    Allow from all\n    Satisfy any\n    Require valid-user\n</Directory>\n');
    const c = await runCli(['check', '--no-color', '--no-follow-includes', '--only', 'prefer-require', 'a.conf'], { cwd });
    expect(c.stdout).toContain('GET file /srv/x/f.html from 10.0.0.1, no credentials');
    expect(c.stdout).not.toContain('__fs__');
  });

  it('names a file below an unanchored <DirectoryMatch> in words too (found by a helper\'s hunt: `GET /__fs__x./f.html`)', async () => {
    const cwd = trees('DocumentRoot "/srv/www"\n<DirectoryMatch "x\\.">\n    Require all granted\n</DirectoryMatch>\n');
    writeFileSync(join(cwd, 'old.conf'), 'DocumentRoot "/srv/www"\n<DirectoryMatch "x\\.">\n    Order deny,allow\n    Deny from all\n</DirectoryMatch>\n');
    const r = await runCli(['verify', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    expect(r.stdout).not.toContain('__');
    expect(r.stdout).toMatch(/^GET file \(any directory\)\/x\.\/f\.html$/m);
  });

  it('claims no same answers of two trees httpd would not start on (found by a helper\'s bug hunt)', async () => {
    // The new tree loads modules, mod_access_compat not among them: its Order line is an invalid command.
    const cwd = trees(`LoadModule authz_core_module m.so\n${OLD}`);
    writeFileSync(join(cwd, 'old.conf'), OLD.replace('Order deny,allow', 'Order deny, allow'));
    const r = await runCli(['verify', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("new.conf:3:5  error  Invalid command 'Order'");
    expect(r.stdout).not.toMatch(/✔|all \d+ representative/);
    expect(r.stdout).toMatch(/^✖ the \d+ representative requests compared get the same answer in both trees, but httpd would not start on either tree \(errors above\)/m);
  });
});
