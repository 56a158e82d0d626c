import { defineRule } from '../src/engine/rule.js';
import { removeLine } from '../src/edit/fixer.js';

export default defineRule({
  meta: {
    id: 'no-name-virtual-host',
    description: 'Remove NameVirtualHost, which 2.4 ignores with a warning.',
    row: 'Directives with changed or removed effect: NameVirtualHost',
    kind: 'fix',
  },
  create(context) {
    return {
      'Directive:namevirtualhost'(node) {
        const addr = node.args.map((a) => a.raw).join(' ');
        context.report({
          node,
          message: `NameVirtualHost ${addr} is removed: 2.2 needed it for name-based hosting, 2.4 ignores it (AH00548) and treats every address:port used by several <VirtualHost> blocks as name-based.`,
          fix: [removeLine(context.file, node)],
        });
      },
    };
  },
});
