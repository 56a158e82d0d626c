/**
 * AccessFileName set inside a <VirtualHost> (semantics §1.9): each server reads, in a directory,
 * only the first name of its own list that is there; a host without its own list reads the main
 * server's. Found by a helper's bug hunt: every discovered access file was a section of its
 * directory in every context, so a host with `AccessFileName .acl` was proven as if it also read
 * the main server's `.htaccess` (and the main server the host's `.acl`), and a rewrite that let any
 * valid user in from anywhere on that host was called equivalent (checked on the real 2.4).
 */
import { describe, expect, it } from 'vitest';
import { proveProject } from '../../src/access/migrate/index.js';
import { decide } from '../../src/access/compare/index.js';
import { applicableScopes } from '../../src/access/decide/index.js';
import { projectModel, type Request } from '../../src/access/model/index.js';
import { projectOf, type SourceFile } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';
import { ALICE } from './helpers.js';
import { runRule } from '../helpers/rule-tester.js';
import rule from '../../rules/prefer-require.js';

/** An access file of the tree (discovery reads `.acl` as one, whatever its name). */
const accessFile = (path: string, text: string): SourceFile => ({ ...sourceFile(path, text), kind: 'htaccess' });

const AUTH = 'AuthType Basic\nAuthName x\nAuthUserFile /srv/htpasswd\nRequire valid-user\n';

/** The main server and a.test read .htaccess; b.test reads .acl. */
const TWO_HOSTS = `DocumentRoot /srv/www
<Directory /srv/www>
    AllowOverride All
</Directory>
<Directory /srv/www/s/sub>
${AUTH}</Directory>
NameVirtualHost *:80
<VirtualHost *:80>
    ServerName a.test
    DocumentRoot /srv/www
</VirtualHost>
<VirtualHost *:80>
    ServerName b.test
    DocumentRoot /srv/www
    AccessFileName .acl
</VirtualHost>
`;

const OPEN = 'Order allow,deny\nAllow from all\n';
const ONLY_2 = 'Order deny,allow\nDeny from all\nAllow from 127.0.0.2\n';

function request(vhost: string, path: string, ip: string): Request {
  return { vhost, path, file: `/srv/www${path}`, method: 'GET', ip, host: null, env: [], credentials: ALICE };
}

describe('AccessFileName in a <VirtualHost>', () => {
  const project = () => projectOf([
    sourceFile('/etc/httpd.conf', TWO_HOSTS),
    accessFile('/srv/www/s/.htaccess', OPEN),
    accessFile('/srv/www/s/.acl', ONLY_2),
  ]);

  it('each context reads only the file its own list names (the model)', () => {
    const model = projectModel(project(), '2.2');
    const read = (vhost: string) => applicableScopes(model, request(vhost, '/s/f.html', '127.0.0.3')).filter((s) => s.kind === 'htaccess').map((s) => s.path);
    expect(read('')).toEqual(['/srv/www/s/.htaccess']);
    expect(read('*:80 a.test')).toEqual(['/srv/www/s/.htaccess']);
    expect(read('*:80 b.test')).toEqual(['/srv/www/s/.acl']);
    // What httpd answers a valid user from 127.0.0.3 below /s/sub (2.4 + mod_access_compat, as 2.2: tested).
    expect(decide(model, request('*:80 b.test', '/s/sub/f.html', '127.0.0.3')).status).toBe(403);
    expect(decide(model, request('*:80 a.test', '/s/sub/f.html', '127.0.0.3')).status).toBe(200);
  });

  it('a rewrite that lets a valid user in from anywhere on b.test is refused (it failed open)', () => {
    const proof = proveProject(project());
    // The migrated tree still answers 403 where 2.2 did, and 200 on a.test.
    expect(decide(proof.after, request('*:80 b.test', '/s/sub/f.html', '127.0.0.3')).status).toBe(403);
    expect(decide(proof.after, request('*:80 a.test', '/s/sub/f.html', '127.0.0.3')).status).toBe(200);
    // The translation from /s/sub's 2.2 state, made for a tree whose every section is rewritten, failed open on b.test,
    // whose .acl keeps its lines (its rewrite changes an answer). Tried again once the rounds end, /s/sub gets the
    // translation of what 2.4 with mod_access_compat does there beside that .acl: its Require line alone, ANDed with the .acl's.
    const verdict = (pattern: string) => [...proof.verdicts.values()].find((v) => v.scope.pattern === pattern && v.scope.path.endsWith(pattern === '/srv/www/s' ? '.acl' : '.conf'));
    const acl = verdict('/srv/www/s');
    expect(acl?.status).toBe('refused');
    if (acl?.status === 'refused') expect(acl.reason).toMatch(/b\.test/);
    const sub = verdict('/srv/www/s/sub');
    expect(sub?.status === 'rewrite' && sub.lines).toEqual(['Require valid-user']);
  });

  it('a file only a virtual host reads is translated from that host\'s reading, and the other file there keeps its meaning', () => {
    const proof = proveProject(projectOf([
      sourceFile('/etc/httpd.conf', TWO_HOSTS.replace(/<Directory \/srv\/www\/s\/sub>[^]*?<\/Directory>\n/, '')),
      accessFile('/srv/www/s/.htaccess', AUTH),
      accessFile('/srv/www/s/.acl', ONLY_2),
    ]));
    const acl = proof.byFile.get('/srv/www/s/.acl')?.[0];
    expect(acl?.status, acl?.status === 'refused' ? acl.reason : '').toBe('rewrite');
    if (acl?.status === 'rewrite') expect(acl.lines).toEqual(['Require ip 127.0.0.2']);
    // a.test reads the .htaccess alone: a valid user gets in from anywhere, before and after.
    const ht = proof.byFile.get('/srv/www/s/.htaccess')?.[0];
    if (ht?.status === 'rewrite') expect(ht.lines.join('\n')).not.toMatch(/Require ip/);
    expect(decide(proof.after, request('*:80 a.test', '/s/f.html', '127.0.0.3')).status).toBe(200);
    expect(decide(proof.after, request('*:80 b.test', '/s/f.html', '127.0.0.3')).status).toBe(403);
  });

  it('the main server\'s .htaccess is not forced onto a host that reads only .acl', () => {
    const conf = `DocumentRoot /srv/www
<Directory /srv/www>
    AllowOverride All
</Directory>
<VirtualHost *:80>
    ServerName b.test
    DocumentRoot /srv/www
    AccessFileName .acl
    <Directory /srv/www/sub>
${AUTH}    </Directory>
</VirtualHost>
`;
    const proof = proveProject(projectOf([sourceFile('/etc/httpd.conf', conf), accessFile('/srv/www/.htaccess', ONLY_2)]));
    const sub = [...proof.verdicts.values()].find((v) => v.scope.pattern === '/srv/www/sub');
    if (sub?.status === 'rewrite') expect(sub.lines.join('\n')).not.toMatch(/Require ip/);
    expect(decide(proof.after, request('*:80 b.test', '/sub/f.html', '127.0.0.3')).status).toBe(200);
  });

  it('a file no context reads (an earlier name of every list that holds it is there) is never read, and said so', () => {
    const proof = proveProject(projectOf([
      sourceFile('/etc/httpd.conf', 'DocumentRoot /srv/www\nAccessFileName .acl .htaccess\n<Directory /srv/www>\n    AllowOverride All\n</Directory>\n'),
      accessFile('/srv/www/.acl', OPEN),
      accessFile('/srv/www/.htaccess', ONLY_2),
    ]));
    const v = proof.byFile.get('/srv/www/.htaccess')?.[0];
    expect(v?.status === 'refused' && v.reason).toMatch(/^httpd does not read this section \(no AccessFileName in force names the file/);
    expect(proof.byFile.get('/srv/www/.acl')?.[0]?.status).toBe('rewrite');
    const r = runRule(rule, ONLY_2, '/srv/www/.htaccess', {}, (f) => projectOf([
      sourceFile('/etc/httpd.conf', 'DocumentRoot /srv/www\nAccessFileName .acl .htaccess\n<Directory /srv/www>\n    AllowOverride All\n</Directory>\n'),
      accessFile('/srv/www/.acl', OPEN),
      { ...accessFile(f.path, ''), ast: f },
    ]));
    expect(r.output).toBe(ONLY_2);
    expect(r.remaining.map((p) => [p.severity, p.message])).toEqual([
      ['info', 'This .htaccess file is never read: no AccessFileName in force (the main server\'s or a virtual host\'s) names this file ahead of another access file in its directory, so httpd 2.2 ignored its Order/Deny/Allow lines and 2.4 will too. They have no effect; delete them, or leave them as they are.'],
    ]);
  });

  it('a finding on a whole access file of another name calls it an access file, not "This file"', () => {
    const conf = 'DocumentRoot /srv/www\nAccessFileName .acl .htaccess\n<Directory /srv/www>\n    AllowOverride All\n</Directory>\n';
    const r = runRule(rule, ONLY_2, '/srv/www/.acl', {}, (f) => projectOf([sourceFile('/etc/httpd.conf', conf), { ...accessFile(f.path, ''), ast: f }]));
    expect(r.output).toBe('Require ip 127.0.0.2\n');
    expect(r.applied.map((p) => p.message)).toEqual([expect.stringMatching(/^This access file uses the 2\.2 Order\/Deny\/Allow directives/)]);
  });

  it('a file whose name no list holds (named by hand, as site.htaccess) is still read as its directory\'s, in every context', () => {
    const proof = proveProject(projectOf([
      sourceFile('/etc/httpd.conf', TWO_HOSTS.replace(/<Directory \/srv\/www\/s\/sub>[^]*?<\/Directory>\n/, '')),
      accessFile('/srv/www/s/site.htaccess', ONLY_2),
    ]));
    for (const vhost of ['', '*:80 a.test', '*:80 b.test']) expect(decide(proof.before, request(vhost, '/s/f.html', '127.0.0.3')).status).toBe(403);
  });
});
