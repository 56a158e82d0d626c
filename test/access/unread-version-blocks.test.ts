/**
 * Access lines beside `<IfModule mod_version.c>` `<IfVersion>` twins in a tree that loads no mod_version
 * (bugzilla 4.4.14's .htaccess): both readings skip those twins and read the `<IfModule !mod_version.c>`
 * branch. A server that loads mod_version, or has it built in (Debian's 2.4), reads the twins instead, so
 * the rewrite stays inside the branch: checked on Debian's 2.4.71 (mod_version built in) and with the
 * module test renamed to one no build has (the branch read).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject, migrate } from '../../src/index.js';
import { tempDir } from '../helpers/tmp.js';

const TWINS = '  <IfModule mod_version.c>\n    <IfVersion < 2.4>\n     Deny from all\n    </IfVersion>\n    <IfVersion >= 2.4>\n      Require all denied\n    </IfVersion>\n  </IfModule>\n';

function run(htaccess: string) {
  const cwd = tempDir();
  mkdirSync(join(cwd, 'htdocs/bz'), { recursive: true });
  writeFileSync(join(cwd, 'httpd.conf'), `ServerRoot "${cwd}"\nLoadModule authz_host_module modules/mod_authz_host.so\nDocumentRoot "${cwd}/htdocs"\n`
    + `<Directory "${cwd}/htdocs">\n    AllowOverride All\n    Order allow,deny\n    Allow from all\n</Directory>\n`);
  const path = join(cwd, 'htdocs/bz/.htaccess');
  writeFileSync(path, htaccess);
  const file = migrate(loadProject([join(cwd, 'httpd.conf')])).files.find((f) => f.file.path === path)!;
  return { output: file.output, refusals: file.remaining.filter((p) => p.ruleId === 'prefer-require').map((p) => p.message) };
}

describe('a section beside <IfVersion> twins that neither reading reads', () => {
  it('is rewritten inside the <IfModule !mod_version.c> branch, which stays', () => {
    const { output, refusals } = run(`<FilesMatch \\.pm$>\n${TWINS}  <IfModule !mod_version.c>\n    Deny from all\n  </IfModule>\n</FilesMatch>\n`);
    expect(refusals).toEqual([]);
    expect(output).toBe(`<FilesMatch \\.pm$>\n${TWINS}  <IfModule !mod_version.c>\n    Require all denied\n  </IfModule>\n</FilesMatch>\n`);
  });

  it('is left as written when an access line sits outside that branch (a server with mod_version reads it with the twins)', () => {
    const text = `<FilesMatch \\.pm$>\n  Order allow,deny\n${TWINS}  <IfModule !mod_version.c>\n    Deny from all\n  </IfModule>\n</FilesMatch>\n`;
    const { output, refusals } = run(text);
    expect(output).toBe(text);
    expect(refusals.join('\n')).toMatch(/left with its 2\.2/);
  });

  it('is left as written when the branch tests another module than the twins\' wrapper', () => {
    const text = `<FilesMatch \\.pm$>\n${TWINS}  <IfModule mod_authz_host.c>\n    Deny from all\n  </IfModule>\n</FilesMatch>\n`;
    const { output, refusals } = run(text);
    expect(output).toBe(text);
    expect(refusals.join('\n')).toMatch(/left with its 2\.2/);
  });
});
