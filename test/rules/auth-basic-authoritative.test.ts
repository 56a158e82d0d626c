import { expect, it } from 'vitest';
import rule from '../../rules/auth-basic-authoritative.js';
import type { ConfigFile } from '../../src/ast/nodes.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf, type Project } from '../../src/project/project.js';
import { ruleTester, runRule } from '../helpers/rule-tester.js';

const LOADS = 'LoadModule authn_file_module modules/mod_authn_file.so\nLoadModule auth_basic_module modules/mod_auth_basic.so\n';
const DEFAULT = 'LoadModule authn_default_module modules/mod_authn_default.so\n';
const SECTION = '<Directory /srv/p>\n  AuthType Basic\n  AuthName "P"\n  AuthUserFile /etc/htpasswd\n  AuthBasicAuthoritative Off\n  Require valid-user\n</Directory>\n';

/** The file under test (a conf.d file, as the fixture is) beside a 2.2 main configuration that loads mod_authn_default. */
function besideMain22(f: ConfigFile): Project {
  const main = parse(`ServerRoot "/etc/httpd"\nListen 80\n${LOADS}${DEFAULT}`, '/etc/httpd/conf/httpd.conf');
  return projectOf([
    { path: main.path, display: 'httpd.conf', kind: 'conf', ast: main },
    { path: f.path, display: f.path, kind: f.path.endsWith('.htaccess') ? 'htaccess' : 'conf', ast: f },
  ]);
}

ruleTester(rule, {
  project: besideMain22,
  valid: [
    // AuthDefaultAuthoritative Off: mod_authn_default declined, 2.2 answered 500 as 2.4 does.
    `${SECTION}<Directory /srv/p/q>\n  AuthDefaultAuthoritative Off\n</Directory>\n`,
    // A third-party module may be the one the line hands users to.
    `LoadModule auth_kerb_module modules/mod_auth_kerb.so\n${SECTION}`,
    // On is 2.4's default and does what 2.2 did.
    '<Directory /srv/p>\n  AuthBasicAuthoritative On\n</Directory>\n',
  ],
  invalid: [
    {
      // Found by a helper's bug hunt: real 2.4.71 answered a user missing from the password file with 500 (AH01796) where 2.2's mod_authn_default answered 401.
      name: 'removes the line where mod_authn_default answered 401',
      code: SECTION,
      output: SECTION.replace('  AuthBasicAuthoritative Off\n', ''),
      errors: [/mod_authn_core answers such a user with 500 \("AH01796/],
    },
  ],
});

it('leaves the line where no mod_authn_default is loaded: 2.2 answered 500 too (no module authenticated the user), as 2.4 does', () => {
  expect(runRule(rule, `${LOADS}${SECTION}`).applied).toEqual([]);
  expect(runRule(rule, `${LOADS}${DEFAULT}${SECTION}`).applied).toHaveLength(1);
});
