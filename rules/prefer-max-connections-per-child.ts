import { defineRule } from '../src/engine/rule.js';
import { renameDirective } from '../src/edit/fixer.js';
import { readBy24 } from '../src/rules-kit/reach.js';

export default defineRule({
  meta: {
    id: 'prefer-max-connections-per-child',
    description: 'Rename MaxRequestsPerChild to MaxConnectionsPerChild.',
    row: 'Renamed directives: MaxRequestsPerChild → MaxConnectionsPerChild',
    kind: 'fix',
  },
  create(context) {
    return {
      'Directive:maxrequestsperchild'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        context.report({
          node,
          message: 'MaxRequestsPerChild is MaxConnectionsPerChild in 2.4 (the old name is still accepted); it counts connections, as it did in 2.2.',
          fix: [renameDirective(node, 'MaxConnectionsPerChild')],
        });
      },
    };
  },
});
