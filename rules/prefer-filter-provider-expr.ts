import type { Arg } from '../src/ast/nodes.js';
import { defineRule } from '../src/engine/rule.js';
import { deadIn24 } from '../src/rules-kit/directive-scope.js';
import { quoteWord } from '../src/parse/words.js';
import { translateProvider } from '../src/rules-kit/filter-expr.js';

export default defineRule({
  meta: {
    id: 'prefer-filter-provider-expr',
    description: 'Rewrite 2.2 FilterProvider lines (dispatch and match) as 2.4 boolean expressions.',
    row: 'Per-module behavior changes: mod_filter — FilterProvider syntax uses a boolean expression',
    kind: 'fix',
  },
  create(context) {
    return {
      'Directive:filterprovider'(node, ancestors) {
        if (node.args.length !== 4 || deadIn24(ancestors)) return;
        const [name, provider, dispatch, match] = node.args as [Arg, Arg, Arg, Arg];
        const t = translateProvider(dispatch.value, match.value);
        if (t === null) return;
        const head = `${node.name} ${name.raw} ${provider.raw}`;
        const said = `${node.name} uses the 2.2 form "dispatch match": httpd 2.2 ran provider ${provider.value} ${t.meaning}; `
          + '2.4 takes one boolean expression instead and refuses four arguments at start-up ("FilterProvider takes three arguments").';
        if (t.expr !== undefined) {
          const word = quoteWord(t.expr);
          context.report({ node, message: `${said} Write '${head} ${word}'.`, fix: [{ start: dispatch.start, end: match.end, text: word }] });
        } else {
          context.report({
            node,
            message: `${said} No 2.4 expression is exactly equivalent: ${t.reason}.`
              + (t.approx ? ` The nearest is '${head} ${quoteWord(t.approx)}'.` : ' Write the expression by hand.'),
          });
        }
      },
    };
  },
});
