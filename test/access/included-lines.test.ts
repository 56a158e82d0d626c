/**
 * A section whose access lines are partly in a file an Include inside it reads: httpd merges them
 * as the section's own (semantics §1.8). Rewriting the section alone turned its Allow into a
 * Require of both addresses and left the included Order/Deny/Allow: under mod_access_compat the two
 * then combined as an AND, so 127.0.0.3, allowed by 2.2, got 403, and a second run changed the
 * file again. Found by a helper's bug hunt on the real 2.4.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

function tree(sectionBody: string): string {
  const root = tempDir();
  mkdirSync(join(root, 'conf/acl'), { recursive: true });
  mkdirSync(join(root, 'htdocs/sub'), { recursive: true });
  writeFileSync(join(root, 'conf/httpd.conf'), `ServerRoot "${root}"\nListen 127.0.0.1:18732\nLoadModule authz_host_module /usr/lib/apache2/modules/mod_authz_host.so\nDocumentRoot "${root}/htdocs"\n<Directory "${root}/htdocs/sub">\n    AllowOverride None\n${sectionBody}</Directory>\n`);
  writeFileSync(join(root, 'conf/acl/office.conf'), 'Order deny,allow\nDeny from all\nAllow from 127.0.0.2\n');
  return root;
}

describe('a section with access lines in a file an Include inside it reads', () => {
  it('is left as written, with a finding that names the included file', async () => {
    const root = tree('    Include conf/acl/office.conf\n    Allow from 127.0.0.3\n');
    const before = readFileSync(join(root, 'conf/httpd.conf'), 'latin1');
    const r = await runCli(['write', '--no-color', '--format', 'json', 'conf/httpd.conf'], { cwd: root });
    const after = readFileSync(join(root, 'conf/httpd.conf'), 'latin1');
    expect(after).toContain('    Include conf/acl/office.conf\n    Allow from 127.0.0.3\n');
    expect(after).toContain('LoadModule access_compat_module');
    expect(after.replace(/LoadModule[^\n]*\n|<IfModule !unixd_module>\n[^\n]*\n<\/IfModule>\n/g, '')).toBe(before.replace(/LoadModule[^\n]*\n/, ''));
    expect(readFileSync(join(root, 'conf/acl/office.conf'), 'latin1')).toBe('Order deny,allow\nDeny from all\nAllow from 127.0.0.2\n');
    expect(r.stdout).toContain(`an Include inside it reads access lines from ${join(root, 'conf/acl/office.conf')}`);
    const again = await runCli(['diff', 'conf/httpd.conf'], { cwd: root });
    expect(again.stdout).not.toContain('+++');
  });

  it('is still rewritten when the included file holds no access line', async () => {
    const root = tree('    Include conf/acl/office.conf\n    Order deny,allow\n    Deny from all\n    Allow from 127.0.0.3\n');
    writeFileSync(join(root, 'conf/acl/office.conf'), 'Options None\n');
    await runCli(['write', 'conf/httpd.conf'], { cwd: root });
    expect(readFileSync(join(root, 'conf/httpd.conf'), 'latin1')).toContain('    Include conf/acl/office.conf\n    Require ip 127.0.0.3\n');
  });
});

describe('a file that several virtual hosts include (found by a helper\'s bug hunt)', () => {
  // shared.conf's <Location /sub> meant "valid-user or 127.0.0.3" for b.test and, with a.test's own
  // <Directory>, something no one text says: rewritten with b.test's translation, the real 2.4 asked
  // a.test's clients for credentials 2.2 had let in.
  it('is rewritten only with one text that each context proves; else left, with a finding', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'conf'), { recursive: true });
    mkdirSync(join(root, 'htdocs/sub'), { recursive: true });
    const vhost = (name: string, body: string) => `<VirtualHost 127.0.0.1:8080>\n    ServerName ${name}\n    DocumentRoot "${root}/htdocs"\n${body}    Include conf/shared.conf\n</VirtualHost>\n`;
    writeFileSync(join(root, 'conf/httpd.conf'), `ServerRoot "${root}"\nNameVirtualHost 127.0.0.1:8080\n`
      + vhost('a.test', `    <Directory "${root}/htdocs/sub">\n        Order deny,allow\n        Deny from all\n        Allow from 127.0.0.2\n    </Directory>\n`)
      + vhost('b.test', '    <Location /sub>\n        Order deny,allow\n        Deny from all\n        Allow from 127.0.0.3\n    </Location>\n'));
    const shared = '<Location /sub>\n    AuthType Basic\n    AuthName x\n    AuthUserFile /dev/null\n    Require valid-user\n    Satisfy Any\n</Location>\n';
    writeFileSync(join(root, 'conf/shared.conf'), shared);
    const r = await runCli(['write', '--format', 'json', 'conf/httpd.conf'], { cwd: root });
    expect(readFileSync(join(root, 'conf/shared.conf'), 'latin1')).toBe(shared);
    expect(r.stdout).toContain('the file is read in several contexts');
  });

  it('is rewritten when each context proves the same text', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'conf'), { recursive: true });
    mkdirSync(join(root, 'htdocs'), { recursive: true });
    const vhost = (name: string) => `<VirtualHost 127.0.0.1:8080>\n    ServerName ${name}\n    DocumentRoot "${root}/htdocs"\n    Include conf/shared.conf\n</VirtualHost>\n`;
    writeFileSync(join(root, 'conf/httpd.conf'), `ServerRoot "${root}"\nNameVirtualHost 127.0.0.1:8080\n${vhost('a.test')}${vhost('b.test')}`);
    writeFileSync(join(root, 'conf/shared.conf'), '<Location /admin>\n    Order deny,allow\n    Deny from all\n    Allow from 10.0.0.1\n</Location>\n');
    await runCli(['write', 'conf/httpd.conf'], { cwd: root });
    expect(readFileSync(join(root, 'conf/shared.conf'), 'latin1')).toBe('<Location /admin>\n    Require ip 10.0.0.1\n</Location>\n');
  });
});

describe('a file that several virtual hosts include, whose one text one of them disproves', () => {
  // The same text in both (Require ip 127.0.0.3), proven in b.test; in a.test an Alias maps /sub to a directory of a
  // file outside the tree, whose Deny from all stays (mod_access_compat) and, with a Require in the <Location>, would
  // refuse 127.0.0.3, which 2.2 let in. The section is one text: refused in a.test, it is refused in b.test too.
  it('is left as written in every context', async () => {
    const root = tempDir();
    const outside = tempDir();
    mkdirSync(join(root, 'conf'), { recursive: true });
    mkdirSync(join(root, 'htdocs'), { recursive: true });
    mkdirSync(join(outside, 'sub'), { recursive: true });
    writeFileSync(join(outside, 'dir.conf'), `<Directory "${outside}/sub">\n    Order deny,allow\n    Deny from all\n</Directory>\n`);
    const vhost = (name: string, body: string) => `<VirtualHost 127.0.0.1:8080>\n    ServerName ${name}\n    DocumentRoot "${root}/htdocs"\n${body}    Include conf/shared.conf\n</VirtualHost>\n`;
    writeFileSync(join(root, 'conf/httpd.conf'), `ServerRoot "${root}"\nNameVirtualHost 127.0.0.1:8080\n`
      + vhost('a.test', `    Alias /sub ${outside}/sub\n    Include ${outside}/dir.conf\n`) + vhost('b.test', ''));
    const shared = '<Location /sub>\n    Order deny,allow\n    Deny from all\n    Allow from 127.0.0.3\n</Location>\n';
    writeFileSync(join(root, 'conf/shared.conf'), shared);
    const r = await runCli(['write', '--no-color', 'conf/httpd.conf'], { cwd: root });
    expect(readFileSync(join(root, 'conf/shared.conf'), 'latin1')).toBe(shared);
    expect(r.stdout + r.stderr).toContain('127.0.0.3, no credentials: 200 before, 403 after');
  });
});

describe('a file that two sections of one context include (found by a helper\'s bug hunt)', () => {
  // php.conf's <Files> was read twice in the main server, inside <Directory x> and <Directory y>. The
  // prover gave both reads the 2.4 twin of the first, so the rewrite of php.conf was proven with y's
  // copy still holding its Deny: y kept its own Deny, and on the real 2.4 (mod_access_compat ANDs it
  // with the rewritten Require) GET /y/s.php from 127.0.0.2 got 403 where 2.2 answered 200.
  it('proves the rewrite with every read of the file rewritten', async () => {
    const make = (dir: string) => {
      const root = join(dir, 'tree');
      mkdirSync(join(root, 'conf'), { recursive: true });
      for (const d of ['x', 'y']) mkdirSync(join(root, 'htdocs', d), { recursive: true });
      writeFileSync(join(root, 'conf/httpd.conf'), `ServerRoot "${root}"\nDocumentRoot "${root}/htdocs"\n`
        + `<Directory "${root}/htdocs">\n    Order allow,deny\n    Allow from all\n</Directory>\n`
        + `<Directory "${root}/htdocs/x">\n    Include conf/php.conf\n</Directory>\n`
        + `<Directory "${root}/htdocs/y">\n    Order deny,allow\n    Deny from 127.0.0.2\n    Include conf/php.conf\n</Directory>\n`);
      writeFileSync(join(root, 'conf/php.conf'), '<Files "*.php">\n    Deny from 127.0.0.1\n</Files>\n');
      return root;
    };
    const old = make(tempDir());
    const migrated = make(tempDir());
    await runCli(['write', 'conf/httpd.conf'], { cwd: migrated });
    const v = await runCli(['verify', '--format', 'json', join(old, 'conf/httpd.conf'), join(migrated, 'conf/httpd.conf')], { cwd: migrated });
    expect(v.stdout).not.toContain('"path": "/y/');
    expect(v.code).toBe(0);
  });
});
