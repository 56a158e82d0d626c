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

  it('take each member of a character class, a few at most (its ranges by their ends)', () => {
    expect(samplesFor(/\/d\/[sh]/, '/')).toEqual(['/d/s', '/d/h']);
    expect(samplesFor(/^\/v[a-z0-9]$/, '/')).toEqual(['/va', '/vz', '/v0', '/v9']);
    expect(samplesFor(/^\/[^x]$/, '/')).toEqual(['/q']);
  });

  it('meet the second member of a <DirectoryMatch> class, where a wildcard <Directory> kept Satisfy Any at the first', () => {
    // Differential seed 206000275 (fixtures/_differential/directorymatch-class-member): probed at /scn/s only, where
    // <Directory "…/s*"> (kept) said Satisfy Any; at /scn/h the parent's Satisfy Any, rewritten away, was what let
    // everyone past the <DirectoryMatch>'s Require: GET /h/f.html went from 200 to 401 on the real 2.4.68.
    const conf = 'ServerRoot /etc/httpd\nDocumentRoot /srv/htdocs\n<Directory "/srv/htdocs/scn">\n    Satisfy Any\n</Directory>\n'
      + '<DirectoryMatch "/srv/htdocs/scn/[sh]">\n    AuthType Basic\n    AuthName x\n    AuthUserFile /etc/httpd/htpasswd\n    Require valid-user\n</DirectoryMatch>\n'
      + '<Directory "/srv/htdocs/scn/s*">\n    Satisfy Any\n</Directory>\n';
    const verdicts = [...proveProject(projectOf([sourceFile('/etc/httpd/httpd.conf', conf)])).verdicts.values()];
    const parent = verdicts.find((v) => v.scope.kind === 'directory' && v.scope.pattern === '/srv/htdocs/scn');
    expect(parent?.status).not.toBe('rewrite');
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

/**
 * A <LocationMatch> not anchored with ^ matches below every URL: "/a/c/" meets /ext/a/c/, below <Location /ext/>. Found
 * by the same hunt: probed at /a/c/ only, its Order line was rewritten to Require valid-user, which in 2.4 replaced there
 * what <Location /ext/>'s Satisfy any had let in: GET /ext/a/c/secret.html went from 200 to 401.
 */
describe('a <LocationMatch> not anchored with ^', () => {
  it('is probed below each <Location>, where that section\'s Satisfy any let everyone in', () => {
    const conf = 'ServerRoot /etc/httpd\nDocumentRoot /srv/htdocs\nAlias /ext/ "/srv/ext/"\n'
      + '<Location /ext/>\n    AuthType Basic\n    AuthName "Private"\n    AuthUserFile /etc/httpd/htpasswd\n    Satisfy any\n</Location>\n'
      + '<LocationMatch "/a/c/">\n    Order Deny,Allow\n    AuthType Basic\n    AuthName "Private"\n    AuthUserFile /etc/httpd/htpasswd\n    Require valid-user\n</LocationMatch>\n';
    const verdicts = [...proveProject(projectOf([sourceFile('/etc/httpd/httpd.conf', conf)])).verdicts.values()];
    // Both rewritten, /ext/a/c/ asked for 401 where 2.2 answered 200. The rounds withdraw one of the two, and the other's
    // rewrite holds with its lines kept under mod_access_compat (the real 2.4.71 then answers 200 as 2.2 did).
    expect(verdicts.map((v) => v.status).sort()).toEqual(['refused', 'rewrite']);
    const refused = verdicts.find((v) => v.status === 'refused');
    expect(refused?.status === 'refused' && refused.reason).toMatch(/GET \/ext\/a\/c\/\S* from .*: 200 before, 401 after/);
  });
});
