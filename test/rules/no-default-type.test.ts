import rule from '../../rules/no-default-type.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['AddType text/plain .txt\n', '# DefaultType text/plain\n'],
  invalid: [
    { code: 'DefaultType text/plain\nServerName a\n', output: 'ServerName a\n', errors: [/DefaultType text\/plain is removed.*AddType text\/plain \.ext.*ForceType text\/plain/] },
    { code: 'DefaultType none\n', output: '', errors: ['DefaultType none is removed: it has no effect in 2.4.'] },
    { code: 'ServerName a\r\n  defaulttype "application/octet-stream"', output: 'ServerName a', errors: ['DefaultType application/octet-stream is removed'] },
  ],
});
