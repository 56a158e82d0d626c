/**
 * A .htaccess that httpd reads at two paths: its directory reached directly and through a symbolic
 * link, each path with its own <Directory> sections. The loader reads the file once, at the first path
 * it finds; the prover proved its rewrite there only, and writing it changed the file for the other path
 * too: on the real 2.4, GET /real/f.html went from 401 (200 with a password) to 403. It is now read at
 * every path, as one file (the prover gives it one text for all, or none). Found by a helper's bug
 * hunt; with this, the migrated tree answers its five requests as 2.2 did.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { proveProject } from '../../src/access/migrate/index.js';
import { loadProject } from '../../src/project/load.js';
import { tempDir } from '../helpers/tmp.js';

describe('a .htaccess reached directly and through a symbolic link', () => {
  it('is known at both paths, and proven at both', () => {
    const root = tempDir();
    mkdirSync(join(root, 'htdocs/real'), { recursive: true });
    symlinkSync('real', join(root, 'htdocs/link'));
    writeFileSync(join(root, 'httpd.conf'), `ServerRoot "${root}"\nDocumentRoot "${root}/htdocs"\n`
      + `<Directory "${root}/htdocs">\n    Options FollowSymLinks\n    AllowOverride All\n    Order deny,allow\n    Deny from all\n    Allow from 127.0.0.2\n</Directory>\n`
      + `<Directory "${root}/htdocs/real">\n    Order allow,deny\n    Allow from all\n</Directory>\n`);
    writeFileSync(join(root, 'htdocs/real/.htaccess'), 'AuthType Basic\nAuthName e\nAuthUserFile /dev/null\nRequire valid-user\n');
    const project = loadProject([join(root, 'httpd.conf')]);
    const htaccess = project.files.filter((f) => f.kind === 'htaccess').map((f) => f.path);
    expect(htaccess).toHaveLength(1);
    const [read] = htaccess;
    const other = read === join(root, 'htdocs/link/.htaccess') ? join(root, 'htdocs/real/.htaccess') : join(root, 'htdocs/link/.htaccess');
    expect(project.otherPaths?.get(read!)).toEqual([other]);
    // Read at both, its translation differs (/real has its own allow-all <Directory>): left, and said why.
    const verdict = proveProject(project).verdicts.get(read!);
    expect(verdict?.status).toBe('refused');
    expect(verdict?.status === 'refused' && verdict.reason).toBe(`the file is read in several directories (${[read, other].map((p) => p!.slice(0, -'/.htaccess'.length)).join(', ')}), where this section's lines mean different things, and one text cannot say each of them`);
  });

  it('is rewritten when the one text is proven at both paths', () => {
    const root = tempDir();
    mkdirSync(join(root, 'htdocs/real'), { recursive: true });
    symlinkSync('real', join(root, 'htdocs/link'));
    writeFileSync(join(root, 'httpd.conf'), `ServerRoot "${root}"\nDocumentRoot "${root}/htdocs"\n<Directory "${root}/htdocs">\n    Options FollowSymLinks\n    AllowOverride All\n</Directory>\n`);
    writeFileSync(join(root, 'htdocs/real/.htaccess'), 'Order deny,allow\nDeny from all\nAllow from 127.0.0.2\n');
    const project = loadProject([join(root, 'httpd.conf')]);
    const [read] = project.files.filter((f) => f.kind === 'htaccess').map((f) => f.path);
    const verdict = proveProject(project).verdicts.get(read!);
    expect(verdict?.status === 'rewrite' && verdict.lines).toEqual(['Require ip 127.0.0.2']);
  });
});
