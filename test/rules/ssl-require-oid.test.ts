import rule from '../../rules/ssl-require-oid.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    'SSLRequire %{SSL_CLIENT_S_DN_OU} in {"Staff", "CA"}\n',
    'SSLRequire "x" in PeerExtList("1.2.3")\n',
    'SSLRequire %{SSL_CLIENT_S_DN_OU} eq "in OID(x)"\n',
    'SSLRequire %{REQUEST_URI} =~ m#/in OID(#\n',
    '# SSLRequire "x" in OID("1.2.3")\n',
  ],
  invalid: [
    {
      // Found by a helper's bug hunt: written unchanged, the real 2.4.71 refused to start
      // ("SSLRequire: List-returning function 'OID' does not exist") and no finding said so.
      name: 'rewrites in OID(...) to in PeerExtList(...), which the real 2.4 accepts',
      code: '<Directory /srv>\n    SSLRequire %{SSL_CLIENT_VERIFY} eq "SUCCESS" and "Partner" in OID("2.16.840.1.113730.1.13")\n</Directory>\n',
      output: '<Directory /srv>\n    SSLRequire %{SSL_CLIENT_VERIFY} eq "SUCCESS" and "Partner" in PeerExtList("2.16.840.1.113730.1.13")\n</Directory>\n',
      errors: [/^SSLRequire … in OID\("…"\) lists the values .*List-returning function 'OID' does not exist.*PeerExtList/],
    },
    {
      name: 'every OID list of the line, over a continuation line',
      code: 'SSLRequire "a" in OID("1.2") \\\n    or "b" in  OID ("1.3")\r\n',
      output: 'SSLRequire "a" in PeerExtList("1.2") \\\n    or "b" in  PeerExtList ("1.3")\r\n',
      errors: ['PeerExtList'],
    },
  ],
});
