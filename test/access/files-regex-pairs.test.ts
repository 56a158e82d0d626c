/**
 * Two <FilesMatch> regexes meet on a name that neither one's own sample is: `^(f|g)\.` and `\.(txt|php)$` at g.txt.
 * Found by a helper's hunt of whole trees on the real 2.4.71: the first (Order mutual-failure, 403 for all) was rewritten
 * to Require all denied, proven only at f. and g., where <Directory />'s Deny from all, kept under mod_access_compat,
 * refused in 2.4 too. At g.txt the second's Order resets that, and the <Location>'s Require group admins (owned there,
 * by the second's AuthGroupFile) replaces the first's Require in 2.4, where 2.2 refused by host first: GET /ext/g.txt
 * as bob, an admin, went from 403 to 200.
 */
import { describe, expect, it } from 'vitest';
import { contextScopes } from '../../src/access/decide/index.js';
import { probes } from '../../src/access/compare/probes.js';
import { proveProject } from '../../src/access/migrate/index.js';
import { projectOf } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';
import { m22 } from './helpers.js';

const AUTH = '    AuthType Basic\n    AuthName "Staff area"\n    AuthUserFile /etc/httpd/htpasswd\n';
const conf = 'ServerRoot /etc/httpd\nDocumentRoot /srv/htdocs\n<Directory />\n    Order deny,allow\n    Deny from all\n</Directory>\n'
  + `Alias /ext/ "/srv/ext/"\n<Directory "/srv/ext">\n${AUTH}    Require user bob carol\n</Directory>\n<Location /ext/>\n    Require group admins\n</Location>\n`
  + `<FilesMatch "\\.(txt|php)$">\n    Order Deny,Allow\n${AUTH}    AuthGroupFile /etc/httpd/groups\n    Require group admins\n</FilesMatch>\n`
  + '<FilesMatch "^(f|g)\\.">\n    Order mutual-failure\n</FilesMatch>\n';

describe('two <FilesMatch> regexes', () => {
  it('are probed at a name both match', () => {
    const model = m22(conf);
    const names = probes(model, '', contextScopes(model, ''), []).map((p) => p.file.slice(p.file.lastIndexOf('/') + 1));
    expect(names.filter((n) => /^(f|g)\./.test(n) && /\.(txt|php)$/.test(n)).length).toBeGreaterThan(0);
  });

  it('keep the first from a rewrite that would let an admin in there', () => {
    const verdicts = [...proveProject(projectOf([sourceFile('/etc/httpd/httpd.conf', conf)])).verdicts.values()];
    const v = verdicts.find((x) => x.scope.kind === 'filesmatch' && x.scope.pattern.startsWith('^'));
    expect(v?.status === 'rewrite' ? v.lines : v?.status).not.toEqual(['Require all denied']);
  });
});
