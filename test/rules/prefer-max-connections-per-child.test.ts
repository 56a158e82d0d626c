import rule from '../../rules/prefer-max-connections-per-child.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['MaxConnectionsPerChild 0\n', '#MaxRequestsPerChild 10\n', 'MaxRequestsPerThread 5\n'],
  invalid: [
    { code: 'MaxRequestsPerChild 10000', output: 'MaxConnectionsPerChild 10000', errors: ['MaxConnectionsPerChild'] },
    { code: '\tMaxRequestsPerChild\t"500"\r\n', output: '\tMaxConnectionsPerChild\t"500"\r\n', errors: ['MaxConnectionsPerChild'] },
  ],
});
