/**
 * A .htaccess below a wildcard or regex <Directory> outside the DocumentRoot (reached through an
 * Alias). Found by a helper's bug hunt: the .htaccess was taken for an input of its own (the
 * grouping of files linked a .htaccess only to literal <Directory> paths), so the section's rewrite
 * was proven without it: `Require ip` in <Directory ROOT/srv/*> was then replaced by the
 * .htaccess's Require valid-user (403 -> 200 on the real 2.4), and a <DirectoryMatch> whose
 * AllowOverride 2.4 ignores was rewritten although 2.4 answers 500 below it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

function tree(open: (root: string) => string, close: string): string {
  const root = tempDir();
  mkdirSync(join(root, 'conf'), { recursive: true });
  mkdirSync(join(root, 'srv/alice/priv'), { recursive: true });
  writeFileSync(join(root, 'srv/alice/priv/.htaccess'), `AuthType Basic\nAuthName x\nAuthUserFile ${root}/htpasswd\nRequire valid-user\n`);
  writeFileSync(join(root, 'conf/httpd.conf'), `ServerRoot "${root}"\nListen 80\nUser www-data\nGroup www-data\nDocumentRoot ${root}/www\nAlias /s ${root}/srv\n`
    + `${open(root)}\n    AllowOverride AuthConfig\n    Order deny,allow\n    Deny from all\n    Allow from 127.0.0.2\n${close}\n`);
  return root;
}

describe('a .htaccess below a pattern <Directory> reached through an Alias', () => {
  it('is proven with the wildcard <Directory> above it: the migrated tree answers every request as before', async () => {
    const root = tree((r) => `<Directory ${r}/srv/*>`, '</Directory>');
    const orig = tree((r) => `<Directory ${r}/srv/*>`, '</Directory>');
    await runCli(['write', 'conf/httpd.conf'], { cwd: root });
    const run = await runCli(['verify', `${orig}/conf/httpd.conf`, `${root}/conf/httpd.conf`], { cwd: root });
    expect(run.stdout).toMatch(/all \d+ representative requests get the same answer/);
  });

  it('keeps a <DirectoryMatch> whose AllowOverride 2.4 ignores: 2.2 read the .htaccess, 2.4 answers 500', async () => {
    const root = tree((r) => `<DirectoryMatch "^${r}/srv/[a-z]+">`, '</DirectoryMatch>');
    await runCli(['write', 'conf/httpd.conf'], { cwd: root });
    expect(readFileSync(join(root, 'conf/httpd.conf'), 'latin1')).toContain('    Order deny,allow\n    Deny from all\n    Allow from 127.0.0.2\n</DirectoryMatch>');
  });
});
