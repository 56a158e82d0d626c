import { directives } from '../src/ast/walk.js';
import { defineRule } from '../src/engine/rule.js';

/** RequestReadTimeout's default in 2.4 (mod_reqtimeout docs, "Default"). */
export const REQTIMEOUT_DEFAULT = 'header=20-40,MinRate=500 body=20,MinRate=500';

export default defineRule({
  meta: {
    id: 'reqtimeout-defaults',
    description: 'Report that a loaded mod_reqtimeout applies default time-outs in 2.4.',
    row: 'Per-module behavior changes: mod_reqtimeout sets some default time-outs when loaded',
    kind: 'report',
  },
  create(context) {
    return {
      'Directive:loadmodule'(node) {
        if (node.args[0]?.value !== 'reqtimeout_module') return;
        const files = context.project.files.length ? context.project.files.map((f) => f.ast) : [context.file];
        if (!files.includes(context.file)) files.push(context.file);
        if (files.some((f) => directives(f, 'requestreadtimeout').length > 0)) return;
        context.report({
          node,
          message: 'In 2.2, a loaded mod_reqtimeout limited nothing until RequestReadTimeout was set. '
            + `In 2.4 it applies RequestReadTimeout ${REQTIMEOUT_DEFAULT} by default, so slow clients now get 408 or a closed connection. `
            + `To write the new limits down, add: RequestReadTimeout ${REQTIMEOUT_DEFAULT}. `
            + 'To keep 2.2\'s behaviour instead (no limit, which leaves the server open to slow-request attacks), add: RequestReadTimeout header=0 body=0.',
        });
      },
    };
  },
});
