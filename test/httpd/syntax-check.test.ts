// checkWithHttpd (--httpd): a migrated tree checked by the real httpd 2.4, errors mapped to the original files.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mapMessage, splitMessages } from '../../src/httpd/startup-messages.js';
import { checkWithHttpd, type CheckFile } from '../../src/httpd/syntax-check.js';
import { httpdModulesDir, requireHttpdOrSkip } from '../oracle/httpd.js';

const oracle = requireHttpdOrSkip();
const httpd = oracle.httpd!;

/** Files of a tree rooted at `root` (not necessarily on disk): relative path → text. */
function tree(root: string, texts: Record<string, string>): CheckFile[] {
  return Object.entries(texts).map(([rel, output]) => ({ path: join(root, rel), display: rel, output }));
}

const MAIN = (extra: string) => [
  'ServerRoot "/etc/httpd"',
  'Listen 127.0.0.1:18999',
  'ServerName 127.0.0.1',
  'LoadModule mpm_prefork_module modules/mod_mpm_prefork.so',
  'LoadModule deflate_module modules/mod_deflate.so',
  extra,
  'ErrorLog logs/error_log',
  'PidFile run/httpd.pid',
  'Include conf.d/*.conf',
  '',
].join('\n');
const DEFLATE = '# compress text\n<IfModule mod_deflate.c>\nAddOutputFilterByType DEFLATE text/html\n</IfModule>\n';

describe('reading httpd\'s messages', () => {
  const display = new Map([['/s/root/conf/httpd.conf', 'conf/httpd.conf'], ['/s/root/conf.d/a.conf', 'conf.d/a.conf'], ['/s/root', '/etc/httpd']]);

  it('joins "Syntax error on line N of F:" with the next line and drops the summaries', () => {
    expect(splitMessages('AH00526: Syntax error on line 3 of /s/root/conf.d/a.conf:\nInvalid command \'X\', perhaps\nAH00014: Configuration check failed\n'))
      .toEqual(['AH00526: Syntax error on line 3 of /s/root/conf.d/a.conf: Invalid command \'X\', perhaps']);
  });

  it('points at the innermost file of a nested include error', () => {
    const m = mapMessage('apache2: Syntax error on line 9 of /s/root/conf/httpd.conf: Syntax error on line 1 of /s/root/conf.d/a.conf: Cannot load /s/root/modules/mod_x.so into server', display);
    expect(m).toEqual({ display: 'conf.d/a.conf', line: 1, message: 'Cannot load /etc/httpd/modules/mod_x.so into server', environment: false });
  });

  it('finds `line N of F` and `F:N` locations, and tells environment errors apart', () => {
    expect(mapMessage('AH00117: Ignoring deprecated use of DefaultType in line 30 of /s/root/conf/httpd.conf.', display)).toMatchObject({ display: 'conf/httpd.conf', line: 30 });
    expect(mapMessage('AH00548: NameVirtualHost has no effect and will be removed in the next release /s/root/conf.d/a.conf:4', display)).toMatchObject({ display: 'conf.d/a.conf', line: 4 });
    expect(mapMessage('AH00543: apache2: bad user name apache', display)).toEqual({ display: '', line: 0, message: 'AH00543: apache2: bad user name apache', environment: true });
  });
});

describe.skipIf(oracle.skip)('checkWithHttpd on the real httpd', () => {
  const opts = { serverRoot: '/etc/httpd', main: '/etc/httpd/conf/httpd.conf', modulesDir: httpdModulesDir() };

  it('catches a module the migration forgot, at the original included file and line', async () => {
    const files = tree('/etc/httpd', { 'conf/httpd.conf': MAIN(''), 'conf.d/deflate.conf': DEFLATE });
    const r = await checkWithHttpd(httpd, files, opts);
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual([{
      display: 'conf.d/deflate.conf', line: 3, environment: false,
      message: "Invalid command 'AddOutputFilterByType', perhaps misspelled or defined by a module not included in the server configuration",
    }]);
    expect(r.raw).toContain('Syntax error on line 3 of /');
  });

  it('passes the same tree once the LoadModule line is there, and reports warnings at their lines', async () => {
    const files = tree('/etc/httpd', {
      'conf/httpd.conf': MAIN('LoadModule filter_module modules/mod_filter.so'),
      'conf.d/deflate.conf': DEFLATE,
      'conf.d/legacy.conf': '\nDefaultType text/plain\n',
    });
    const r = await checkWithHttpd(httpd, files, opts);
    expect(r.errors).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.warnings).toEqual([expect.objectContaining({ display: 'conf.d/legacy.conf', line: 2, message: expect.stringContaining('AH00117') })]);
  });

  it('maps ServerRoot "/etc/httpd", a relative Include and an absolute one into the copy', async () => {
    const files = tree('/etc/httpd', {
      'conf/httpd.conf': MAIN('Include "/etc/httpd/conf/extra/abs.conf"'),
      'conf/extra/abs.conf': 'LoadModule filter_module modules/mod_filter.so\n',
      'conf.d/deflate.conf': DEFLATE,
      'conf.d/z-keepalive.conf': '# last in order\nKeepAlive yes\n',
    });
    const r = await checkWithHttpd(httpd, files, opts);
    // abs.conf was read (else AddOutputFilterByType would fail first) and conf.d/*.conf expanded in the copy, in order.
    expect(r.errors).toEqual([{ display: 'conf.d/z-keepalive.conf', line: 2, message: 'KeepAlive must be On or Off', environment: false }]);
    const i = r.command.indexOf('-f');
    expect(r.command[i + 1]).toMatch(/\/root\/conf\/httpd\.conf$/);
    expect(r.command[i + 3]).toMatch(/\/root$/);
  });

  it('creates the directories relative log, mutex and default error-log paths name below the copy, not absolute ones', async () => {
    const main = [
      'ServerRoot "/etc/httpd"', 'Listen 127.0.0.1:18999', 'ServerName 127.0.0.1', 'PidFile run/httpd.pid',
      'LoadModule mpm_prefork_module modules/mod_mpm_prefork.so',
      'Mutex fcntl:run/locks mpm-accept',
      'CustomLog logs/access/access_log "%h %r"',
      'TransferLog var/transfer_log',
      '',
    ].join('\n');
    // No ErrorLog: httpd logs to its built-in logs/error_log, whose directory the copy gets too.
    expect(await checkWithHttpd(httpd, tree('/etc/httpd', { 'conf/httpd.conf': main }), opts)).toMatchObject({ ok: true, errors: [] });
    const absolute = `${main}CustomLog /nonexistent-httpd-migrate-dir/access_log combined\n`;
    const r = await checkWithHttpd(httpd, tree('/etc/httpd', { 'conf/httpd.conf': absolute }), opts);
    expect(r.errors).toEqual([expect.objectContaining({ environment: true, message: expect.stringContaining("Cannot access directory '/nonexistent-httpd-migrate-dir/'") })]);
  });

  it('maps an Include outside the ServerRoot that holds files of the tree', async () => {
    const files = [
      ...tree('/etc/httpd', { 'conf/httpd.conf': MAIN('Include /srv/shared/*.conf'), 'conf.d/empty.conf': '' }),
      { path: '/srv/shared/filter.conf', display: '/srv/shared/filter.conf', output: 'LoadModule filter_module modules/mod_filter.so\nRewriteEngine On\n' },
    ];
    const r = await checkWithHttpd(httpd, files, opts);
    expect(r.errors).toEqual([expect.objectContaining({ display: '/srv/shared/filter.conf', line: 2, message: expect.stringMatching(/^Invalid command 'RewriteEngine'/) })]);
  });

  it('wraps a fragment (no Listen, no ServerRoot) without adding modules, keeping its line numbers', async () => {
    const vhost = '<VirtualHost *:80>\n    ServerName www.example.test\n\n    Header set X-Frame-Options DENY\n</VirtualHost>\n';
    const bad = await checkWithHttpd(httpd, [{ path: '/srv/site/vhost.conf', display: 'vhost.conf', output: vhost }], { main: '/srv/site/vhost.conf' });
    expect(bad.errors).toEqual([expect.objectContaining({ display: 'vhost.conf', line: 4, message: expect.stringMatching(/^Invalid command 'Header'/) })]);
    const good = await checkWithHttpd(httpd, [{ path: '/srv/site/vhost.conf', display: 'vhost.conf', output: `LoadModule headers_module ${httpdModulesDir()}/mod_headers.so\n${vhost}` }], {});
    expect(good).toMatchObject({ ok: true, errors: [] });
  });

  it('checks .htaccess files inside a <Directory> with AllowOverride All', async () => {
    const files: CheckFile[] = [
      ...tree('/etc/httpd', { 'conf/httpd.conf': MAIN('LoadModule authz_core_module modules/mod_authz_core.so'), 'conf.d/empty.conf': '' }),
      { path: '/var/www/html/.htaccess', display: '/var/www/html/.htaccess', output: 'Require all granted\n# 2.2 leftovers\nOrder allow,deny\n' },
    ];
    const r = await checkWithHttpd(httpd, files, opts);
    expect(r.errors).toEqual([expect.objectContaining({ display: '/var/www/html/.htaccess', line: 3, message: expect.stringMatching(/^Invalid command 'Order'/) })]);
  });

  it('checks a file whose name ends in .htaccess as an access file when the caller gives no kind, as the project reads it', async () => {
    const files: CheckFile[] = [
      ...tree('/etc/httpd', { 'conf/httpd.conf': MAIN('LoadModule authz_core_module modules/mod_authz_core.so'), 'conf.d/empty.conf': '' }),
      { path: '/var/www/html/site.htaccess', display: 'site.htaccess', output: 'Require all granted\n# 2.2 leftovers\nOrder allow,deny\n' },
    ];
    const r = await checkWithHttpd(httpd, files, opts);
    expect(r.errors).toEqual([expect.objectContaining({ display: 'site.htaccess', line: 3, message: expect.stringMatching(/^Invalid command 'Order'/) })]);
  });

  describe('a tree on disk', () => {
    const dir = mkdtempSync('/dev/shm/check-test-');
    // Others may read it, as they may /etc/httpd: run as root, httpd -t runs as nobody (run-as.ts).
    chmodSync(dir, 0o755);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('sees the original ServerRoot\'s other entries (an unknown user is an environment error)', async () => {
      mkdirSync(join(dir, 'conf'), { recursive: true });
      mkdirSync(join(dir, 'extra'));
      writeFileSync(join(dir, 'extra', 'more.conf'), 'ServerAdmin webmaster@example.test\nUser no-such-user-here\n');
      const main = MAIN('Include extra/more.conf').replace('ServerRoot "/etc/httpd"', `ServerRoot "${dir}"`);
      const r = await checkWithHttpd(httpd, tree(dir, { 'conf/httpd.conf': main, 'conf.d/empty.conf': '' }), { serverRoot: dir, main: join(dir, 'conf/httpd.conf') });
      expect(r.errors).toEqual([expect.objectContaining({ environment: true, message: expect.stringContaining('bad user name no-such-user-here') })]);
    });

    it('creates no directory in the original ServerRoot: a log directory missing below its logs/ is httpd\'s to report', async () => {
      mkdirSync(join(dir, 'logs'), { recursive: true });
      const main = MAIN('CustomLog logs/sub/access_log combined').replace('ServerRoot "/etc/httpd"', `ServerRoot "${dir}"`);
      const r = await checkWithHttpd(httpd, tree(dir, { 'conf/httpd.conf': main, 'conf.d/empty.conf': '' }), { serverRoot: dir, main: join(dir, 'conf/httpd.conf') });
      expect(r.errors).toEqual([expect.objectContaining({ environment: true, message: expect.stringMatching(/Cannot access directory '.*\/logs\/sub\/'/) })]);
      expect(existsSync(join(dir, 'logs', 'sub'))).toBe(false);
    });
  });
});
