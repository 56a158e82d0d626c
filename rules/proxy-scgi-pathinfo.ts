import type { Directive, LineSpan, Section } from '../src/ast/nodes.js';
import { walk } from '../src/ast/walk.js';
import { insertLinesAfter, insertLinesBefore } from '../src/edit/fixer.js';
import { proxiedUrlIndex } from '../src/apache/providers.js';
import { defineRule } from '../src/engine/rule.js';
import { readBy24 } from '../src/rules-kit/reach.js';

/** The line that restores 2.2's PATH_INFO. SetEnv runs too late for mod_proxy_scgi; SetEnvIf does not (mod_proxy_scgi docs). */
export const PATHINFO_LINE = 'SetEnvIf Request_URI . proxy-scgi-pathinfo';

const SETS_VAR = /^proxy-scgi-pathinfo(=.*)?$/i;

export default defineRule({
  meta: {
    id: 'proxy-scgi-pathinfo',
    description: 'Set proxy-scgi-pathinfo beside SCGI proxies so the backend still gets PATH_INFO.',
    row: 'Per-module behavior changes: mod_proxy_scgi default PATH_INFO differs; restored by proxy-scgi-pathinfo',
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    /** The sections (null: top level) that already set the variable with SetEnvIf or SetEnvIfNoCase. */
    const setIn = new Set<Section | null>();
    const covered = (ancestors: readonly Section[]) => setIn.has(null) || ancestors.some((s) => setIn.has(s));
    const done = new Set<Section | null>();
    const report = (node: Directive, ancestors: readonly Section[], at: LineSpan, before: boolean, what: string) => {
      const parent = ancestors[ancestors.length - 1] ?? null;
      if (covered(ancestors) || done.has(parent) || !readBy24(ancestors)) return;
      done.add(parent);
      context.report({
        node,
        message: `In 2.2, mod_proxy_scgi always sent the backend a PATH_INFO built from the request path (${what}). `
          + '2.4 sends none unless the variable proxy-scgi-pathinfo is set, and SetEnv sets it too late. '
          + `To keep the 2.2 behaviour, add: ${PATHINFO_LINE} (needs mod_setenvif).`,
        fix: [before ? insertLinesBefore(file, at, [PATHINFO_LINE]) : insertLinesAfter(file, at, [PATHINFO_LINE])],
      });
    };
    return {
      File() {
        walk(file, {
          directive: (d, anc) => {
            if ((d.lname === 'setenvif' || d.lname === 'setenvifnocase') && d.args.slice(2).some((a) => SETS_VAR.test(a.value))) {
              setIn.add(anc[anc.length - 1] ?? null);
            }
          },
        });
      },
      Directive(node, ancestors) {
        // ProxyPass, ProxyPassMatch and RewriteRule [P] all go through mod_proxy_scgi's canon handler.
        if (node.lname === 'balancermember') return;
        const target = node.args[proxiedUrlIndex(node.lname, node.args.map((a) => a.value))];
        if (target && /^scgi:\/\//i.test(target.value)) report(node, ancestors, node, false, `${node.name} to ${target.value}`);
      },
      'Directive:balancermember'(node, ancestors) {
        const proxy = ancestors[ancestors.length - 1];
        if (!proxy || proxy.lname !== 'proxy' || !node.args.some((a) => /^scgi:\/\//i.test(a.value))) return;
        report(node, ancestors.slice(0, -1), proxy.open, true, `balancer member ${node.args[0]!.value}`);
      },
    };
  },
});
