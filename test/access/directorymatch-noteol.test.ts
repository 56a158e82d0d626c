/**
 * A <DirectoryMatch> whose regex ends in `$`: 2.2.34 tested directory regexes with REG_NOTEOL, so
 * `$` matched no path and the section never applied; 2.4 matches it on the directory itself
 * (`/sub/`, `/sub`) and on a file the regex names. No probe asked for those paths, so the prover
 * called the section vacuous, kept its `Deny from all` and said that, with mod_access_compat, it
 * answered as 2.2 did: on the real 2.4, GET /sub/ went from 200 to 403. Found by a helper's bug
 * hunt; checked on the real 2.4.68 without mod_access_compat once rewritten (200 and 301 as in 2.2).
 */
import { describe, expect, it } from 'vitest';
import { proveProject, type Verdict } from '../../src/access/migrate/index.js';
import { projectOf } from '../../src/project/project.js';
import { lintFile } from '../../src/engine/run.js';
import preferRequire from '../../rules/prefer-require.js';
import { sourceFile } from '../helpers/source-file.js';

const CONF = 'ServerRoot /etc/httpd\nDocumentRoot /srv/htdocs\n<Directory /srv/htdocs>\n    Order allow,deny\n    Allow from all\n</Directory>\n'
  + '<DirectoryMatch "^/srv/htdocs/sub/?$">\n    Order allow,deny\n    Deny from all\n</DirectoryMatch>\n'
  + '<DirectoryMatch "^/srv/htdocs/d4/.*\\.bak$">\n    Order allow,deny\n    Deny from all\n</DirectoryMatch>\n';

describe('a <DirectoryMatch> that only `$` lets match', () => {
  it('is rewritten to what 2.2 answered on the paths 2.4 gives it, and the finding says why', () => {
    const project = projectOf([sourceFile('/etc/httpd/httpd.conf', CONF)]);
    const verdicts = [...proveProject(project).verdicts.values()].filter((v): v is Verdict & { status: 'rewrite' } => v.scope.kind === 'directorymatch' && v.status === 'rewrite');
    expect(verdicts.map((v) => [v.scope.pattern, v.lines])).toEqual([
      ['^/srv/htdocs/sub/?$', ['Require all granted']],
      ['^/srv/htdocs/d4/.*\\.bak$', ['Require all granted']],
    ]);
    const messages = lintFile(project.files[0]!.ast, [preferRequire], project).map((p) => p.message);
    expect(messages.filter((m) => m.includes('REG_NOTEOL'))).toHaveLength(2);
  });

  it('kept as written (a line the prover cannot read), is not said to answer as 2.2 did under mod_access_compat', () => {
    const conf = 'ServerRoot /etc/httpd\nDocumentRoot /srv/htdocs\n<Directory /srv/htdocs>\n    Order allow,deny\n    Allow from all\n</Directory>\n'
      + '<DirectoryMatch "^/srv/htdocs/sub/?$">\n    Order allow,deny\n    Deny from ${BAD}\n</DirectoryMatch>\n';
    const project = projectOf([sourceFile('/etc/httpd/httpd.conf', conf)]);
    const kept = [...proveProject(project).verdicts.values()].find((v) => v.scope.kind === 'directorymatch');
    expect(kept?.status).toBe('refused');
    // 2.2 never applied it, 2.4 does: the difference is the section's, though only the 2.4 reading applies it.
    expect(kept?.status === 'refused' && kept.compat).toMatch(/^GET \/sub\/? from .*: 200 before, 403 after/);
  });
});

/**
 * Found by a helper's second hunt: an unanchored regex (`/secret\.txt$`) was sampled as `/secret.txt`, a path
 * no URL reaches, and rewritten to Require all granted; on the real 2.4, GET /secret.txt went from 403 to 200.
 * Its paths are now asked for below each DocumentRoot and probe directory, and since the section never took
 * effect in 2.2, its access lines go with nothing in their place (checked on the real 2.4.71: 403 as in 2.2).
 */
describe('a <DirectoryMatch> not anchored with ^ that ends in `$`', () => {
  const conf = (regex: string) => 'ServerRoot /etc/httpd\nDocumentRoot /srv/htdocs\n<Directory /srv/htdocs>\n    Order allow,deny\n    Allow from 127.0.0.2\n</Directory>\n'
    + `<VirtualHost *:80>\n  ServerName a.test\n  DocumentRoot /srv/htdocs\n  <DirectoryMatch "${regex}">\n    Order deny,allow\n    Deny from 127.0.0.6\n  </DirectoryMatch>\n</VirtualHost>\n`;

  it.each(['/secret\\.txt$', '/htdocs/sub$'])('%s loses its access lines, which never took effect, and gets nothing in their place', (regex) => {
    const project = projectOf([sourceFile('/etc/httpd/httpd.conf', conf(regex))]);
    const v = [...proveProject(project).verdicts.values()].find((x) => x.scope.kind === 'directorymatch');
    expect(v?.status === 'rewrite' && v.lines).toEqual([]);
    const fixed = lintFile(project.files[0]!.ast, [preferRequire], project).find((p) => p.message.includes('never took effect'));
    expect(fixed?.fix?.map((e) => e.text)).toEqual(['', '']);
  });
});
