import rule from '../../rules/substitute-line-limit.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['LoadModule sed_module modules/mod_sed.so\n', '# Substitute s/a/b/\n'],
  invalid: [
    {
      name: 'reports once per file, on the first Substitute',
      code: 'LoadModule substitute_module modules/mod_substitute.so\n<Location />\nSubstitute s/a/b/\nSubstitute s/c/d/\n</Location>\n',
      output: null,
      errors: [/^2\.2's mod_substitute had no limit.*2\.4 stops at 1 MB.*SubstituteMaxLineLength 10m/],
    },
    { code: 'LoadModule substitute_module modules/mod_substitute.so\n', output: null, errors: ['SubstituteMaxLineLength'] },
    { code: '<Directory /srv>\r\n  Substitute "s/x/y/"\r\n</Directory>', output: null, errors: ['1 MB'] },
  ],
});
