import type { Directive, Section } from '../src/ast/nodes.js';
import { defineRule } from '../src/engine/rule.js';
import { insertLinesAfter } from '../src/edit/fixer.js';
import { deadIn24, liveDirectives, projectServerLevel, serverLevel, virtualHostOf } from '../src/rules-kit/directive-scope.js';

/** The client-side and proxy-side CRL settings and the line each needs in 2.4. */
const KINDS = [
  { sources: ['sslcarevocationfile', 'sslcarevocationpath'], check: 'SSLCARevocationCheck' },
  { sources: ['sslproxycarevocationfile', 'sslproxycarevocationpath'], check: 'SSLProxyCARevocationCheck' },
];

export default defineRule({
  meta: {
    id: 'ssl-ca-revocation-check',
    description: 'Add SSLCARevocationCheck where CRL files are configured, since 2.4 no longer checks them without it.',
    row: 'Per-module behavior changes: mod_ssl — CRL-based revocation checking must be configured explicitly with SSLCARevocationCheck',
    kind: 'fix',
  },
  create(context) {
    const done = new Map<Section | null, Set<string>>();
    return {
      Directive(node: Directive, ancestors) {
        const kind = KINDS.find((k) => k.sources.includes(node.lname));
        const vhost = virtualHostOf(ancestors);
        if (!kind || done.get(vhost)?.has(kind.check) || deadIn24(ancestors)) return;
        const sources = vhost ? liveDirectives(vhost, ...kind.sources) : serverLevel(context.file, ...kind.sources);
        if (!sources.some((l) => l.directive === node)) return;
        done.set(vhost, (done.get(vhost) ?? new Set()).add(kind.check));
        const lcheck = kind.check.toLowerCase();
        // A virtual host inherits the main server's setting.
        const checked = projectServerLevel(context.project, context.file, lcheck).length > 0
          || (vhost !== null && liveDirectives(vhost, lcheck).length > 0);
        if (checked) return;
        const last = sources[sources.length - 1]!.directive;
        const line = `${kind.check} chain no_crl_for_cert_ok`;
        context.report({
          node,
          message: `${node.name} is set without ${kind.check}: httpd 2.2 checked every certificate of the chain against the CRLs found there and accepted certificates whose issuer had no CRL; `
            + `2.4 does not check CRLs at all unless ${kind.check} is set (and with "chain" alone it refuses certificates whose issuer has no CRL). `
            + `Write "${line}" (the flag needs httpd 2.4.21 or later; on older 2.4 write "${kind.check} chain").`,
          fix: [insertLinesAfter(context.file, last, [line])],
        });
      },
    };
  },
});
