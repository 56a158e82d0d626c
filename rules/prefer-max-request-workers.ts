import { defineRule } from '../src/engine/rule.js';
import { renameDirective } from '../src/edit/fixer.js';
import { readBy24 } from '../src/rules-kit/reach.js';

export default defineRule({
  meta: {
    id: 'prefer-max-request-workers',
    description: 'Rename MaxClients to MaxRequestWorkers, noting that the event MPM counts it differently.',
    row: 'Renamed directives: MaxClients → MaxRequestWorkers',
    kind: 'fix',
  },
  create(context) {
    return {
      'Directive:maxclients'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        const underEvent = ancestors.some((s) => s.lname === 'ifmodule' && /^(mpm_)?event(\.c|_module)?$|^mod_mpm_event\.c$/i.test(s.args[0]?.value ?? ''));
        context.report({
          node,
          message: 'MaxClients is MaxRequestWorkers in 2.4 (the old name is still accepted).'
            + (underEvent ? ' Under the event MPM it limits worker threads, not clients: with async connections more clients than this can be served.' : ''),
          fix: [renameDirective(node, 'MaxRequestWorkers')],
        });
      },
    };
  },
});
