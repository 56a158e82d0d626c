/**
 * A regex section is probed at each alternative of its groups, not only the first: `^/(a|b)/` meets /b/ too. Found by a
 * helper's hunt of whole trees on the real 2.4.71: a <LocationMatch "^/(a|b)/"> with Require group staff was probed only
 * at /a/, where a <Directory ~ ".*\/a/"> with Satisfy Any let everyone in, and was rewritten from what it met there to
 * Require all granted: GET /b/index.html as carol (not in staff) went from 401 to 200.
 */
import { describe, expect, it } from 'vitest';
import { samplesFor } from '../../src/access/compare/sample.js';
import { proveProject } from '../../src/access/migrate/index.js';
import { projectOf } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';

describe('regex samples', () => {
  it('take each alternative of a group, a few at most', () => {
    expect(samplesFor(/^\/(a|b)\//, '/')).toEqual(['/a/', '/b/']);
    expect(samplesFor(/^\/(x|y)\/(c|d)$/, '/')).toEqual(['/x/c', '/y/c', '/x/d']);
    const bots = new RegExp(`(${Array.from({ length: 100 }, (_, i) => `bot${i}`).join('|')})`);
    expect(samplesFor(bots)).toHaveLength(9);
  });

  it('meet the second alternative of a <LocationMatch>, where its rewrite would have let everyone in', () => {
    const conf = 'ServerRoot /etc/httpd\nDocumentRoot /srv/htdocs\n'
      + '<LocationMatch "^/(a|b)/">\n    AuthType Basic\n    AuthName "Staff area"\n    AuthUserFile /etc/httpd/htpasswd\n'
      + '    AuthGroupFile /etc/httpd/groups\n    Require group staff\n</LocationMatch>\n'
      + '<Directory ~ "^/srv/htdocs.*/a/">\n    Satisfy Any\n</Directory>\n';
    const verdicts = [...proveProject(projectOf([sourceFile('/etc/httpd/httpd.conf', conf)])).verdicts.values()];
    const location = verdicts.find((v) => v.scope.kind === 'locationmatch');
    expect(location?.status === 'rewrite' ? location.lines : location?.status).not.toEqual(['Require all granted']);
  });
});
