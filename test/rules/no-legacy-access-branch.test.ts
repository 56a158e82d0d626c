import rule from '../../rules/no-legacy-access-branch.js';
import { ruleTester } from '../helpers/rule-tester.js';

const twin = '<Directory /srv>\n  <IfVersion >= 2.4>\n    Require all denied\n  </IfVersion>\n  <IfVersion < 2.4>\n    Order deny,allow\n    Deny from all\n  </IfVersion>\n</Directory>\n';

ruleTester(rule, {
  valid: [
    '<Directory /srv>\n  Require all granted\n</Directory>\n',
    '<IfModule mod_rewrite.c>\n  RewriteEngine on\n</IfModule>\n',
    '<Directory /srv>\n  <IfModule mod_authz_host.c>\n    Order allow,deny\n    Allow from all\n  </IfModule>\n</Directory>\n',
  ],
  invalid: [
    {
      name: 'offers to remove a 2.2 branch that has a 2.4 twin',
      code: twin,
      output: '<Directory /srv>\n  <IfVersion >= 2.4>\n    Require all denied\n  </IfVersion>\n</Directory>\n',
      errors: [/^<IfVersion < 2\.4> is read only by 2\.2; under 2\.4 the branch beside it applies\. Remove it with --prune-legacy/],
    },
    {
      name: 'says it is removed when pruneLegacy is set',
      code: twin,
      output: '<Directory /srv>\n  <IfVersion >= 2.4>\n    Require all denied\n  </IfVersion>\n</Directory>\n',
      options: { pruneLegacy: true },
      errors: ['It is removed (--prune-legacy).'],
    },
    {
      name: 'warns about a 2.2 branch with no 2.4 twin and leaves it',
      code: '<Location /x>\n<IfModule !mod_authz_core.c>\nOrder deny,allow\nDeny from all\n</IfModule>\n</Location>\n',
      output: null,
      errors: [/^<IfModule !mod_authz_core\.c> holds access control that only 2\.2 reads, and no branch beside it/],
    },
  ],
});
