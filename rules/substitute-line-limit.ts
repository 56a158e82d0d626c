import type { Directive } from '../src/ast/nodes.js';
import { defineRule } from '../src/engine/rule.js';
import { readBy24 } from '../src/rules-kit/reach.js';

export default defineRule({
  meta: {
    id: 'substitute-line-limit',
    description: 'Report that mod_substitute refuses lines longer than 1 MB in 2.4.',
    row: 'Per-module behavior changes: mod_substitute maximum line length is 1 MB (Limits: mod_substitute 1 MB)',
    kind: 'report',
  },
  create(context) {
    let first: Directive | null = null;
    let load: Directive | null = null;
    return {
      'Directive:substitute'(node, ancestors) { if (readBy24(ancestors)) first ??= node; },
      'Directive:loadmodule'(node, ancestors) { if (node.args[0]?.value === 'substitute_module' && readBy24(ancestors)) load ??= node; },
      FileExit() {
        const node = first ?? load;
        if (!node) return;
        context.report({
          node,
          severity: 'info',
          message: '2.2\'s mod_substitute had no limit on the length of a response line. 2.4 stops at 1 MB: a longer line makes the '
            + 'substitution fail with an error, and the response is cut short. If responses can hold longer lines (minified JavaScript, inline data), '
            + 'raise the limit with a line such as SubstituteMaxLineLength 10m (httpd 2.4.11 and later) next to the Substitute lines.',
        });
      },
    };
  },
});
