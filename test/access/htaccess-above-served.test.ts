/**
 * httpd's directory walk opens the access file of every directory from / down to the one a request is
 * served from, wherever overrides apply there: a site/.htaccess is read for every request below DocumentRoot
 * site/public, and files/.htaccess for an Alias to files/robots.txt. The loader looked for .htaccess files only
 * below the DocumentRoot and the Alias targets that are directories; those files kept their Order/Allow lines,
 * and on the real 2.4.71 without mod_access_compat every request answered 500 ("Invalid command 'Order'"),
 * where 2.2 answered 200 and 403. Where no <Directory> covers such a file, it was also proven apart from the
 * configuration (components.ts), with no AllowOverride in sight, and its rewrite called equivalent, where the
 * real 2.4 answers 500 (AllowOverride unset). Found by a helper's bug hunt.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

function tree(conf: (root: string) => string): string {
  const root = tempDir();
  for (const d of ['conf', 'site/public', 'files']) mkdirSync(join(root, d), { recursive: true });
  writeFileSync(join(root, 'conf/httpd.conf'), conf(root));
  writeFileSync(join(root, 'site/.htaccess'), 'Order allow,deny\nAllow from all\nDeny from 127.0.0.2\n');
  writeFileSync(join(root, 'files/.htaccess'), 'Order allow,deny\nAllow from all\nDeny from 127.0.0.3\n');
  writeFileSync(join(root, 'files/robots.txt'), 'x\n');
  return root;
}

describe('.htaccess files above what a URL is served from', () => {
  it('are migrated: above a DocumentRoot, and beside an Alias to a file', async () => {
    const root = tree((r) => `ServerRoot "${r}"\nDocumentRoot "${r}/site/public"\nAlias /robots.txt "${r}/files/robots.txt"\n`
      + '<Directory />\n    AllowOverride All\n</Directory>\n');
    const r = await runCli(['write', 'conf/httpd.conf'], { cwd: root });
    expect(r.stderr).toBe('');
    expect(readFileSync(join(root, 'site/.htaccess'), 'utf8')).toBe('<RequireAll>\n    Require all granted\n    <RequireNone>\n        Require ip 127.0.0.2\n    </RequireNone>\n</RequireAll>\n');
    expect(readFileSync(join(root, 'files/.htaccess'), 'utf8')).toBe('<RequireAll>\n    Require all granted\n    <RequireNone>\n        Require ip 127.0.0.3\n    </RequireNone>\n</RequireAll>\n');
  });

  it('are proven with the configuration: with no <Directory> above them, the one the migration adds (AllowOverride All) is read with them', async () => {
    // Before explicit-allow-override added that <Directory>, 2.4 answered 500 there, and the file was left and said so.
    const root = tree((r) => `ServerRoot "${r}"\nDocumentRoot "${r}/site/public"\n`);
    const r = await runCli(['write', 'conf/httpd.conf'], { cwd: root });
    expect(r.stderr).toBe('');
    expect(readFileSync(join(root, 'conf/httpd.conf'), 'utf8')).toContain(`<Directory "${root}/site">\n    AllowOverride All\n</Directory>\n`);
    expect(readFileSync(join(root, 'site/.htaccess'), 'utf8')).toBe('<RequireAll>\n    Require all granted\n    <RequireNone>\n        Require ip 127.0.0.2\n    </RequireNone>\n</RequireAll>\n');
    expect(r.stdout).not.toMatch(/allowoverride-authconfig|nothing is allowed here/);
    // No URL reaches files/ (no Alias to it): neither read nor given a <Directory>.
    expect(r.stdout).not.toContain('files/.htaccess');
    expect(readFileSync(join(root, 'conf/httpd.conf'), 'utf8')).not.toContain(`${root}/files`);
  });
});
