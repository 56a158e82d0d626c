/**
 * `DocumentRoot www` is taken against the ServerRoot by both versions (ap_server_root_relative).
 * Found by a helper's bug hunt: the tool kept it relative, so the proof mapped /priv to no
 * <Directory>, rewrote <Location /priv> to Require all granted while <Directory ROOT/www/priv>
 * asked for a login (the real 2.4 then answered 200 where 2.2 answered 401), and a .htaccess below
 * it was read as a separate input and rewritten, although 2.4 leaves AllowOverride unset there.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

function tree(docroot: (root: string) => string): string {
  const root = tempDir();
  mkdirSync(join(root, 'conf'), { recursive: true });
  mkdirSync(join(root, 'www/priv'), { recursive: true });
  mkdirSync(join(root, 'www/ht'), { recursive: true });
  writeFileSync(join(root, 'www/ht/.htaccess'), 'Order deny,allow\nDeny from all\nAllow from 127.0.0.2\n');
  writeFileSync(join(root, 'conf/httpd.conf'), `ServerRoot "${root}"\nListen 80\nUser www-data\nGroup www-data\nDocumentRoot ${docroot(root)}\n`
    + `<Directory ${root}/www/priv>\n    AuthType Basic\n    AuthName x\n    AuthUserFile ${root}/htpasswd\n    Require valid-user\n</Directory>\n`
    + '<Location /priv>\n    Order allow,deny\n    Allow from all\n</Location>\n');
  return root;
}

describe('a relative DocumentRoot', () => {
  it.each([['relative', () => 'www'], ['absolute', (r: string) => `${r}/www`]])('(%s) maps /priv onto <Directory ROOT/www/priv>, and reads the .htaccess with the <Directory> the migration adds', async (_, docroot) => {
    const root = tree(docroot);
    const run = await runCli(['write', 'conf/httpd.conf'], { cwd: root });
    const conf = readFileSync(join(root, 'conf/httpd.conf'), 'latin1');
    expect(conf).not.toContain('Require all granted');
    expect(conf).toContain('<Location /priv>\n    Require valid-user\n</Location>');
    // No <Directory> of this complete configuration covers www/ht, where 2.4 leaves AllowOverride unset: explicit-allow-override
    // adds one with AllowOverride All (2.2's default), and the file, read there, is rewritten. Nothing is "outside the tree".
    expect(conf).toContain(`<Directory "${root}/www/ht">\n    AllowOverride All\n</Directory>\n`);
    expect(readFileSync(join(root, 'www/ht/.htaccess'), 'latin1')).toBe('Require ip 127.0.0.2\n');
    expect(run.stdout).not.toContain('is outside this tree');
  });
});
