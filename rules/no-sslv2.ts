import { defineRule } from '../src/engine/rule.js';
import { deadIn24 } from '../src/rules-kit/directive-scope.js';
import { cipherEdits, lineAfter, protocolEdits } from '../src/rules-kit/sslv2.js';

export default defineRule({
  meta: {
    id: 'no-sslv2',
    description: 'Remove SSLv2 from SSLProtocol and SSLCipherSuite lines, since 2.4 does not support it.',
    row: 'Per-module behavior changes: mod_ssl — the SSLv2 protocol is not supported',
    kind: 'fix',
  },
  create(context) {
    return {
      Directive(node, ancestors) {
        if (deadIn24(ancestors)) return;
        if (node.lname === 'sslprotocol' || node.lname === 'sslproxyprotocol') {
          if (!node.args.some((a) => /^[+-]?sslv2$/i.test(a.value))) return;
          const edits = protocolEdits(node);
          const what = `${node.name} names SSLv2: httpd 2.2 could offer SSLv2 (or used "-SSLv2" to take it out of "all"); `
            + '2.4 has no SSLv2 at all, refuses "SSLv2" and "+SSLv2" at start-up ("SSLProtocol: SSLv2 is no longer supported") and ignores "-SSLv2", as its "all" no longer includes SSLv2.';
          context.report(edits
            ? { node, message: `${what} Write "${lineAfter(context.file, node, edits)}".`, fix: edits }
            : { node, message: `${what} No 2.4 line selects the same protocols; write an SSLProtocol line without SSLv2, such as "${node.name} all -SSLv3".` });
        } else if (node.lname === 'sslciphersuite' || node.lname === 'sslproxyciphersuite') {
          const edits = cipherEdits(node);
          if (edits !== null && edits.length === 0) return;
          const what = `${node.name} names the SSLv2 cipher group: httpd 2.2 could negotiate SSLv2 ciphers; 2.4 never speaks SSLv2, so those tokens select nothing.`;
          context.report(edits
            ? { node, message: `${what} Write "${lineAfter(context.file, node, edits)}".`, fix: edits }
            : { node, message: `${what} Removing them would leave no cipher; write a cipher list without SSLv2.` });
        }
      },
    };
  },
});
