import rule from '../../rules/keep-alive-on-off.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['KeepAlive On\n', 'KeepAlive off\n', 'KEEPALIVE ON', 'KeepAlive "Off"\n', '# KeepAlive 5\n'],
  invalid: [
    { code: 'KeepAlive 5\n', output: 'KeepAlive On\n', errors: ['KeepAlive 5 becomes KeepAlive On'] },
    { code: 'KeepAlive 0\n', output: 'KeepAlive Off\n', errors: ['KeepAlive 0 becomes KeepAlive Off'] },
    { code: 'KeepAlive true\r\n', output: 'KeepAlive On\r\n', errors: ['On'] },
    { code: 'KeepAlive "yes"  \n', output: 'KeepAlive On  \n', errors: ['KeepAlive "yes" becomes'] },
    { name: 'reads "00" as On, as 2.2 did (only the exact word 0 is Off)', code: 'KeepAlive 00\n', output: 'KeepAlive On\n', errors: ['On'] },
    // Found by a helper's bug hunt: both 2.2 and 2.4 replace ${NAME} before the directive reads the line, so the value is not decided on.
    {
      name: 'a ${NAME} value is reported, not rewritten to On',
      code: 'KeepAlive ${KEEPALIVE}\n',
      output: null,
      errors: [/^KeepAlive \$\{KEEPALIVE\} is valid in 2\.4 only if \$\{KEEPALIVE\} is On or Off: .*Set it to Off where it was 0/],
    },
  ],
});
