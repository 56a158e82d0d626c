// A Debian (wheezy-style) 2.2 tree that enables modules through mods-enabled/ symlinks: write makes
// the a2enmod/a2dismod changes itself, and the result starts on the real httpd 2.4 and answers;
// the same through `diff | git apply`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpdModulesDir, requireHttpdOrSkip, runAsLines, SCRATCH_DIR, findNssWrapper } from '../oracle/httpd.js';
import { freePort } from '../oracle/harness.js';
import { ask, cli, start, stopServer, type Sandbox } from './sandbox.js';
import { findingLines } from '../helpers/cli.js';
import { isLink } from '../../src/layout/is-link.js';

const oracle = requireHttpdOrSkip();
const made: string[] = [];

/** The tree as Debian's 2.2 package lays it out: apache2.conf, mods-available/*.load|conf, mods-enabled/ symlinks. */
async function debianTree(copied: string[] = []): Promise<Sandbox> {
  const base = mkdtempSync(join(SCRATCH_DIR, 'debian22-'));
  made.push(base);
  chmodSync(base, 0o755);
  const root = join(base, 'apache2');
  const port = await freePort();
  const mods = httpdModulesDir();
  for (const d of ['mods-available', 'mods-enabled', 'www', 'logs']) mkdirSync(join(root, d), { recursive: true });
  const load: Record<string, string> = { authz_host: '', authz_default: '', mime: 'TypesConfig /etc/mime.types\n', dir: 'DirectoryIndex index.html\n', alias: '' };
  for (const [m, conf] of Object.entries(load)) {
    writeFileSync(join(root, 'mods-available', `${m}.load`), `LoadModule ${m}_module ${mods}/mod_${m}.so\n`);
    if (copied.includes(m)) writeFileSync(join(root, 'mods-enabled', `${m}.load`), `LoadModule ${m}_module ${mods}/mod_${m}.so\n`);
    else symlinkSync(`../mods-available/${m}.load`, join(root, 'mods-enabled', `${m}.load`));
    if (conf) {
      writeFileSync(join(root, 'mods-available', `${m}.conf`), `<IfModule mod_${m}.c>\n${conf}</IfModule>\n`);
      symlinkSync(`../mods-available/${m}.conf`, join(root, 'mods-enabled', `${m}.conf`));
    }
  }
  writeFileSync(join(root, 'apache2.conf'), [
    `ServerRoot "${root}"`, `PidFile ${root}/apache2.pid`, 'Timeout 300', runAsLines(), `ErrorLog ${root}/logs/error.log`, 'LogLevel warn',
    'Include mods-enabled/*.load', 'Include mods-enabled/*.conf',
    `Listen 127.0.0.1:${port}`, 'ServerName 127.0.0.1', `DocumentRoot ${root}/www`,
    '<Directory />', '    AllowOverride None', '    Order deny,allow', '    Deny from all', '</Directory>',
    `<Directory ${root}/www>`, '    Order allow,deny', '    Allow from all', '</Directory>', '',
  ].join('\n'));
  writeFileSync(join(root, 'www', 'index.html'), '<p>debian</p>\n');
  writeFileSync(join(base, 'hosts'), '127.0.0.1 localhost\n');
  const env = { ...process.env, LD_PRELOAD: findNssWrapper() ?? '', NSS_WRAPPER_HOSTS: join(base, 'hosts') };
  return { root, ports: { PORT: port, SSLPORT: port }, env };
}

/** Starts httpd on the tree and asks for / and a missing page. */
async function answers(box: Sandbox): Promise<string> {
  const server = await start(oracle.httpd!, box, 'apache2.conf');
  if (typeof server === 'string') return server;
  try {
    const get = (path: string) => ask(box, { key: path, scheme: 'http', host: '127.0.0.1', method: 'GET', path, from: '127.0.0.1' });
    const [index, missing] = [await get('/'), await get('/missing.html')];
    return `${index.status} ${index.type}; ${missing.status}`;
  } finally {
    await stopServer(server);
  }
}

describe.skipIf(oracle.skip)('a Debian mods-enabled/ tree', () => {
  afterAll(() => { for (const d of made) rmSync(d, { recursive: true, force: true }); });

  it('write makes the a2enmod/a2dismod changes, and the tree starts on 2.4; a second write changes nothing', async () => {
    const box = await debianTree();
    const enabled = join(box.root, 'mods-enabled');
    const before = await answers(box);
    expect(before).toMatch(/Invalid command 'Order'|No MPM loaded|authz_default/); // 2.4 refuses the 2.2 tree
    const check = await cli(['check', 'apache2.conf', '--server-root', '.'], box.root);
    expect(findingLines(check.stdout)).toMatch(/^apache2\.conf:\d+:1 {2}warning {2}This tree manages modules with Debian's mods-enabled\//m);
    expect(check.stdout).toMatch(/a2dismod authz_default[\s\S]*a2enmod mpm_prefork[\s\S]*a2enmod authz_core/);
    const run = await cli(['write', 'apache2.conf', '--server-root', '.'], box.root);
    expect(run.code, run.stdout + run.stderr).toBe(1); // findings (Timeout, …) remain
    expect(isLink(join(enabled, 'authz_default.load'))).toBe(false);
    expect(existsSync(join(box.root, 'mods-available', 'authz_default.load'))).toBe(true); // a2dismod keeps the file
    expect(readlinkSync(join(enabled, 'mpm_prefork.load'))).toBe('../mods-available/mpm_prefork.load');
    expect(readFileSync(join(box.root, 'mods-available', 'mpm_prefork.load'), 'utf8')).toBe(`LoadModule mpm_prefork_module ${httpdModulesDir()}/mod_mpm_prefork.so\n`);
    expect(existsSync(join(enabled, 'access_compat.load'))).toBe(false);
    expect(await answers(box)).toBe('200 text/html; 404');
    const second = await cli(['write', 'apache2.conf', '--server-root', '.'], box.root);
    expect(second.stdout).not.toMatch(/Fixed \d+ problem/); // printed whenever a file changes
    expect(second.stdout).not.toMatch(/mods-enabled\/; /);
  }, 60_000);

  it('diff shows the symlinks as git does, git apply makes them, and the tree starts', async () => {
    const box = await debianTree();
    const run = await cli(['diff', 'apache2.conf', '--server-root', '.'], box.root);
    expect(run.stdout).toContain('diff --git a/mods-enabled/authz_default.load b/mods-enabled/authz_default.load\ndeleted file mode 120000\n--- a/mods-enabled/authz_default.load\t\n+++ /dev/null\n@@ -1 +0,0 @@\n-../mods-available/authz_default.load\n\\ No newline at end of file\n');
    expect(run.stdout).toContain('diff --git a/mods-enabled/mpm_prefork.load b/mods-enabled/mpm_prefork.load\nnew file mode 120000\n--- /dev/null\n+++ b/mods-enabled/mpm_prefork.load\t\n@@ -0,0 +1 @@\n+../mods-available/mpm_prefork.load\n\\ No newline at end of file\n');
    expect(run.stdout).toContain('diff --git a/mods-available/authz_core.load b/mods-available/authz_core.load\nnew file mode 100644\n');
    writeFileSync(join(box.root, '..', 'migrate.patch'), run.stdout);
    execFileSync('git', ['apply', '--check', '../migrate.patch'], { cwd: box.root });
    execFileSync('git', ['apply', '../migrate.patch'], { cwd: box.root });
    expect(readlinkSync(join(box.root, 'mods-enabled', 'authz_core.load'))).toBe('../mods-available/authz_core.load');
    expect(await answers(box)).toBe('200 text/html; 404');
  }, 60_000);

  it('a removed module whose mods-enabled/ .load is a copy, not a symlink, loses its LoadModule line, and the tree starts', async () => {
    const box = await debianTree(['authz_default']);
    const run = await cli(['write', 'apache2.conf', '--server-root', '.'], box.root);
    expect(run.stdout).not.toMatch(/a2dismod authz_default/); // a2dismod leaves a regular file alone
    expect(readFileSync(join(box.root, 'mods-enabled', 'authz_default.load'), 'utf8')).not.toMatch(/LoadModule/);
    expect(await answers(box)).toBe('200 text/html; 404');
    const second = await cli(['write', 'apache2.conf', '--server-root', '.'], box.root);
    expect(second.stdout).not.toMatch(/Fixed \d+ problem/);
  }, 60_000);
});
