import { defineRule } from '../src/engine/rule.js';
import { asciiLower } from '../src/parse/words.js';
import { readBy24 } from '../src/rules-kit/reach.js';

export default defineRule({
  meta: {
    id: 'ssl-engine-optional',
    description: 'Report SSLEngine optional, which httpd 2.4.64 and later no longer support (no TLS upgrade, 403 instead of 426).',
    row: 'httpd behaviour: SSLEngine optional (RFC 2817 upgrade to TLS) is ignored from 2.4.64 (AH10510)',
    kind: 'report',
  },
  create(context) {
    return {
      'Directive:sslengine'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        if (node.args.length !== 1 || asciiLower(node.args[0]!.value) !== 'optional') return;
        context.report({
          node,
          severity: 'warning',
          message: 'SSLEngine optional let 2.2 upgrade a plain-HTTP connection to TLS (RFC 2817): where SSLRequireSSL or SSLRequire applied, '
            + 'a plain-HTTP request got 426 Upgrade Required with "Upgrade: TLS/1.0, HTTP/1.1", and a client could switch the connection to TLS. '
            + 'httpd 2.4.64 and later no longer support it (CVE-2025-49812): they log AH10510 and serve this virtual host without TLS, '
            + 'so those requests get 403 and no client can upgrade. There is no 2.4 equivalent: serve TLS from a virtual host with SSLEngine on '
            + '(its own port) and send plain-HTTP clients there (Redirect), then delete this line.',
        });
      },
    };
  },
});
