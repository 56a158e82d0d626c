/**
 * The main server no connection reaches (Debian's layout: every port a Listen line opens is a
 * <VirtualHost>'s): its sections apply only as merged into the hosts, so the prover leaves its own
 * context out. Only when the tree says so for certain, in 2.2 and in 2.4 (model/main-server.ts).
 */
import { describe, expect, it } from 'vitest';
import { buildModel, mainServerReachable, moduleSet, type Model, type Version } from '../../src/access/model/index.js';
import { representatives as reps } from '../../src/access/compare/index.js';
import { proveProject } from '../../src/access/migrate/index.js';
import { type Project, projectOf } from '../../src/project/project.js';
import type { Directive } from '../../src/ast/nodes.js';
import { parse } from '../../src/parse/parser.js';
import { sourceFile } from '../helpers/source-file.js';

function read(text: string, version: Version, opts: { modules?: string[]; anyModule?: boolean } = {}): Model {
  const file = parse(text, '/etc/httpd/httpd.conf', { version });
  return buildModel([{ file, kind: 'conf' }], { version, modules: moduleSet(opts.modules ?? [], version, true), anyModule: opts.anyModule ?? false });
}

/** Whether a connection may reach the main server, as both versions read the text (and why, when one may). */
function reach(text: string, opts: { modules?: string[]; anyModule?: boolean } = {}): { reachable: boolean; why: string[] } {
  const models = [read(text, '2.2', opts), read(text, '2.4', opts)];
  return { reachable: mainServerReachable(models), why: models.map((m) => (m.mainServer?.reachable ? m.mainServer.why : '')) };
}

const host = (addr: string, body = 'DocumentRoot /var/www\n') => `<VirtualHost ${addr}>\n${body}</VirtualHost>\n`;

describe('no connection reaches the main server', () => {
  it.each([
    ['Debian squeeze: NameVirtualHost *:80, Listen 80, <VirtualHost *:80>', 'NameVirtualHost *:80\nListen 80\n' + host('*:80')],
    ['no NameVirtualHost (2.2 reads the hosts as IP-based: the first answers every connection)', 'Listen 80\n' + host('*:80') + host('*:80', 'ServerName b\n')],
    ['hosts on the address the Listen names', 'Listen 127.0.0.1:8080\n' + host('127.0.0.1:8080')],
    ['_default_ on the port', 'Listen 80\n' + host('_default_:80')],
    ['IPv6, spelled otherwise', 'Listen [::1]:80\n' + host('[0:0::1]:80')],
    ['two ports, each with a host', 'Listen 80\nListen 127.0.0.1:8443\n' + host('*:80') + host('127.0.0.1:8443 *:80')],
    ['Listen 443 in an <IfModule mod_ssl.c> the module list decides (not loaded)', 'Listen 80\n<IfModule mod_ssl.c>\nListen 443\n</IfModule>\n' + host('*:80')],
  ])('%s', (_name, text) => {
    const r = reach(text, { modules: ['authz_host', 'alias'] });
    expect(r.reachable, r.why.join(' / ')).toBe(false);
  });
});

describe('the main server may be reached', () => {
  it.each([
    ['Listen 80 against a host on one address only: the others go to the main server', 'Listen 80\n' + host('127.0.0.1:80'), /no <VirtualHost> is on \*:80/],
    ['a second port with no host', 'Listen 80\nListen 8080\n' + host('*:80'), /\*:8080/],
    ['a host on another address than the Listen', 'Listen 127.0.0.2:80\n' + host('127.0.0.1:80'), /127\.0\.0\.2/],
    ['no Listen line (a fragment, a file checked alone)', host('*:80'), /no Listen line/],
    ['a host name as the address', 'Listen 80\n' + host('www.example.com:80'), /not read for certain/],
    ['no port', 'Listen 80\n' + host('*'), /not read for certain/],
    ['port *', 'Listen 80\n' + host('*:*'), /not read for certain/],
    ['a ${VAR} address', 'Listen 80\n' + host('${ADDR}:80'), /not read for certain/],
    ['a Listen in a <VirtualHost>', 'Listen 80\n' + host('*:80', 'Listen 8080\n'), /in a <VirtualHost>/],
    ['a Listen port not read for certain', 'Listen ${PORT}\n' + host('*:80'), /not read for certain/],
    ['Listen 443 in an <IfDefine SSL> (the -D names are the command line\'s)', 'Listen 80\n<IfDefine SSL>\nListen 443\n</IfDefine>\n' + host('*:80'), /IfDefine/],
    ['the only host in an <IfDefine>', 'Listen 80\n<IfDefine !NOHOSTS>\n' + host('*:80') + '</IfDefine>\n', /\*:80/],
    ['the only host in an <IfModule> with no module list', 'Listen 80\n<IfModule mod_alias.c>\n' + host('*:80') + '</IfModule>\n', /\*:80/],
    ['an Include whose files were not read', 'Listen 80\nInclude ports-extra.conf\n' + host('*:80'), /were not read/],
  ])('%s', (_name, text, why) => {
    const r = reach(text, _name.includes('no module list') ? { anyModule: true } : { modules: ['authz_host', 'alias'] });
    expect(r.reachable).toBe(true);
    expect(r.why.join(' / ')).toMatch(why);
  });

  it('Listen 443 in an <IfModule mod_ssl.c> where mod_ssl is loaded, or where the tree names no modules', () => {
    const text = 'Listen 80\n<IfModule mod_ssl.c>\nListen 443\n</IfModule>\n' + host('*:80');
    expect(reach(text, { modules: ['authz_host', 'ssl'] }).reachable).toBe(true);
    expect(reach(text, { anyModule: true }).reachable).toBe(true);
  });

  it('a Listen only 2.4 reads (<IfVersion>): reachable in 2.4, so for the pair', () => {
    const text = 'Listen 80\n<IfVersion >= 2.4>\nListen 8080\n</IfVersion>\n' + host('*:80');
    const opts = { modules: ['authz_host', 'version'] };
    expect(read(text, '2.2', opts).mainServer).toEqual({ reachable: false });
    expect(read(text, '2.4', opts).mainServer?.reachable).toBe(true);
    expect(reach(text, opts).reachable).toBe(true);
  });

  it('several configuration files read as one', () => {
    const a = parse('Listen 8080\n', '/etc/a.conf');
    const b = parse('Listen 80\n' + host('*:80'), '/etc/b.conf');
    const m = buildModel([{ file: a, kind: 'conf' }, { file: b, kind: 'conf' }], { version: '2.2', modules: moduleSet([], '2.2', false) });
    expect(m.mainServer?.reachable).toBe(true);
  });
});

describe('the representatives', () => {
  it('leave the main-server context out only when no connection reaches it, and still probe its sections in the hosts', () => {
    const sections = '<Location /admin>\nOrder deny,allow\nDeny from all\nAllow from 10.0.0.1\n</Location>\n';
    const closed = read('Listen 80\n' + sections + host('*:80'), '2.2');
    const open = read('Listen 80\nListen 8080\n' + sections + host('*:80'), '2.2');
    const contexts = (m: Model) => new Set(reps([m]).requests.map((r) => r.vhost));
    expect([...contexts(closed)]).toEqual(['*:80']);
    expect([...contexts(open)].sort()).toEqual(['', '*:80']);
    expect(reps([closed]).requests.some((r) => r.path.startsWith('/admin') && r.ip === '10.0.0.1')).toBe(true);
  });
});

describe('the main server\'s directories the hosts reach only by a mapping the prover does not follow', () => {
  // The main server's context probed them (as files some URL reaches); without it, the hosts do.
  const files = (text: string) => reps([read(text, '2.2')]).requests.map((r) => `${r.vhost} ${r.file}`);
  const dirs = '<Directory /srv/manual>\nOrder allow,deny\nAllow from all\n</Directory>\n<Directory /home/*/public_html>\nOrder deny,allow\nDeny from 10.0.0.1\n</Directory>\n';

  it('are probed in each host where an inherited UserDir or AliasMatch reaches them', () => {
    const got = files('Listen 80\nUserDir public_html\nAliasMatch ^/manual(.*) /srv/manual$1\n' + dirs + host('*:80'));
    expect(got.some((f) => f.startsWith('*:80 /srv/manual/'))).toBe(true);
    expect(got.some((f) => f.startsWith('*:80 /home/'))).toBe(true);
    expect(got.some((f) => f.startsWith(' '))).toBe(false);
  });

  it('a host does not probe a directory only another host reaches; one no host reaches, every host probes', () => {
    const two = 'Listen 80\n<Directory /srv/b/private>\nDeny from 10.0.0.1\n</Directory>\n<Directory /srv/orphan>\nDeny from 10.0.0.2\n</Directory>\n'
      + host('*:80', 'DocumentRoot /srv/a\n') + host('*:80', 'ServerName b\nDocumentRoot /srv/b\n');
    const got = files(two);
    expect(got.some((f) => f.startsWith('*:80 b /srv/b/private/'))).toBe(true);
    expect(got.some((f) => f.startsWith('*:80 /srv/b/private/'))).toBe(false);
    expect(got.some((f) => f.startsWith('*:80 /srv/orphan/'))).toBe(true);
    expect(got.some((f) => f.startsWith('*:80 b /srv/orphan/'))).toBe(true);
    // An AliasMatch target ending inside a name (/srv/man$1) reaches its whole parent directory: /srv/b/private too.
    const mapped = files(two.replace('Listen 80\n', 'Listen 80\nAliasMatch ^/manual(.*) /srv/man$1\n'));
    expect(mapped.some((f) => f.startsWith('*:80 /srv/b/private/'))).toBe(true);
  });

  it('a section only such a mapping reaches is still proven (not left as never exercised)', () => {
    const main = sourceFile('/etc/httpd/httpd.conf', 'Listen 80\nAliasMatch ^/manual(.*) /srv/manual$1\n<Directory /srv/manual>\n    Order allow,deny\n    Allow from all\n</Directory>\n' + host('*:80'));
    const v = [...proveProject(projectOf([main])).verdicts.values()][0]!;
    expect(v.status, v.status === 'refused' ? v.reason : '').toBe('rewrite');
  });
});

/**
 * A Debian-like tree: conf.d sections in the main server (no DocumentRoot of its own), one host on
 * the only port, and mod_info's <Location /server-info> in a file left as written (a syntax error).
 */
const MAIN = (listen: string) => `${listen}
Include conf.d/*.conf
NameVirtualHost *:80
<VirtualHost *:80>
    DocumentRoot /var/www
</VirtualHost>
`;
const INFO = '<Location /server-info>\n    Order deny,allow\n    Deny from all\n    Allow from 127.0.0.1 ::1\n</Location>\n<Directory /nowhere>\n';
const SQUIRRELMAIL = `Alias /squirrelmail /usr/share/squirrelmail
<Directory /usr/share/squirrelmail>
    <Files configtest.php>
        order deny,allow
        deny from all
        allow from 127.0.0.1
    </Files>
</Directory>
`;

function debianLike(listen: string): Project {
  const main = sourceFile('/etc/apache2/apache2.conf', MAIN(listen));
  const files = [main, sourceFile('/etc/apache2/conf.d/info.conf', INFO), sourceFile('/etc/apache2/conf.d/squirrelmail.conf', SQUIRRELMAIL)];
  const project = projectOf(files);
  const directive = main.ast.children.find((n): n is Directive => n.type === 'directive' && n.lname === 'include')!;
  project.includes.push({ from: main.path, directive, optional: false, pattern: '/etc/apache2/conf.d/*.conf', serverRoot: '/etc/apache2', files: files.slice(1).map((f) => f.path), context: [] });
  return project;
}

describe('the prover on a main-server section', () => {
  const verdict = (listen: string) => [...proveProject(debianLike(listen)).verdicts.values()].find((v) => v.scope.kind === 'files')!;

  it('rewrites <Files configtest.php> when every connection goes to the host (proven in the host, where the section applies by merging)', () => {
    const v = verdict('Listen 80');
    expect(v.status, v.status === 'refused' ? v.reason : '').toBe('rewrite');
    if (v.status === 'rewrite') expect(v.lines).toEqual(['Require ip 127.0.0.1']);
  });

  it('still refuses it when a second port reaches the main server, with the main-server counterexample', () => {
    const v = verdict('Listen 80\nListen 8080');
    expect(v.status).toBe('refused');
    if (v.status === 'refused') expect(v.reason).toMatch(/GET \/server-info\/configtest\.php .*if DocumentRoot is/);
  });
});
