import { defineRule } from '../src/engine/rule.js';
import { deadIn24 } from '../src/rules-kit/directive-scope.js';
import { cipherEdits, isSslv2Word, isSslv3Word, lineAfter, protocolEdits, SSLV2_AND_3 } from '../src/rules-kit/sslv2.js';

export default defineRule({
  meta: {
    id: 'no-sslv2',
    description: 'Remove SSLv2 from SSLProtocol and SSLCipherSuite lines, since 2.4 does not support it, and offer to remove SSLv3, which 2.4 built without SSLv3 refuses.',
    row: 'Per-module behavior changes: mod_ssl — the SSLv2 protocol is not supported',
    kind: 'fix',
  },
  create(context) {
    return {
      Directive(node, ancestors) {
        if (deadIn24(ancestors)) return;
        if (node.lname === 'sslprotocol' || node.lname === 'sslproxyprotocol') {
          if (node.args.some((a) => isSslv3Word(a.value))) {
            // Also reported on a line with SSLv2: the suggestion takes both out, and waits for the SSLv2 fix to be written first.
            const edits = protocolEdits(node, SSLV2_AND_3);
            const word = node.args.find((a) => isSslv3Word(a.value))!.raw;
            const what = `${node.name} selects SSLv3 ("${word}"): 2.4 built against an OpenSSL without SSLv3 (OpenSSL 1.1.0 and later unless built with it, Debian's 2.4 among them) `
              + 'refuses "SSLv3" and "+SSLv3" at start-up ("SSLv3 not supported by this version of OpenSSL"), and accepts "-SSLv3"; SSLv3 is broken anyway (POODLE, RFC 7568).';
            context.report(edits
              ? { node, message: `${what} Unless the 2.4 build still has SSLv3 and clients need it, write "${lineAfter(context.file, node, edits)}".`, suggestion: edits }
              : { node, message: `${what} No line without it selects the other protocols the same way; unless the 2.4 build still has SSLv3 and clients need it, write one such as "${node.name} all -SSLv3".` });
          }
          if (!node.args.some((a) => isSslv2Word(a.value))) return;
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
