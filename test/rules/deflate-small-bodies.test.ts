import rule from '../../rules/deflate-small-bodies.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['AddOutputFilterByType INCLUDES text/html\n', '# SetOutputFilter DEFLATE\n', 'SetInputFilter DEFLATE\n', 'AddOutputFilter INFLATE;DEFLATE_X .gz\n'],
  invalid: [
    {
      name: 'reports once per file',
      code: 'AddOutputFilterByType DEFLATE text/html\nSetOutputFilter DEFLATE\n',
      output: null,
      errors: [/^2\.2's mod_deflate compressed every response.*smaller than the compression overhead.*no change is needed\.$/],
    },
    { code: '<Location />\r\n  AddOutputFilter INCLUDES;deflate .shtml\r\n</Location>', output: null, errors: ['Content-Encoding: gzip'] },
  ],
});
