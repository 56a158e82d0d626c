/**
 * `--httpd` run as root: httpd loads the configuration's modules, whose code runs as they load, so
 * the check runs as `nobody` (issue 12, item 8). Paths httpd tests while reading and only root may
 * reach are tested as root and stood in for; paths that fail the test are still reported.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkUser, handOver } from '../../src/httpd/run-as.js';
import { checkWithHttpd } from '../../src/httpd/syntax-check.js';
import { httpdModulesDir, requireHttpdOrSkip } from '../oracle/httpd.js';
import { findingsWithRemedy, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

const oracle = requireHttpdOrSkip();
const isRoot = process.getuid?.() === 0;
if (!isRoot) console.log('skipped: running httpd -t as an unprivileged user needs root (CI runs as root)');
const nobody = checkUser();

function hasCompiler(): boolean {
  try {
    execFileSync('cc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('the user httpd -t runs as', () => {
  it('is nobody, from the password file, only when this process is root', () => {
    const passwd = join(tempDir(), 'passwd');
    writeFileSync(passwd, 'root:x:0:0:root:/root:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n');
    expect(checkUser(passwd, true)).toEqual({ name: 'nobody', uid: 65534, gid: 65534 });
    expect(checkUser(passwd, false)).toBeNull();
    writeFileSync(passwd, 'root:x:0:0:root:/root:/bin/bash\nnobody:x:0:0:a nobody that is root:/:/bin/sh\n');
    expect(checkUser(passwd, true)).toBeNull();
    expect(checkUser(join(tempDir(), 'missing'), true)).toBeNull();
  });
});

describe.skipIf(!isRoot)('handing the scratch copy over', () => {
  it('changes the owner of what is inside, and never follows a symlink out of it', () => {
    const outside = join(tempDir(), 'modules');
    mkdirSync(outside);
    writeFileSync(join(outside, 'mod_x.so'), 'x');
    const dir = tempDir();
    mkdirSync(join(dir, 'root/conf'), { recursive: true });
    writeFileSync(join(dir, 'root/conf/httpd.conf'), 'x');
    symlinkSync(outside, join(dir, 'root/modules'));
    handOver(dir, { name: 'nobody', uid: 65534, gid: 65534 });
    expect(statSync(join(dir, 'root/conf/httpd.conf')).uid).toBe(65534);
    expect(lstatSync(join(dir, 'root/modules')).uid).toBe(65534);
    expect(statSync(outside).uid).toBe(0);
    expect(statSync(join(outside, 'mod_x.so')).uid).toBe(0);
  });
});

describe.skipIf(oracle.skip || !isRoot || !nobody)('httpd -t as nobody when run as root', () => {
  const modules = httpdModulesDir();
  const head = (root: string) => [
    `ServerRoot "${root}"`, 'Listen 127.0.0.1:18131', 'ServerName 127.0.0.1', `PidFile "${root}/httpd.pid"`,
    `LoadModule mpm_prefork_module ${modules}/mod_mpm_prefork.so`, `LoadModule authz_core_module ${modules}/mod_authz_core.so`,
  ];

  it.skipIf(!hasCompiler())('runs the code of a LoadModule line as nobody, not as root', async () => {
    const root = tempDir();
    chmodSync(root, 0o755);
    mkdirSync(join(root, 'out'));
    chmodSync(join(root, 'out'), 0o777);
    const out = join(root, 'out/uid');
    writeFileSync(join(root, 'probe.c'), [
      '#include <stdio.h>', '#include <unistd.h>',
      `__attribute__((constructor)) static void probe(void) { FILE *f = fopen("${out}", "w"); if (f) { fprintf(f, "%d", (int) getuid()); fclose(f); } }`,
    ].join('\n'));
    execFileSync('cc', ['-shared', '-fPIC', '-o', join(root, 'mod_probe.so'), join(root, 'probe.c')]);
    chmodSync(join(root, 'mod_probe.so'), 0o755);
    writeFileSync(join(root, 'httpd.conf'), [...head(root), `ErrorLog "${root}/error_log"`, `LoadModule probe_module ${root}/mod_probe.so`, ''].join('\n'));
    const r = await runCli(['check', 'httpd.conf', '--httpd', oracle.httpd!], { cwd: root });
    // The module has no module structure, so httpd refuses it, but only after its code ran.
    expect(findingsWithRemedy(r.stdout)).toMatch(/httpd\.conf:8:1 .*Can't locate API module structure/);
    expect(readFileSync(out, 'latin1')).toBe(String(nobody!.uid));
  });

  it('does not report certificates, log directories and a DocumentRoot that only root may reach', async () => {
    const root = tempDir();
    chmodSync(root, 0o755);
    const secret = join(root, 'private');
    mkdirSync(join(secret, 'logs'), { recursive: true });
    mkdirSync(join(secret, 'htdocs'));
    writeFileSync(join(secret, 'site.crt'), 'certificate\n');
    writeFileSync(join(secret, 'site.key'), 'key\n');
    chmodSync(secret, 0o700);
    const lines = [
      ...head(root),
      `LoadModule ssl_module ${modules}/mod_ssl.so`, `LoadModule socache_shmcb_module ${modules}/mod_socache_shmcb.so`,
      'ErrorLog private/logs/error_log',
      `DocumentRoot "${secret}/htdocs"`,
      '<VirtualHost 127.0.0.1:18131>',
      '  SSLEngine on',
      `  SSLCertificateFile ${secret}/site.crt`,
      `  SSLCertificateKeyFile "${secret}/site.key"`,
      '</VirtualHost>',
      '',
    ];
    const files = [{ path: join(root, 'httpd.conf'), display: 'httpd.conf', output: lines.join('\n') }];
    const ok = await checkWithHttpd(oracle.httpd!, files, { serverRoot: root, main: files[0]!.path, modulesDir: modules });
    expect(ok.user).toBe('nobody');
    expect(ok.errors).toEqual([]);
    expect(ok.ok).toBe(true);
    // nobody itself cannot see the key: without the stand-ins httpd would call it missing.
    expect(spawnSync('test', ['-s', join(secret, 'site.key')], { uid: nobody!.uid, gid: nobody!.gid }).status).toBe(1);
    // A key that is missing for root too is still reported, at its line.
    const missing = lines.map((l) => l.replace('site.key', 'gone.key'));
    const bad = await checkWithHttpd(oracle.httpd!, [{ ...files[0]!, output: missing.join('\n') }], { serverRoot: root, main: files[0]!.path, modulesDir: modules });
    expect(bad.ok).toBe(false);
    expect(bad.errors[0]).toMatchObject({ display: 'httpd.conf', line: 14, message: expect.stringContaining('gone.key') });
  });
});
