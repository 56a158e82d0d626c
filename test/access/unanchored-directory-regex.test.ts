/**
 * A directory regex not anchored with `^` matches below every root: the main server's <Directory ~ "/a/"> meets a
 * virtual host's <DocumentRoot>/a/ too. Found by a helper's hunt of whole trees on the real 2.4.71: the regex was probed
 * only at /a/, which no URL of the host reaches, and the section's <Limit POST> Allow from all was rewritten to Require
 * all granted, which in 2.4 replaces the host's Require valid-user there: GET v1.test/a/f.html went from 401 to 200.
 */
import { describe, expect, it } from 'vitest';
import { proveProject } from '../../src/access/migrate/index.js';
import { projectOf } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';

const conf = (regex: string) => 'ServerRoot /etc/httpd\nListen 80\nDocumentRoot /srv/htdocs\n'
  + `<Directory ~ "${regex}">\n    <Limit POST>\n        Order allow,deny\n        Allow from all\n    </Limit>\n</Directory>\n`
  + 'NameVirtualHost *:80\n<VirtualHost *:80>\n    ServerName v1.test\n    DocumentRoot /srv/v1\n'
  + '    <Directory /srv/v1>\n        AuthType Basic\n        AuthName "Private"\n        AuthUserFile /etc/httpd/htpasswd\n        Require valid-user\n    </Directory>\n</VirtualHost>\n';

const verdictOf = (regex: string) => [...proveProject(projectOf([sourceFile('/etc/httpd/httpd.conf', conf(regex))])).verdicts.values()]
  .find((v) => v.scope.kind === 'directorymatch');

describe('the main server\'s directory regex not anchored with ^', () => {
  it('is probed below a virtual host\'s DocumentRoot, where its rewrite would replace the host\'s Require', () => {
    const v = verdictOf('/a/');
    expect(v?.status).toBe('refused');
    expect(v?.status === 'refused' && v.reason).toMatch(/the rewrite would change an outcome: GET \/a\/f\.html on <VirtualHost \*:80 v1\.test> from .*, no credentials: 401 before, 200 after/);
  });

  it('anchored with ^ at a path no host reaches, is rewritten as before', () => {
    expect(verdictOf('^/opt/a/')?.status).toBe('rewrite');
  });
});

/**
 * A directory regex whose `.*` may stand for a root: `^/srv/.*\/pub` meets <DocumentRoot>/pub. Found by the same hunt: it
 * was probed only at /srv/x/pub, below no root, where <Directory /> denies; its Satisfy Any was rewritten from what it
 * met there to Require all denied, and GET v2.test/pub/f.html went from 200 (the host's Allow from all) to 403.
 */
describe('a directory regex whose .* may stand for a DocumentRoot', () => {
  it('is probed at its last segment below the root, where the host\'s sections meet it', () => {
    const conf = 'ServerRoot /etc/httpd\nListen 80\nDocumentRoot /srv/htdocs\n<Directory />\n    Order deny,allow\n    Deny from all\n</Directory>\n'
      + 'NameVirtualHost *:80\n<VirtualHost *:80>\n    ServerName v2.test\n    DocumentRoot /srv/v2docs\n'
      + '    <Directory /srv/v2docs>\n        Allow from all\n    </Directory>\n    <Directory ~ "^/srv/.*/pub">\n        Satisfy Any\n    </Directory>\n</VirtualHost>\n';
    const v = [...proveProject(projectOf([sourceFile('/etc/httpd/httpd.conf', conf)])).verdicts.values()].find((x) => x.scope.kind === 'directorymatch');
    expect(v?.status === 'rewrite' ? v.lines : v?.status).not.toEqual(['Require all denied']);
  });
});

/**
 * A directory regex that matches across a root's own name: `docs/a/c` meets /srv/v4docs/a/c, which is neither a sample
 * placed below the root (/srv/v4docs/docs/a/c) nor its last segment there (/srv/v4docs/c). Found by a helper's hunt of
 * whole trees: its Satisfy Any was rewritten to Require all granted, which in 2.4 does not lift the Deny from all that
 * <Directory /> keeps under mod_access_compat, and POST /a/c/x.php as alice went from 200 (2.2) to 403.
 */
describe('a directory regex that matches across a DocumentRoot\'s own name', () => {
  it('is probed where it overlaps a probe directory (/srv/v4docs/a + /c)', () => {
    const conf = 'ServerRoot /etc/httpd\nListen 80\nDocumentRoot /srv/htdocs\n<Directory />\n    Order deny,allow\n    Deny from all\n</Directory>\n'
      + 'NameVirtualHost *:80\n<VirtualHost *:80>\n    ServerName v4.test\n    DocumentRoot /srv/v4docs\n'
      + '    <Directory ~ "docs/a/c">\n        Satisfy Any\n    </Directory>\n'
      + '    <Directory /srv/v4docs/a>\n        AuthType Basic\n        AuthName "Staff"\n        AuthUserFile /etc/httpd/htpasswd\n        Require user alice\n    </Directory>\n</VirtualHost>\n';
    const v = [...proveProject(projectOf([sourceFile('/etc/httpd/httpd.conf', conf)])).verdicts.values()].find((x) => x.scope.kind === 'directorymatch');
    expect(v?.status).toBe('refused');
    // No one rewrite keeps both /srv/v4docs/a/c (alice only) and a /docs/a/c below the root (403 for all).
    expect(v?.status === 'refused' && v.reason).toMatch(/the rewrite would change an outcome: .*: \d{3} before, \d{3} after/);
  });
});
