import type { Section } from '../src/ast/nodes.js';
import { defineRule } from '../src/engine/rule.js';
import { insertLinesAfter } from '../src/edit/fixer.js';
import { deadIn24, liveDirectives, projectServerLevel, virtualHostOf } from '../src/rules-kit/directive-scope.js';

/** The peer checks 2.4 turns on by default, in the order the lines are written. */
const CHECKS = ['SSLProxyCheckPeerCN', 'SSLProxyCheckPeerName', 'SSLProxyCheckPeerExpire'];

export default defineRule({
  meta: {
    id: 'ssl-proxy-check-peer',
    description: 'Offer to turn off the back-end certificate checks that 2.4 enables by default for SSL proxying.',
    row: 'Changed defaults: SSLProxyCheckPeerCN On, SSLProxyCheckPeerExpire On (502 on a bad certificate)',
    kind: 'suggest',
  },
  create(context) {
    const seen = new Set<Section | null>();
    return {
      'Directive:sslproxyengine'(node, ancestors) {
        const vhost = virtualHostOf(ancestors);
        if (node.args[0]?.value.toLowerCase() !== 'on' || seen.has(vhost) || deadIn24(ancestors)) return;
        seen.add(vhost);
        // A virtual host inherits what the main server sets.
        const mainSet = projectServerLevel(context.project, context.file, ...CHECKS.map((c) => c.toLowerCase()));
        const hostSet = vhost ? liveDirectives(vhost, ...CHECKS.map((c) => c.toLowerCase())) : [];
        const set = new Set([...mainSet, ...hostSet].map((l) => l.directive.lname));
        const missing = CHECKS.filter((c) => !set.has(c.toLowerCase()));
        if (missing.length === 0) return;
        const lines = missing.map((c) => `${c} Off`);
        context.report({
          node,
          message: 'SSLProxyEngine is on: httpd 2.2 did not check the back end\'s certificate name or expiry date (SSLProxyCheckPeerCN and SSLProxyCheckPeerExpire defaulted to Off); '
            + '2.4 checks both by default (as does SSLProxyCheckPeerName, new in 2.4.5), so a proxied request to an HTTPS back end whose certificate names another host or has expired now fails with 502 Bad Gateway. '
            + `To keep the 2.2 behaviour write ${lines.map((l) => `"${l}"`).join(', ')} in the same scope; this weakens security, so prefer giving the back end a valid certificate.`,
          suggestion: [insertLinesAfter(context.file, node, lines)],
        });
      },
    };
  },
});
