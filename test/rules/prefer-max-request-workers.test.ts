import rule from '../../rules/prefer-max-request-workers.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['MaxRequestWorkers 150\n', '# MaxClients 150\n'],
  invalid: [
    { code: 'MaxClients 150\n', output: 'MaxRequestWorkers 150\n', errors: [/^MaxClients is MaxRequestWorkers in 2\.4[^U]*$/] },
    { code: '<IfModule event.c>\n  MaxClients 150 \r\n</IfModule>\n', output: '<IfModule event.c>\n  MaxRequestWorkers 150 \r\n</IfModule>\n', errors: ['Under the event MPM it limits worker threads'] },
    { code: 'MaxClients \\\n  150', output: 'MaxRequestWorkers \\\n  150', errors: ['MaxRequestWorkers'] },
  ],
});
