import rule from '../../rules/ssl-engine-optional.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['SSLEngine on\n', 'SSLEngine Off\n', '# SSLEngine optional\n', 'SSLEngine optional extra\n'],
  invalid: [
    {
      // Found by a helper's bug hunt: the real 2.4.71 logged AH10510 and answered 403 where 2.2 answered 426, with no finding.
      name: 'reports SSLEngine optional: 2.4.64 and later serve the host without TLS, so 426 becomes 403',
      code: '<VirtualHost *:80>\n    SSLEngine optional\n    <Location /a>\n        SSLRequireSSL\n    </Location>\n</VirtualHost>\n',
      output: null,
      errors: [/^SSLEngine optional let 2\.2 upgrade .*426 Upgrade Required.*2\.4\.64 and later no longer support it .*AH10510.*403.*SSLEngine on/],
    },
    { code: 'SSLEngine "Optional"\r\n', output: null, errors: ['SSLEngine optional let 2.2'] },
  ],
});
