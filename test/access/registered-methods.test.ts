/**
 * 2.4 answers 500 below a .htaccess file whose <Limit> names a method no configuration file
 * registered ("Could not register method 'PURGE' for <Limit from .htaccess configuration", 2.4.28 on);
 * 2.2 registered it. Checked on the real 2.4: PURGE, `get` and INVALID give 500, PROPFIND and
 * PATCH do not, and PURGE does once a <Limit PURGE> of httpd.conf registers it. Found by a helper's
 * bug hunt: the rewrite of such a file was said to be proven.
 */
import { describe, expect, it } from 'vitest';
import { decide24 } from '../../src/access/decide/index.js';
import { buildModel, moduleSet } from '../../src/access/model/index.js';
import { proveProject } from '../../src/access/migrate/index.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';
import { req } from './helpers.js';

const CONF = 'DocumentRoot /srv/htdocs\n<Directory /srv/htdocs>\n    AllowOverride All\n</Directory>\n';

function answer24(conf: string, limit: string): number {
  const files = [
    { file: parse(conf, '/etc/httpd.conf', { version: '2.4' }), kind: 'conf' as const },
    { file: parse(`<Limit ${limit}>\n    Require all granted\n</Limit>\n`, '/srv/htdocs/.htaccess', { version: '2.4' }), kind: 'htaccess' as const, dir: '/srv/htdocs' },
  ];
  return decide24(buildModel(files, { version: '2.4', modules: moduleSet([], '2.4', false) }), req({ path: '/f.html' })).status;
}

describe('methods a .htaccess <Limit> may name in 2.4', () => {
  it('gives 500 for a method no configuration file registered, and not for one httpd knows or httpd.conf registered', () => {
    expect(answer24(CONF, 'PURGE')).toBe(500);
    expect(answer24(CONF, 'get')).toBe(500);
    expect(answer24(CONF, 'PROPFIND PATCH')).toBe(200);
    expect(answer24(`${CONF}<Location /x>\n    <Limit PURGE>\n    </Limit>\n</Location>\n`, 'PURGE')).toBe(200);
  });

  it('leaves a .htaccess whose translation needs such a <Limit>, and says how to register the method', () => {
    const project = projectOf([
      sourceFile('/etc/httpd.conf', CONF),
      sourceFile('/srv/htdocs/sub/.htaccess', 'Order deny,allow\nDeny from all\nAllow from 127.0.0.2\n<Limit PURGE>\n    Allow from 127.0.0.3\n</Limit>\n'),
    ]);
    const v = proveProject(project).verdicts.get('/srv/htdocs/sub/.htaccess');
    expect(v?.status).toBe('refused');
    if (v?.status === 'refused') expect(v.reason).toMatch(/^its translation needs <Limit PURGE>, .*Keep one there that the migration leaves/);
  });

  it('leaves such a .htaccess in a tree that already mixes in 2.4 syntax too, where the registering <Limit> is rewritten away', () => {
    // The differential's case limit-except-lowercase-htaccess: translated from 2.4 with mod_access_compat, the .htaccess
    // took the <Limit get> of the <Directory> above it, whose rewrite dropped the <Limit get> that registered the method.
    const project = projectOf([
      sourceFile('/etc/httpd.conf', 'DocumentRoot /srv/htdocs\n<Directory /srv/htdocs>\n    AllowOverride All\n    Require local\n</Directory>\n'
        + '<Directory /srv/htdocs/sub>\n    Deny from all\n    <Limit get>\n        Require user alice bob\n    </Limit>\n</Directory>\n'),
      sourceFile('/srv/htdocs/sub/.htaccess', 'Deny from 127.0.0. 127.0.0.2\nSatisfy Any\n'),
    ]);
    const proof = proveProject(project);
    expect(proof.mixed).toBe(true);
    const v = proof.verdicts.get('/srv/htdocs/sub/.htaccess');
    expect(v?.status).toBe('refused');
    if (v?.status === 'refused') expect(v.reason).toMatch(/^its translation needs <Limit get>, /);
    // The <Directory> keeps its lines too (rewritten alone, it would change what the .htaccess left as it is answers), and with them its <Limit get>.
    expect([...proof.verdicts.values()].map((x) => x.status)).toEqual(['refused', 'refused']);
  });
});
