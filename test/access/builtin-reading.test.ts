// A tree that loads no mod_version reads <IfModule mod_version.c> as false on a 2.4 that loads the module from a .so
// file, and as true on Debian's 2.4, which has it compiled in (`apache2 -l`). Found by a helper's hunt of whole trees:
// a <IfModule !mod_version.c> block rewritten to Require all denied was skipped by the real 2.4.71, which answered
// GET /priv/f.html with 200 where 2.2 answered 403, and nothing was said. The prover now reads the tree on that build
// too: a difference there is an error on the block, with the request.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject, migrate } from '../../src/index.js';
import { tempDir } from '../helpers/tmp.js';

function run(body: string, opts: { modules?: string[]; builtin?: string[] } = {}) {
  const cwd = tempDir();
  mkdirSync(join(cwd, 'htdocs/priv'), { recursive: true });
  mkdirSync(join(cwd, 'htdocs/pub'), { recursive: true });
  writeFileSync(join(cwd, 'htpasswd'), 'alice:$apr1$x$y\n');
  const loads = ['authz_host', 'auth_basic', 'authn_file', 'authz_user', ...(opts.modules ?? [])];
  const conf = `ServerRoot "${cwd}"\n${loads.map((m) => `LoadModule ${m}_module modules/mod_${m}.so`).join('\n')}\nDocumentRoot "${cwd}/htdocs"\n${body.replaceAll('@ROOT@', cwd)}`;
  writeFileSync(join(cwd, 'httpd.conf'), conf);
  const [main] = migrate(loadProject([join(cwd, 'httpd.conf')]), opts.builtin ? { builtin: opts.builtin } : {}).files;
  const found = (id: string) => main!.remaining.filter((p) => p.ruleId === id);
  return { main: main!, input: conf, text: main!.output, found };
}

const lonelyNot = '<Directory "@ROOT@/htdocs">\n    Order allow,deny\n    Allow from all\n</Directory>\n'
  + '<IfModule !mod_version.c>\n    <Directory "@ROOT@/htdocs/priv">\n        Order deny,allow\n        Deny from all\n    </Directory>\n</IfModule>\n';

describe('an <IfModule> of mod_version in a tree that loads no mod_version', () => {
  it('<IfModule !mod_version.c>: an error on the block names the request Debian\'s 2.4 answers otherwise', () => {
    const { found, input } = run(lonelyNot);
    const errors = found('no-legacy-access-branch');
    expect(errors.map((p) => [p.severity, input.split('\n')[p.line - 1]])).toEqual([['error', '<IfModule !mod_version.c>']]);
    expect(errors[0]!.message).toMatch(/^<IfModule !mod_version\.c> is skipped by a 2\.4 that has mod_version compiled in, and 2\.2 read it.*GET \/priv\/f\.html from [\d.]+, no credentials: 403 before, 200 after/s);
  });

  it('<IfModule mod_version.c>: a Satisfy Any that only such a 2.4 reads lets everyone in where 2.2 asked for a password', () => {
    const { found } = run('<Directory "@ROOT@/htdocs">\n    AuthType Basic\n    AuthName x\n    AuthUserFile "@ROOT@/htpasswd"\n    Require valid-user\n</Directory>\n'
      + '<IfModule mod_version.c>\n    <Directory "@ROOT@/htdocs/pub">\n        Satisfy Any\n    </Directory>\n</IfModule>\n');
    const errors = found('no-legacy-access-branch');
    expect(errors.map((p) => p.severity)).toEqual(['error']);
    expect(errors[0]!.message).toMatch(/^<IfModule mod_version\.c> is read by a 2\.4 that has mod_version compiled in, and 2\.2 skipped it.*GET \/pub\/f\.html from [\d.]+, no credentials: 401 before, 200 after/s);
  });

  it('the dual-version idiom: the fallback is still rewritten, and the <IfVersion >= 2.4> twin such a 2.4 reads is reported', () => {
    const { found, text } = run('<Directory "@ROOT@/htdocs/priv">\n    <IfModule mod_version.c>\n        <IfVersion < 2.4>\n            Order deny,allow\n            Deny from all\n        </IfVersion>\n'
      + '        <IfVersion >= 2.4>\n            Require all granted\n        </IfVersion>\n    </IfModule>\n    <IfModule !mod_version.c>\n        Order deny,allow\n        Deny from all\n    </IfModule>\n</Directory>\n');
    expect(text).toContain('    <IfModule !mod_version.c>\n        Require all denied\n    </IfModule>\n');
    // Both blocks make the difference together (either one put back as 2.2 read it leaves it), and both are named.
    const errors = found('no-legacy-access-branch').filter((p) => p.severity === 'error');
    expect(errors.map((p) => p.message.split(' is ')[0])).toEqual(['<IfModule mod_version.c>', '<IfModule !mod_version.c>']);
    for (const e of errors) expect(e.message).toMatch(/GET \/priv\/f\.html from [\d.]+, no credentials: 403 before, 200 after/);
  });

  it('says nothing of the kind where the tree loads mod_version, or where both builds answer alike', () => {
    expect(run(lonelyNot, { modules: ['version'] }).found('no-legacy-access-branch')).toEqual([]);
    // The block grants what the section beside it grants: no request changes on either build.
    const same = run('<Directory "@ROOT@/htdocs">\n    Order allow,deny\n    Allow from all\n</Directory>\n<IfModule mod_version.c>\n    <Directory "@ROOT@/htdocs/pub">\n        Order allow,deny\n        Allow from all\n    </Directory>\n</IfModule>\n');
    expect(same.found('no-legacy-access-branch')).toEqual([]);
  });

  it('claims no agreement for a section kept as written, and refuses a rewrite whose lines that build reads otherwise', () => {
    const { found, text } = run('<Directory "@ROOT@/htdocs">\n    Order allow,deny\n    Allow from all\n</Directory>\n'
      + '<Directory "@ROOT@/htdocs/priv">\n    Order deny,allow\n    <IfModule !mod_version.c>\n        Deny from all\n    </IfModule>\n</Directory>\n');
    expect(text).toContain('    Order deny,allow\n    <IfModule !mod_version.c>\n        Deny from all\n');
    const priv = found('prefer-require').find((p) => p.message.includes('/htdocs/priv">'));
    expect(priv?.message).toMatch(/on a 2\.4 that has mod_version compiled in .*the section reads other lines than the rewrite was proven with/);
    expect(priv?.message).not.toMatch(/answers as 2\.2 did/);
    expect(found('no-legacy-access-branch').map((p) => p.severity)).toEqual(['error']);
  });

  it('with the binary\'s own list (--httpd), reads the tree as that build does and has no other build to report', () => {
    const { found } = run(lonelyNot, { builtin: ['core', 'so', 'version', 'log_config'] });
    expect(found('no-legacy-access-branch').filter((p) => p.severity === 'error')).toEqual([]);
    // That build skips the block: no rewrite keeps 2.2's 403 below it, and the prover says so with the request.
    const htdocs = found('prefer-require').find((p) => p.message.includes('/htdocs">'));
    expect(htdocs?.message).toMatch(/GET \/priv\/f\.html from [\d.]+, no credentials: 403 before, 200 after/);
  });

  it('compares sections whose host rules hold addresses (bigints) without failing (found by a hunt of whole trees)', () => {
    // JSON.stringify of the items threw "Do not know how to serialize a BigInt": the prover and no-legacy-access-branch failed.
    const { main, found } = run('<Directory "@ROOT@/htdocs">\n    Order deny,allow\n    Deny from all\n    Allow from 127.0.0.0/255.255.255.248 ::1\n</Directory>\n'
      + '<IfModule mod_version.c>\n    <Directory "@ROOT@/htdocs/pub">\n        Satisfy Any\n    </Directory>\n</IfModule>\n');
    expect(main.remaining.filter((p) => /internal|crashed/.test(p.message))).toEqual([]);
    expect(found('prefer-require').map((p) => p.message).join('\n')).not.toMatch(/BigInt/);
    expect(main.output).toContain('Require ip 127.0.0.0/255.255.255.248 ::1');
  });

  it('names the block whose reading makes the difference, not an earlier one on the request\'s path (a hunt\'s case S)', () => {
    // The empty block in the <Directory> changes nothing; the <Location> only Debian's 2.4 reads lets everyone in.
    // The error went to the first block on the request's path, and the one to fix was never named.
    const { found, input } = run('<Directory "@ROOT@/htdocs">\n    AuthType Basic\n    AuthName x\n    AuthUserFile "@ROOT@/htpasswd"\n    Require valid-user\n'
      + '    <IfModule mod_version.c>\n        <IfVersion ~ ^2\\.4>\n        </IfVersion>\n    </IfModule>\n</Directory>\n'
      + '<IfModule mod_version.c>\n    <Location /pub>\n        Allow from all\n        Satisfy Any\n    </Location>\n</IfModule>\n');
    const errors = found('no-legacy-access-branch').filter((p) => p.severity === 'error');
    const lines = input.split('\n');
    expect(errors.map((p) => [lines[p.line - 1], lines[p.line]])).toEqual([['<IfModule mod_version.c>', '    <Location /pub>']]);
    expect(errors[0]!.message).toMatch(/GET \/pub\S* from [\d.]+, no credentials: 401 before, 200 after/);
  });

  it('names each block that alone changes an answer, with a request it changes (a hunt\'s case P)', () => {
    // 2.2 reads only the deny (for requests with env=txt); Debian's 2.4 reads only the password block.
    const { found, input } = run('SetEnvIf Request_URI "\\.txt$" txt\n<Directory "@ROOT@/htdocs">\n    Order allow,deny\n    Allow from all\n'
      + '    <IfModule !mod_version.c>\n        Deny from env=txt\n    </IfModule>\n</Directory>\n'
      + '<IfModule mod_version.c>\n    <Directory "@ROOT@/htdocs/pub">\n        AuthType Basic\n        AuthName x\n        AuthUserFile "@ROOT@/htpasswd"\n        Require valid-user\n    </Directory>\n</IfModule>\n', { modules: ['setenvif'] });
    const errors = found('no-legacy-access-branch').filter((p) => p.severity === 'error');
    const lines = input.split('\n');
    const said = new Map(errors.map((p) => [lines[p.line]!.trim().split(' ')[0], p.message]));
    expect([...said.keys()].sort()).toEqual(['<Directory', 'Deny']);
    expect(said.get('Deny')).toMatch(/with txt set, no credentials: 403 before, (200|401) after/);
    expect(said.get('<Directory')).toMatch(/GET \/pub\S* from [\d.]+, no credentials: 200 before, 401 after/);
  });

  it('keeps the error on its block where the rewrite removed an earlier block of the same test (found by a hunt: the error moved to the next one)', () => {
    // The rewrite of pub drops its inner block (Satisfy All); a later pass read the file with one such block fewer, and
    // matched the blocks by their opening line and how many precede it: the error for priv went to another block.
    const { found, input, text } = run('<Directory "@ROOT@/htdocs">\n    Order allow,deny\n    Allow from all\n</Directory>\n'
      + '<IfModule !mod_version.c>\n    <Directory "@ROOT@/htdocs/pub">\n        Order allow,deny\n        Allow from all\n        <IfModule !mod_version.c>\n            Satisfy All\n        </IfModule>\n    </Directory>\n</IfModule>\n'
      + '<IfModule !mod_version.c>\n    <Directory "@ROOT@/htdocs/priv">\n        Order deny,allow\n        Deny from all\n    </Directory>\n</IfModule>\n');
    expect(text).not.toContain('Satisfy All');
    const errors = found('no-legacy-access-branch').filter((p) => p.severity === 'error');
    const lines = input.split('\n');
    expect(errors.map((p) => lines[p.line]!.trim())).toEqual([`<Directory "${input.split('"')[1]}/htdocs/priv">`]);
    expect(errors[0]!.message).toMatch(/GET \/priv\/\S* from [\d.]+, no credentials: 403 before, 200 after/);
  });

  it('names a block in a .htaccess that makes its directory answer 500, not a block on the request\'s sections (a hunt\'s case N)', () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'htdocs/pub'), { recursive: true });
    writeFileSync(join(cwd, 'htdocs/pub/.htaccess'), '<IfModule mod_version.c>\n    <Files x.php>\n        Require user alice\n    </Files>\n</IfModule>\n');
    const conf = `ServerRoot "${cwd}"\nLoadModule authz_host_module modules/mod_authz_host.so\nLoadModule authn_file_module modules/mod_authn_file.so\nLoadModule authz_user_module modules/mod_authz_user.so\n`
      + `DocumentRoot "${cwd}/htdocs"\n<Directory "${cwd}/htdocs">\n    AllowOverride Limit\n</Directory>\n<Location />\n    Order allow,deny\n    Allow from all\n    <IfModule mod_version.c>\n        AuthUserFile "${cwd}/htpasswd"\n    </IfModule>\n</Location>\n`;
    writeFileSync(join(cwd, 'httpd.conf'), conf);
    const files = migrate(loadProject([join(cwd, 'httpd.conf')])).files;
    const errors = files.flatMap((f) => f.remaining.filter((p) => p.ruleId === 'no-legacy-access-branch' && p.severity === 'error').map((p) => [f.file.path.slice(cwd.length), p.line, p.message] as const));
    expect(errors.map(([path, line]) => [path, line])).toEqual([['/htdocs/pub/.htaccess', 1]]);
    expect(errors[0]![2]).toMatch(/GET \/pub\/\S* from [\d.]+, no credentials: 200 before, 500 after/);
  });
});
