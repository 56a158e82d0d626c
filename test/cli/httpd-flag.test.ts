/** `--httpd PATH`: the real binary checks the migrated tree, and its errors point at the original file and line. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHttpd, requireHttpdOrSkip } from '../oracle/httpd.js';
import { findingLines, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

const oracle = requireHttpdOrSkip();

function brokenTree(): string {
  const root = tempDir();
  mkdirSync(join(root, 'conf.d'));
  writeFileSync(join(root, 'httpd.conf'), [
    `ServerRoot "${root}"`,
    'Listen 127.0.0.1:18123',
    'LoadModule mpm_prefork_module /usr/lib/apache2/modules/mod_mpm_prefork.so',
    'LoadModule mime_module /usr/lib/apache2/modules/mod_mime.so',
    'LoadModule deflate_module /usr/lib/apache2/modules/mod_deflate.so',
    'MaxClients 20',
    'Include conf.d/*.conf',
    '',
  ].join('\n'));
  writeFileSync(join(root, 'conf.d', 'deflate.conf'), '# Compress text.\n<IfModule mod_deflate.c>\nAddOutputFilterByType DEFLATE text/html\n</IfModule>\n');
  return root;
}

describe.skipIf(oracle.skip)('--httpd', () => {
  const httpd = findHttpd()!;

  it('catches a migration that leaves a directive without its module, at the original file and line', async () => {
    const root = brokenTree();
    const r = await runCli(['check', 'httpd.conf', '--httpd', httpd, '--disable', 'load-implicit-modules,load-module-for-directive'], { cwd: root });
    expect(r.code).toBe(1);
    expect(findingLines(r.stdout)).toMatch(/^conf\.d\/deflate\.conf:3:1 {2}error {2}.*Invalid command 'AddOutputFilterByType'.*httpd$/m);
  });

  it('reports every start-up error it can, not only the first httpd stops at', async () => {
    const root = brokenTree();
    writeFileSync(join(root, 'httpd.conf'), `${readFileSync(join(root, 'httpd.conf'), 'latin1')}LockFile /var/lock/accept.lock\n<Directory ~ "\\icons">\n</Directory>\n`);
    const r = await runCli(['check', 'httpd.conf', '--httpd', httpd, '--disable', 'load-implicit-modules,load-module-for-directive,prefer-mutex,pcre2-regex'], { cwd: root });
    expect(r.code).toBe(1);
    const errors = findingLines(r.stdout).split('\n').filter((l) => / {2}error {2}.* {2}httpd$/.test(l));
    expect(errors.map((l) => l.replace(/ {2}error {2}/, ' ').replace(/,.*| \(\S+ -t( as \w+)?\)| {2}httpd$/g, '')).sort()).toEqual([
      "conf.d/deflate.conf:3:1 Invalid command 'AddOutputFilterByType'",
      "httpd.conf:8:1 Invalid command 'LockFile'",
      'httpd.conf:9:1 Regex could not be compiled',
    ]);
  });

  it('makes write refuse to write a tree that fails the check, unless --force', async () => {
    const root = brokenTree();
    const before = readFileSync(join(root, 'httpd.conf'), 'latin1');
    const r = await runCli(['write', 'httpd.conf', '--httpd', httpd, '--disable', 'load-implicit-modules,load-module-for-directive'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nothing was written');
    expect(readFileSync(join(root, 'httpd.conf'), 'latin1')).toBe(before);
    const forced = await runCli(['write', 'httpd.conf', '--httpd', httpd, '--force', '--disable', 'load-implicit-modules,load-module-for-directive'], { cwd: root });
    expect(forced.code, 'the httpd error stays a finding').toBe(1);
    expect(readFileSync(join(root, 'httpd.conf'), 'latin1')).toContain('MaxRequestWorkers 20');
  });

  it('passes the same tree once the module rules add the LoadModule lines', async () => {
    const root = brokenTree();
    const r = await runCli(['check', 'httpd.conf', '--httpd', httpd, '--only', 'load-module-for-directive,load-implicit-modules'], { cwd: root });
    expect(findingLines(r.stdout)).not.toMatch(/ {2}error {2}.* httpd$/m);
  });

  it('puts an httpd error at the line of the file as read (check) or as written (write --force)', async () => {
    const root = tempDir();
    // load-implicit-modules writes lines after line 4; httpd then stops at the unknown directive.
    const lines = [`ServerRoot "${root}"`, 'Listen 127.0.0.1:18124', 'LoadModule mime_module /usr/lib/apache2/modules/mod_mime.so',
      'LoadModule dir_module /usr/lib/apache2/modules/mod_dir.so', 'Frobnicate on', ''];
    writeFileSync(join(root, 'httpd.conf'), lines.join('\n'));
    const check = await runCli(['check', 'httpd.conf', '--httpd', httpd], { cwd: root });
    expect(findingLines(check.stdout)).toMatch(/^httpd\.conf:5:1 {2}error {2}.*Invalid command 'Frobnicate'.* httpd$/m);
    const write = await runCli(['write', 'httpd.conf', '--httpd', httpd, '--force'], { cwd: root });
    const line = Number(/^httpd\.conf:(\d+):1 {2}error {2}.*Invalid command 'Frobnicate'/m.exec(findingLines(write.stdout))?.[1]);
    expect(line).toBeGreaterThan(5);
    expect(readFileSync(join(root, 'httpd.conf'), 'latin1').split('\n')[line - 1]).toBe('Frobnicate on');
  });

  it("heads each httpd finding with httpd's whole message, not the text before its first colon", async () => {
    // Found by a helper's bug hunt: the headlines were "Unknown Authz provider" and "AH00534".
    const root = tempDir();
    const mods = '/usr/lib/apache2/modules';
    writeFileSync(join(root, 'httpd.conf'), [`ServerRoot "${root}"`, 'Listen 127.0.0.1:18125', `LoadModule mpm_event_module ${mods}/mod_mpm_event.so`,
      `LoadModule authz_core_module ${mods}/mod_authz_core.so`, `LoadModule authz_user_module ${mods}/mod_authz_user.so`,
      '<Directory /x>', 'Require usr', '</Directory>', ''].join('\n'));
    const r = await runCli(['check', 'httpd.conf', '--httpd', httpd], { cwd: root });
    expect(findingLines(r.stdout)).toMatch(/^httpd\.conf:7:1 {2}error {2}Unknown Authz provider: usr \(\S+ -t( as \w+)?\) {2}httpd$/m);
    const noMpm = tempDir();
    writeFileSync(join(noMpm, 'httpd.conf'), `ServerRoot "${noMpm}"\nListen 127.0.0.1:18126\n`);
    const r2 = await runCli(['check', 'httpd.conf', '--httpd', httpd], { cwd: noMpm });
    expect(findingLines(r2.stdout)).toMatch(/ {2}error {2}AH00534: \S+: Configuration error: No MPM loaded\. \(\S+ -t( as \w+)?\) {2}httpd$/m);
  });
});

// Found by a helper's bug hunt: a mistyped --httpd ran the whole migration, then was reported as an internal error (a bug of ours).
describe('--httpd naming nothing that runs', () => {
  it('is a usage error before the run, naming the path, and writes nothing', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'httpd.conf'), 'MaxClients 20\n');
    for (const bad of [join(root, 'apache2x'), join(root, 'httpd.conf'), root, 'no-such-httpd']) {
      const r = await runCli(['write', 'httpd.conf', '--httpd', bad], { cwd: root, env: { PATH: '/usr/bin:/bin' } });
      expect([bad, r.code, r.stderr]).toEqual([bad, 2, `httpd-migrate: --httpd ${bad}: no such program (give the path of httpd or apache2, e.g. /usr/sbin/apache2)\n`]);
      expect(readFileSync(join(root, 'httpd.conf'), 'latin1')).toBe('MaxClients 20\n');
    }
  });
});
