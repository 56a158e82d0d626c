/**
 * Honest summaries (issue 12, item 14): what was not looked at is said, and a terminal shows
 * progress while a big tree is read. (A failed write counted as failed: test/write/write-safety.)
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { activity } from '../../src/cli/progress.js';
import { loadProject } from '../../src/project/load.js';
import { tempDir } from '../helpers/tmp.js';
import { findingsWithRemedy, runCli } from '../helpers/cli.js';
import { requireHttpdOrSkip } from '../oracle/httpd.js';

const oracle = requireHttpdOrSkip();

const CLI = resolve(import.meta.dirname, '../../bin/httpd-migrate.js');

describe('directories not searched for .htaccess files', () => {
  it('are reported: DocumentRoot / (the whole machine)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'httpd.conf'), 'DocumentRoot /\n');
    const p = loadProject(['httpd.conf'], { cwd: dir, roots: ['/'] });
    expect(p.diagnostics).toContainEqual(expect.objectContaining({
      code: 'HTACCESS_SKIPPED', severity: 'warning', path: '/',
      message: '.htaccess files below / were not looked for: it is the root of the file system, and walking all of it is not done; name the directories that hold .htaccess files with --root.',
    }));
  });

  // Found by a helper's bug hunt: a finding about a directory outside the working directory was
  // shown at a path relative to it (`../../../..` for /), in stylish, JSON, SARIF and GitHub output,
  // where files outside it are shown by their absolute path.
  it('are reported at the directory\'s absolute path when it lies outside the working directory', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'httpd.conf'), '<Directory />\n    Order deny,allow\n    Deny from all\n</Directory>\n');
    const r = await runCli(['check', '--format', 'json', '--no-config', 'httpd.conf'], { cwd: dir });
    const doc = JSON.parse(r.stdout) as { files: { path: string; findings: { path: string; message: string }[] }[] };
    const skipped = doc.files.filter((f) => f.findings.some((x) => x.message.startsWith('.htaccess files below / were not looked for')));
    expect(skipped.map((f) => [f.path, f.findings.map((x) => x.path)])).toEqual([['/', ['/']]]);
  });

  it('are reported: a directory the user running it cannot read', () => {
    const dir = tempDir();
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'www/locked'), { recursive: true });
    writeFileSync(join(dir, 'www/locked/.htaccess'), 'Order allow,deny\n');
    chmodSync(join(dir, 'www/locked'), 0o000);
    writeFileSync(join(dir, 'httpd.conf'), `ServerRoot ${dir}\nDocumentRoot www\n`);
    // As root every directory is readable: run as nobody then.
    const asUser = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', process.execPath] : [process.execPath];
    const r = spawnSync(asUser[0]!, [...asUser.slice(1), CLI, 'check', 'httpd.conf'], { cwd: dir, encoding: 'utf8' });
    chmodSync(join(dir, 'www/locked'), 0o755);
    expect(findingsWithRemedy(r.stdout)).toContain(`www/locked:1:1  warning  .htaccess files below ${join(dir, 'www/locked')} were not looked for  include  | it cannot be read (Permission denied).`);
  });
});

describe('directories named on the command line that cannot be read', () => {
  // As root every directory is readable: run as nobody then.
  const asUser = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', process.execPath] : [process.execPath];
  const run = (cwd: string, ...args: string[]) => spawnSync(asUser[0]!, [...asUser.slice(1), CLI, 'check', '--no-config', ...args], { cwd, encoding: 'utf8' });

  it('are errors naming the directory and why, exit 2, and the rest is checked (found by a helper\'s bug hunt)', () => {
    // fast-glob's suppressErrors dropped the unreadable directory in silence: "No problems in 1 file", exit 0;
    // an unreadable named directory was "No .conf or .htaccess files in the directory".
    const dir = tempDir();
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'top/sub'), { recursive: true });
    writeFileSync(join(dir, 'top/ok.conf'), 'MaxClients 5\n');
    writeFileSync(join(dir, 'top/sub/hidden.conf'), 'MaxClients 5\n');
    chmodSync(join(dir, 'top/sub'), 0o000);
    const below = run(dir, 'top');
    const globbed = run(dir, 'top/*/*.conf');
    chmodSync(join(dir, 'top/sub'), 0o755);
    chmodSync(join(dir, 'top'), 0o000);
    const named = run(dir, 'top');
    chmodSync(join(dir, 'top'), 0o755);
    expect(below.status).toBe(2);
    expect(findingsWithRemedy(below.stdout)).toContain('top/sub:1:1  error  The .conf and .htaccess files below top/sub were not read  include  | it cannot be read (Permission denied).');
    expect(findingsWithRemedy(below.stdout)).toMatch(/^top\/ok\.conf:1:1 {2}error {2}MaxClients/m);
    expect(globbed.status).toBe(2);
    expect(findingsWithRemedy(globbed.stdout)).toContain('top/sub:1:1  error  The .conf and .htaccess files below top/sub were not read  include  | it cannot be read (Permission denied).');
    expect(globbed.stdout).not.toContain('No files match');
    expect(named.status).toBe(2);
    expect(findingsWithRemedy(named.stdout)).toContain('top:1:1  error  The .conf and .htaccess files below top were not read  include  | it cannot be read (Permission denied).');
    expect(named.stdout).not.toContain('No .conf or .htaccess files');
  });
});

describe('progress while loading', () => {
  function fakeTerminal(env: NodeJS.ProcessEnv, tty = true) {
    const out: string[] = [];
    let now = 0;
    const a = activity({ stdout: { write: () => true }, stderr: { write: (c) => out.push(String(c)), isTTY: tty }, env, cwd: '/' }, () => now);
    return { out, a, tick: (ms: number) => { now += ms; } };
  }

  it('shows a count on a terminal once loading takes more than half a second, and clears it', () => {
    const t = fakeTerminal({});
    t.a.update('files read', 10);
    t.tick(600);
    t.a.update('files read', 1200);
    t.tick(10);
    t.a.update('files read', 1201);
    t.tick(200);
    t.a.update('directories searched for .htaccess', 50);
    t.a.done();
    expect(t.out).toEqual(['\rhttpd-migrate: files read: 1200\x1b[K', '\rhttpd-migrate: directories searched for .htaccess: 50\x1b[K', '\r\x1b[K']);
  });

  it('shows nothing on a pipe or under CI', () => {
    for (const t of [fakeTerminal({}, false), fakeTerminal({ CI: 'true' })]) {
      t.tick(1000);
      t.a.update('files read', 5);
      t.a.done();
      expect(t.out).toEqual([]);
    }
  });
});

describe.skipIf(oracle.skip)('an httpd message quoted in a finding', () => {
  it('names the line of the file as read, the same line as the finding, not the migrated copy\'s', async () => {
    const root = tempDir();
    // load-implicit-modules adds lines after line 3, so the <VirtualHost> of line 5 moves down in the copy.
    writeFileSync(join(root, 'httpd.conf'), [
      `ServerRoot "${root}"`, 'Listen 127.0.0.1:18125', 'LoadModule mpm_prefork_module /usr/lib/apache2/modules/mod_mpm_prefork.so', 'MaxClients 5',
      '<VirtualHost *:80>', 'ErrorLog /nonexistent-httpd-migrate-dir/error_log', '</VirtualHost>', '',
    ].join('\n'));
    const r = await runCli(['check', 'httpd.conf', '--httpd', oracle.httpd!], { cwd: root });
    expect(findingsWithRemedy(r.stdout)).toMatch(/^httpd\.conf:5:1 {2}warning {2}.*AH02291: .*for error log of vhost defined at httpd\.conf:5/m);
  });
});
