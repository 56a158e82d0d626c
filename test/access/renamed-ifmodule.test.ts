/**
 * A block of a module 2.4 absorbed into another (`<IfModule mod_authz_default.c>`), in a tree that loads it:
 * no-removed-modules renames the test to mod_authz_core.c, so 2.4 reads the block as 2.2 did, and the access proof
 * reads it too. Found by a helper's hunt of whole trees on the real 2.4.71: the proof read the block as skipped, never
 * saw the Satisfy Any in it, and the renamed block, read under mod_access_compat, let every request below the
 * .htaccess in: GET /pub/g.txt went from 403 (2.2: <Directory />'s Deny from all, no Require) to 200, with no finding.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

describe('a .htaccess block of mod_authz_default, in a tree that loads it', () => {
  it('is proven as 2.4 will read it once renamed to mod_authz_core.c', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'v2docs/pub'), { recursive: true });
    writeFileSync(join(root, 'httpd.conf'), `ServerRoot "${root}"\nListen 80\n`
      + ['authz_host', 'auth_basic', 'authn_file', 'authz_user', 'authz_default'].map((m) => `LoadModule ${m}_module modules/mod_${m}.so\n`).join('')
      + `DocumentRoot "${root}/htdocs"\n<Directory />\n    Deny from all\n</Directory>\n`
      + `<VirtualHost *:80>\n    ServerName v2.test\n    DocumentRoot "${root}/v2docs"\n</VirtualHost>\n`);
    writeFileSync(join(root, 'v2docs/.htaccess'), '<IfModule mod_authz_default.c>\n    Satisfy Any\n</IfModule>\n');
    const r = await runCli(['write', 'httpd.conf'], { cwd: root });
    // 2.2: Deny from all, and no Require for Satisfy Any to let a login through: 403 for every request.
    expect(readFileSync(join(root, 'v2docs/.htaccess'), 'latin1'), r.stdout).toBe('Require all denied\n');
    expect(readFileSync(join(root, 'httpd.conf'), 'latin1')).not.toContain('access_compat');
  });
});
