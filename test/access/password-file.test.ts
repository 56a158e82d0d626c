/**
 * Basic authentication with no AuthUserFile in force: mod_authn_file fails every request that carries credentials
 * with 500, and asks for them (401) where there are none (decide/password-file.ts). The answers of the real 2.4.68:
 * a <Directory> with AuthType Basic, AuthName and `Require user carol` and no password file gave 500 to bob:good,
 * bob:bad and nobody:x and 401 with no credentials; one whose parent <Directory> names the file gave 200, 401, 401.
 * Found by the differential: a case minimised to no AuthUserFile (fixtures/_differential/alias-docroot-files-deny,
 * whose line is put back: the differential's trees show no LoadModule lines, and are decided as fragments).
 */
import { describe, expect, it } from 'vitest';
import { decide22, decide24 } from '../../src/access/decide/index.js';
import { projectModel } from '../../src/access/model/index.js';
import { projectOf } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';
import { ALICE, ALICE_WRONG, m22, m24, req } from './helpers.js';

const AUTH = '    AuthType Basic\n    AuthName x\n    Require user alice\n';
const NONE = `<Directory /srv/htdocs>\n${AUTH}</Directory>\n`;
const INHERITED = `<Directory /srv>\n    AuthUserFile /etc/htpasswd\n</Directory>\n${NONE}`;

describe('Basic authentication with no AuthUserFile', () => {
  it.each([['2.2', m22, decide22], ['2.4', m24, decide24]] as const)('%s: 500 with credentials, 401 without', (_v, build, decide) => {
    const m = build(NONE);
    expect(decide(m, req({ credentials: ALICE })).status).toBe(500);
    expect(decide(m, req({ credentials: ALICE_WRONG })).status).toBe(500);
    expect(decide(m, req({})).status).toBe(401);
    const inherited = build(INHERITED);
    expect(decide(inherited, req({ credentials: ALICE })).status).toBe(200);
    expect(decide(inherited, req({ credentials: ALICE_WRONG })).status).toBe(401);
    // Another provider first: not modelled as a password file.
    expect(decide(build(NONE.replace('AuthName x', 'AuthName x\n    AuthBasicProvider ldap')), req({ credentials: ALICE })).status).toBe(200);
    expect(decide(build(NONE.replace('AuthName x', 'AuthName x\n    AuthBasicProvider file')), req({ credentials: ALICE })).status).toBe(500);
  });

  it('is decided as if the file were there where the LoadModule lines are not read (a fragment alone)', () => {
    const alone = (version: '2.2' | '2.4') => projectModel(projectOf([sourceFile('/etc/httpd/conf.d/site.conf', NONE)]), version, { compat: true });
    expect(decide22(alone('2.2'), req({ credentials: ALICE })).status).toBe(200);
    expect(decide24(alone('2.4'), req({ credentials: ALICE })).status).toBe(200);
  });
});
