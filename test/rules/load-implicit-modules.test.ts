import { describe, expect, it } from 'vitest';
import rule from '../../rules/load-implicit-modules.js';
import { fixFile } from '../../src/engine/fix-loop.js';
import { projectOf, type Project } from '../../src/project/project.js';
import { HTACCESS_SKIPPED } from '../../src/project/discover.js';
import { ruleTester } from '../helpers/rule-tester.js';
import { sourceFile } from '../helpers/source-file.js';
import { runOnTree } from '../helpers/include-tree.js';

const BASE = ['mpm_prefork', 'unixd', 'authn_core', 'authz_core'];
/** LoadModule lines as the rule writes them: unixd, which some builds compile in, inside <IfModule !unixd_module>. */
const lines = (dir: string, names: string[]) => names.map((n) => {
  const line = `LoadModule ${n}_module ${dir}mod_${n}.so\n`;
  return n === 'unixd' ? `<IfModule !unixd_module>\n    ${line}</IfModule>\n` : line;
}).join('');
/** LoadModule lines as a tree that already loads the modules writes them. */
const loaded = (dir: string, names: string[]) => names.map((n) => `LoadModule ${n}_module ${dir}mod_${n}.so\n`).join('');

ruleTester(rule, {
  valid: [
    'User apache\nOrder allow,deny\nAddOutputFilterByType DEFLATE text/html\n',
    `${loaded('modules/', ['mpm_event', 'unixd', 'authn_core', 'authz_core', 'access_compat'])}<Directory /srv>\n    Allow from all\n</Directory>\n`,
    loaded('modules/', ['mpm_event', 'unixd', 'authn_core', 'authz_core', 'mime']),
  ],
  invalid: [
    {
      // Found by a helper's bug hunt: nothing was said, and the real 2.4 refused the migrated tree ("No MPM loaded").
      name: 'says what a 2.4 built with shared modules needs when a main configuration loads no module (a static 2.2 build)',
      code: 'ServerRoot "/srv/httpd"\nListen 80\nPidFile logs/httpd.pid\n<IfModule prefork.c>\n    MaxClients 10\n</IfModule>\n',
      output: null,
      errors: [/^This configuration loads no module: the 2\.2 server had them compiled in\. A 2\.4 built with shared modules, .*"No MPM loaded".*LoadModule mpm_prefork_module/],
    },
    {
      name: 'drops mod_access_compat when the Order lines left are in the 2.2 branch of a dual-version block, which 2.4 never reads',
      code: `${loaded('modules/', ['mpm_event', 'unixd', 'authn_core', 'authz_core', 'access_compat'])}<Directory /srv>\n  <IfModule mod_authz_core.c>\n    Require all denied\n  </IfModule>\n  <IfModule !mod_authz_core.c>\n    Order allow,deny\n    Deny from all\n  </IfModule>\n</Directory>\n`,
      output: `${loaded('modules/', ['mpm_event', 'unixd', 'authn_core', 'authz_core'])}<Directory /srv>\n  <IfModule mod_authz_core.c>\n    Require all denied\n  </IfModule>\n  <IfModule !mod_authz_core.c>\n    Order allow,deny\n    Deny from all\n  </IfModule>\n</Directory>\n`,
      errors: ['mod_access_compat is not needed: no Order, Allow, Deny or Satisfy is left'],
    },
    {
      name: 'drops mod_access_compat once no Order, Allow, Deny or Satisfy is left',
      code: `${loaded('modules/', ['mpm_event', 'unixd', 'authn_core', 'authz_core', 'access_compat'])}<Directory /srv>\n    Require all granted\n</Directory>\n`,
      output: `${loaded('modules/', ['mpm_event', 'unixd', 'authn_core', 'authz_core'])}<Directory /srv>\n    Require all granted\n</Directory>\n`,
      errors: ['mod_access_compat is not needed: no Order, Allow, Deny or Satisfy is left'],
    },
    {
      code: 'ServerRoot "/etc/httpd"\nLoadModule mime_module modules/mod_mime.so\n',
      output: `ServerRoot "/etc/httpd"\n${lines('modules/', ['mime', ...BASE])}`,
      errors: [/^2\.2 provided these .* mod_mpm_prefork \(.*prefork, 2\.2's default MPM on Unix \(pass --mpm to choose another\)\); mod_unixd .* Write, after the last LoadModule line: `LoadModule mpm_prefork_module modules\/mod_mpm_prefork\.so`, `<IfModule !unixd_module>`, `LoadModule unixd_module modules\/mod_unixd\.so`, `<\/IfModule>`, /],
    },
    {
      name: 'keeps a column-aligned path column',
      code: 'LoadModule mime_module       /m/mod_mime.so\nLoadModule mpm_worker_module /m/mod_mpm_worker.so\nLoadModule authn_core_module /m/mod_authn_core.so\nLoadModule authz_core_module /m/mod_authz_core.so\n',
      output: 'LoadModule mime_module       /m/mod_mime.so\nLoadModule mpm_worker_module /m/mod_mpm_worker.so\nLoadModule authn_core_module /m/mod_authn_core.so\nLoadModule authz_core_module /m/mod_authz_core.so\n<IfModule !unixd_module>\n    LoadModule unixd_module      /m/mod_unixd.so\n</IfModule>\n',
      errors: ['mod_unixd (User, Group'],
    },
    {
      // Found by a helper's bug hunt on the real 2.4.71: loaded after mod_ssl, the Allow/Deny check ran after
      // SSLRequireSSL, so under SSLOptions +StrictRequire and Satisfy Any a denied host over plain HTTP with a good
      // password got 403 where 2.2 (authz_host loaded first) answered 200; loaded after authz_host's line, 200 again.
      name: 'loads mod_access_compat where authz_host was when mod_ssl is loaded after it, keeping 2.2\'s order of the access hooks',
      code: `${loaded('modules/', ['authz_host', 'mime', 'ssl'])}<Directory /srv>\n    SSLOptions +StrictRequire\n    SSLRequireSSL\n    Satisfy Any\n    Deny from all\n</Directory>\n`,
      output: `${loaded('modules/', ['authz_host', 'access_compat', 'mime', 'ssl'])}${lines('modules/', BASE)}<Directory /srv>\n    SSLOptions +StrictRequire\n    SSLRequireSSL\n    Satisfy Any\n    Deny from all\n</Directory>\n`,
      errors: [/Write, after the last LoadModule line: `LoadModule mpm_prefork_module .*`LoadModule authz_core_module modules\/mod_authz_core\.so`; and `LoadModule access_compat_module modules\/mod_access_compat\.so` right after `authz_host_module`'s line, where 2\.2's host check ran/],
    },
    {
      name: 'inserts after the last top-level LoadModule, with CRLF, and loads what directives need',
      code: 'ServerRoot "/etc/httpd"\r\nLoadModule mime_module modules/mod_mime.so\r\n<IfDefine SSL>\r\n  LoadModule ssl_module modules/mod_ssl.so\r\n</IfDefine>\r\n<IfModule worker.c>\r\n  MaxClients 10\r\n</IfModule>\r\n<Location />\r\n  Deny from 10.0.0.1\r\n</Location>\r\nAllowCONNECT 443\r\nSSLSessionCache dbm:/var/run/scache\r\n',
      output: 'ServerRoot "/etc/httpd"\r\nLoadModule mime_module modules/mod_mime.so\r\nLoadModule mpm_worker_module modules/mod_mpm_worker.so\r\n<IfModule !unixd_module>\r\n    LoadModule unixd_module modules/mod_unixd.so\r\n</IfModule>\r\nLoadModule authn_core_module modules/mod_authn_core.so\r\nLoadModule authz_core_module modules/mod_authz_core.so\r\nLoadModule access_compat_module modules/mod_access_compat.so\r\nLoadModule proxy_connect_module modules/mod_proxy_connect.so\r\nLoadModule socache_dbm_module modules/mod_socache_dbm.so\r\n<IfDefine SSL>\r\n  LoadModule ssl_module modules/mod_ssl.so\r\n</IfDefine>\r\n<IfModule worker.c>\r\n  MaxClients 10\r\n</IfModule>\r\n<Location />\r\n  Deny from 10.0.0.1\r\n</Location>\r\nAllowCONNECT 443\r\nSSLSessionCache dbm:/var/run/scache\r\n',
      errors: ['the worker MPM, the only one the configuration has settings for'],
    },
    {
      name: 'takes the MPM from --mpm and loads byrequests by default for a balancer',
      code: 'ServerRoot /usr/local/apache2\n<IfModule prefork.c>\n</IfModule>\n<IfModule mpm_event_module>\n</IfModule>\nLoadModule "proxy_balancer_module" "lib/mod_proxy_balancer.so"\n',
      options: { mpm: 'event' },
      // Before the <IfModule mpm_event_module> test, which would be false if the MPM were loaded after it.
      output: 'ServerRoot /usr/local/apache2\n<IfModule prefork.c>\n</IfModule>\nLoadModule mpm_event_module "lib/mod_mpm_event.so"\n<IfModule !unixd_module>\n    LoadModule unixd_module "lib/mod_unixd.so"\n</IfModule>\nLoadModule authn_core_module "lib/mod_authn_core.so"\nLoadModule authz_core_module "lib/mod_authz_core.so"\nLoadModule slotmem_shm_module "lib/mod_slotmem_shm.so"\nLoadModule lbmethod_byrequests_module "lib/mod_lbmethod_byrequests.so"\n<IfModule mpm_event_module>\n</IfModule>\nLoadModule "proxy_balancer_module" "lib/mod_proxy_balancer.so"\n',
      errors: ['the MPM chosen with --mpm'],
    },
  ],
});

const conf = sourceFile;

describe('load-implicit-modules across a project', () => {
  it('inserts only in the file holding most LoadModule lines and counts modules loaded elsewhere', () => {
    const files = [
      conf('/etc/httpd/conf/httpd.conf', 'LoadModule mime_module modules/mod_mime.so\nLoadModule alias_module modules/mod_alias.so\nInclude conf.d/*.conf\n'),
      conf('/etc/httpd/conf.d/mpm.conf', 'LoadModule mpm_event_module modules/mod_mpm_event.so\n<Directory /srv>\n  Satisfy any\n</Directory>\n'),
      conf('/srv/.htaccess', 'AddOutputFilterByType DEFLATE text/css\n'),
    ];
    const project: Project = projectOf(files);
    expect(fixFile(files[0]!.ast, [rule], project).output)
      .toBe(`${lines('modules/', ['mime', 'alias', 'unixd', 'authn_core', 'authz_core', 'access_compat', 'filter'])}Include conf.d/*.conf\n`);
    expect(fixFile(files[1]!.ast, [rule], project).output).toBe(files[1]!.ast.text);
    expect(fixFile(files[2]!.ast, [rule], project).output).toBe(files[2]!.ast.text);
  });

  it('leaves a conf.d/ssl.conf read without its main file: its one LoadModule line does not make it the main configuration', () => {
    const text = 'LoadModule ssl_module modules/mod_ssl.so\nListen 443\nSSLSessionCache shmcb:/var/cache/mod_ssl/scache(512000)\n'
      + '<VirtualHost _default_:443>\n  <Files ~ "\\.(cgi|shtml)$">\n    SSLOptions +StdEnvVars\n  </Files>\n  <Location /secure>\n    Order deny,allow\n  </Location>\n</VirtualHost>\n';
    const f = conf('/etc/httpd/conf.d/ssl.conf', text);
    const r = fixFile(f.ast, [rule], projectOf([f]));
    expect(r.output).toBe(text);
    expect([...r.applied, ...r.remaining]).toEqual([]);
    // Read with the main file, which loads the MPM, the needs go there and ssl.conf is still left alone.
    const main = conf('/etc/httpd/conf/httpd.conf', 'ServerRoot "/etc/httpd"\nLoadModule mpm_prefork_module modules/mod_mpm_prefork.so\nLoadModule mime_module modules/mod_mime.so\nInclude conf.d/*.conf\n');
    const both = projectOf([main, f]);
    expect(fixFile(f.ast, [rule], both).output).toBe(text);
    expect(fixFile(main.ast, [rule], both).output).toBe('ServerRoot "/etc/httpd"\n'
      + `${loaded('modules/', ['mpm_prefork', 'mime'])}${lines('modules/', ['unixd', 'authn_core', 'authz_core', 'access_compat', 'socache_shmcb'])}Include conf.d/*.conf\n`);
  });

  it('leaves a file whose LoadModule lines all sit inside sections', () => {
    const f = conf('/etc/httpd/conf.d/wsgi.conf', '<IfModule !mod_wsgi.c>\n  LoadModule wsgi_module modules/mod_wsgi.so\n</IfModule>\n');
    expect(fixFile(f.ast, [rule], projectOf([f])).applied).toEqual([]);
  });

  it('reports, without writing, a main configuration whose LoadModule lines all sit inside <IfDefine>', () => {
    const f = conf('/srv/httpd.conf', 'ServerRoot "/srv"\n<IfDefine !MINIMAL>\nLoadModule mime_module modules/mod_mime.so\nLoadModule dir_module modules/mod_dir.so\nLoadModule headers_module modules/mod_headers.so\n</IfDefine>\nHeader set X-Test 1\n');
    const r = fixFile(f.ast, [rule], projectOf([f]));
    expect(r.output).toBe(f.ast.text);
    expect(r.remaining.map((p) => p.message)).toEqual([expect.stringContaining('write `LoadModule mpm_prefork_module modules/mod_mpm_prefork.so`, `LoadModule unixd_module modules/mod_unixd.so`, `LoadModule authn_core_module modules/mod_authn_core.so`, `LoadModule authz_core_module modules/mod_authz_core.so` at the top level')]);
    expect(r.remaining[0]!.line).toBe(3);
  });

  describe('an Include line whose files were not read (--no-follow-includes)', () => {
    const head = `ServerRoot "/srv"\n${loaded('modules/', ['mpm_prefork', 'unixd', 'authn_core', 'authz_core'])}`;
    const read = (text: string, follow: boolean) => {
      const f = conf('/srv/conf/httpd.conf', text);
      const inc = conf('/srv/conf/conf.d/a.conf', '<Location /a>\n    Require all denied\n</Location>\n');
      const project = projectOf(follow ? [f, inc] : [f]);
      project.entries.splice(0, project.entries.length, f.path);
      const d = f.ast.children.find((n) => n.type === 'directive' && n.lname === 'include');
      if (follow && d?.type === 'directive') project.includes.push({ from: f.path, directive: d, optional: false, pattern: '/srv/conf/conf.d/*.conf', serverRoot: '/srv', files: [inc.path], context: [] });
      return fixFile(f.ast, [rule], project);
    };

    it('keeps the access_compat line, and a run that follows the includes drops it when none is left', () => {
      const text = `${head}LoadModule access_compat_module modules/mod_access_compat.so\nInclude conf/conf.d/*.conf\n`;
      expect(read(text, false).output).toBe(text);
      expect(read(text, true).output).toBe(`${head}Include conf/conf.d/*.conf\n`);
    });

    it('adds mod_access_compat, saying why', () => {
      const r = read(`${head}Include conf/conf.d/*.conf\n`, false);
      expect(r.output).toBe(`${head}LoadModule access_compat_module modules/mod_access_compat.so\nInclude conf/conf.d/*.conf\n`);
      expect(r.applied.map((p) => p.message)).toEqual([expect.stringContaining('mod_access_compat (the files of `Include conf/conf.d/*.conf` were not read, and may hold Order, Allow, Deny or Satisfy')]);
    });
  });

  describe('.htaccess files the loader did not look for (a directory it cannot read, one outside the tree)', () => {
    const head = `ServerRoot "/srv"\n${loaded('modules/', ['mpm_prefork', 'unixd', 'authn_core', 'authz_core'])}`;
    const read = (text: string, skipped: boolean) => {
      const f = conf('/srv/conf/httpd.conf', text);
      const project = projectOf([f]);
      if (skipped) project.diagnostics.push({ code: HTACCESS_SKIPPED, severity: 'warning', path: '/srv/www/away', start: 0, end: 0, message: '.htaccess files below /srv/www/away were not looked for: …' });
      return fixFile(f.ast, [rule], project);
    };

    it('adds mod_access_compat, saying why, and keeps it while they are not read', () => {
      const r = read(head, true);
      expect(r.output).toBe(`${head}LoadModule access_compat_module modules/mod_access_compat.so\n`);
      expect(r.applied.map((p) => p.message)).toEqual([expect.stringContaining('mod_access_compat (the .htaccess files below /srv/www/away were not read, and may hold Order, Allow, Deny or Satisfy')]);
      const kept = `${head}LoadModule access_compat_module modules/mod_access_compat.so\n`;
      expect(read(kept, true).output).toBe(kept);
      expect(read(kept, false).output).toBe(head);
    });

    it('not for the root of the file system, which no run walks', () => {
      const f = conf('/srv/conf/httpd.conf', head);
      const project = projectOf([f]);
      project.diagnostics.push({ code: HTACCESS_SKIPPED, severity: 'warning', path: '/', start: 0, end: 0, message: '.htaccess files below / were not looked for: …' });
      expect(fixFile(f.ast, [rule], project).output).toBe(head);
    });
  });

  it('ignores LoadModule lines and directives that 2.4 skips inside <IfVersion>', () => {
    const f = conf('/etc/httpd/conf/httpd.conf', 'LoadModule mpm_worker_module m/mod_mpm_worker.so\nLoadModule unixd_module m/mod_unixd.so\nLoadModule authn_core_module m/mod_authn_core.so\nLoadModule authz_core_module m/mod_authz_core.so\n<IfVersion < 2.4>\n  Order allow,deny\n</IfVersion>\n');
    expect(fixFile(f.ast, [rule], projectOf([f])).applied).toEqual([]);
  });

  // Found by the whole-tree fuzzer: ProxyFtpDirCharset inside <IfModule mod_proxy_ftp.c> loaded mod_proxy_ftp, which
  // turned the block on in 2.4, and a second write rewrote the Order lines there that the first had not seen.
  it('does not load the module a moved directive went to for a line inside <IfModule> of that module, in the file or around its Include', () => {
    const head = loaded('m/', ['mpm_worker', 'unixd', 'authn_core', 'authz_core']);
    const guarded = conf('/etc/httpd/conf/httpd.conf', `${head}<IfModule mod_proxy_ftp.c>\n  ProxyFtpDirCharset UTF-8\n</IfModule>\n<IfModule filter_module>\n  AddOutputFilterByType DEFLATE text/html\n</IfModule>\n`);
    expect(fixFile(guarded.ast, [rule], projectOf([guarded])).applied).toEqual([]);
    const tree = { 'httpd.conf': `ServerRoot "\${dir}"\n${head}<IfModule mod_proxy_ftp.c>\n  Include conf.d/ftp.conf\n</IfModule>\n`, 'conf.d/ftp.conf': 'ProxyFtpDirCharset UTF-8\n' };
    expect(runOnTree(rule, tree).applied).toEqual([]);
    // Guarded by mod_proxy, which the tree loads, 2.2 read the line (it was mod_proxy's): 2.4 needs mod_proxy_ftp for it.
    const other = conf('/etc/httpd/conf/httpd.conf', `${head}LoadModule proxy_module m/mod_proxy.so\n<IfModule mod_proxy.c>\n  ProxyFtpDirCharset UTF-8\n</IfModule>\n`);
    expect(fixFile(other.ast, [rule], projectOf([other])).output).toContain('LoadModule proxy_ftp_module m/mod_proxy_ftp.so\n');
  });

  // Found by the whole-tree fuzzer: AllowCONNECT inside <IfModule mod_proxy.c> in a tree that does not load mod_proxy
  // loaded mod_proxy_connect, which needs mod_proxy: the real apache2 -t refused the tree ("undefined symbol: ap_proxy_tunnel_create").
  it('does not count a moved directive inside an <IfModule> that 2.2 read as false', () => {
    const head = loaded('m/', ['mpm_worker', 'unixd', 'authn_core', 'authz_core', 'mime']);
    const dead = conf('/etc/httpd/conf/httpd.conf', `${head}<IfModule mod_proxy.c>\n  AllowCONNECT 443\n</IfModule>\n<IfModule !mod_mime.c>\n  AddOutputFilterByType DEFLATE text/html\n</IfModule>\n`);
    expect(fixFile(dead.ast, [rule], projectOf([dead])).applied).toEqual([]);
    const tree = { 'httpd.conf': `ServerRoot "\${dir}"\n${head}<IfModule mod_proxy.c>\n  Include conf.d/connect.conf\n</IfModule>\n`, 'conf.d/connect.conf': 'AllowCONNECT 443\n' };
    expect(runOnTree(rule, tree).applied).toEqual([]);
    // An MPM test stays undecided (2.2 compiled its MPM in, with no LoadModule line): the line counts.
    const mpm = conf('/etc/httpd/conf/httpd.conf', `${head}LoadModule proxy_module m/mod_proxy.so\n<IfModule prefork.c>\n  AllowCONNECT 443\n</IfModule>\n`);
    expect(fixFile(mpm.ast, [rule], projectOf([mpm])).output).toContain('LoadModule proxy_connect_module m/mod_proxy_connect.so\n');
  });

  // Found on a tree with <IfModule mod_status.c> around a <Location /server-status> of Order/Deny/Allow and no mod_status
  // loaded: neither 2.2 nor the migrated 2.4 tree reads those lines, yet mod_access_compat was loaded for them alone.
  describe('Order lines inside an <IfModule> that neither 2.2 nor the migrated tree reads', () => {
    const head = loaded('m/', ['mpm_worker', 'unixd', 'authn_core', 'authz_core', 'authz_host', 'mime']);
    const status = '<IfModule mod_status.c>\n  <Location /server-status>\n    Order deny,allow\n    Deny from all\n  </Location>\n</IfModule>\n';
    const run = (text: string, builtin?: string[]) => {
      const f = conf('/etc/httpd/conf/httpd.conf', text);
      return fixFile(f.ast, [rule], projectOf([f]), builtin ? { builtin } : {}).output;
    };

    it('loads no mod_access_compat for them', () => {
      expect(run(`${head}${status}`)).not.toContain('access_compat');
      // A negated test of a module both load.
      expect(run(`${head}<IfModule !mod_mime.c>\n  Order allow,deny\n</IfModule>\n`)).not.toContain('access_compat');
      // The same block around an Include.
      const tree = { 'httpd.conf': `ServerRoot "\${dir}"\n${head}<IfModule mod_status.c>\n  Include conf.d/status.conf\n</IfModule>\n`, 'conf.d/status.conf': 'Order deny,allow\nDeny from all\n' };
      expect(runOnTree(rule, tree).applied).toEqual([]);
    });

    it('still loads it where a reading may read them', () => {
      const compat = 'LoadModule access_compat_module m/mod_access_compat.so\n';
      expect(run(`${head}LoadModule status_module m/mod_status.so\n${status}`)).toContain(compat);
      // A module some 2.4 builds compile in (mod_version on Debian), and one the --httpd binary compiles in.
      expect(run(`${head}<IfModule mod_version.c>\n  Order allow,deny\n</IfModule>\n`)).toContain(compat);
      expect(run(`${head}${status}`, ['status'])).toContain(compat);
      // An MPM test: 2.2 compiled its MPM in.
      expect(run(`${head}<IfModule prefork.c>\n  Order allow,deny\n</IfModule>\n`)).toContain(compat);
      // Order lines outside the block.
      expect(run(`${head}${status}<Location />\n  Deny from 10.0.0.1\n</Location>\n`)).toContain(compat);
    });
  });

  it('reports the a2enmod commands on a Debian tree instead of editing', () => {
    const files = [
      conf('/etc/apache2/apache2.conf', 'Include mods-enabled/*.load\nUser www-data\n'),
      conf('/etc/apache2/mods-enabled/alias.load', 'LoadModule alias_module /usr/lib/apache2/modules/mod_alias.so\n'),
    ];
    const project = projectOf(files);
    const main = fixFile(files[0]!.ast, [rule], project);
    expect(main.output).toBe(files[0]!.ast.text);
    expect(main.remaining.map((p) => p.message)).toEqual([expect.stringMatching(/run `a2dismod mpm_event mpm_worker mpm_prefork; a2enmod mpm_prefork; a2enmod authn_core authz_core`\.$/)]);
    const load = fixFile(files[1]!.ast, [rule], project);
    expect(load.output).toBe(files[1]!.ast.text);
    expect(load.remaining).toEqual([]);
  });
  // Found by a helper's bug hunt: Debian squeeze's apache2.conf tunes the MPM before it reads mods-enabled/*.load;
  // the 2.4.71 server skipped the block (5 children instead of 1) once the MPM came from mods-enabled.
  describe('a Debian tree whose MPM block comes before Include mods-enabled/*.load', () => {
    const block = '<IfModule mpm_prefork_module>\n    StartServers 1\n</IfModule>\n<IfModule mpm_worker_module>\n    StartServers 2\n</IfModule>\n';
    const load = conf('/etc/apache2/mods-enabled/alias.load', 'LoadModule alias_module /usr/lib/apache2/modules/mod_alias.so\n');
    it('moves the Include to just before the block when only plain directives are between', () => {
      const main = conf('/etc/apache2/apache2.conf', `PidFile /run/a.pid\n${block}User www-data\n# modules:\nInclude mods-enabled/*.load\nListen 80\n`);
      const r = fixFile(main.ast, [rule], projectOf([main, load]));
      expect(r.output).toBe(`PidFile /run/a.pid\nInclude mods-enabled/*.load\n${block}User www-data\n# modules:\nListen 80\n`);
      expect(r.applied.map((p) => p.message)).toContainEqual(expect.stringMatching(/^2\.2 had its MPM compiled in, so the <IfModule mpm_prefork_module> block above applied\. .*The Include moves to just before the block/));
    });
    it('moves it over sections that hold no <IfModule>, Include or LoadModule, as squeeze\'s <Files ~ "^\\.ht">', () => {
      const files = '<Files ~ "^\\.ht">\n    Order allow,deny\n    Deny from all\n</Files>\n';
      const main = conf('/etc/apache2/apache2.conf', `${block}User www-data\n${files}Include mods-enabled/*.load\n`);
      const r = fixFile(main.ast, [rule], projectOf([main, load]));
      expect(r.output).toBe(`Include mods-enabled/*.load\n${block}User www-data\n${files}`);
    });
    it('moves nothing over a ServerRoot, against which the Include\'s path resolves', () => {
      const text = `${block}ServerRoot /etc/apache2\nInclude mods-enabled/*.load\n`;
      const main = conf('/etc/apache2/apache2.conf', text);
      expect(fixFile(main.ast, [rule], projectOf([main, load])).output).toBe(text);
    });
    it('says what to do, and moves nothing, when an <IfModule> stands between', () => {
      const text = `${block}<IfModule mod_alias.c>\n    Alias /x /srv/x\n</IfModule>\nInclude mods-enabled/*.load\n`;
      const main = conf('/etc/apache2/apache2.conf', text);
      const r = fixFile(main.ast, [rule], projectOf([main, load]));
      expect(r.output).toBe(text);
      expect(r.remaining.map((p) => p.message)).toContainEqual(expect.stringMatching(/so nothing is moved: move this Include before the block by hand/));
    });
  });
});
