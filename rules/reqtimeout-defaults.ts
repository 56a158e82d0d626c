import { defineRule } from '../src/engine/rule.js';
import { liveDirectives, MAIN_SERVER, serversOf } from '../src/rules-kit/directive-scope.js';

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
        // Only the main server's line reaches every server: a connection's header time-out comes
        // from the default host of its address, so one <VirtualHost>'s line leaves the others at 2.4's defaults.
        const set = files.flatMap((f) => liveDirectives(f, 'requestreadtimeout').map((l) => serversOf(context.project, f, l.ancestors)));
        if (set.some((servers) => servers.includes(MAIN_SERVER))) return;
        context.report({
          node,
          message: 'In 2.2, a loaded mod_reqtimeout limited nothing until RequestReadTimeout was set. '
            + `In 2.4 it applies RequestReadTimeout ${REQTIMEOUT_DEFAULT} by default, so slow clients now get 408 or a closed connection. `
            + (set.length ? 'The RequestReadTimeout inside <VirtualHost> does not prevent that elsewhere: the other servers keep the defaults, '
              + 'and the header time-out of a connection comes from the first virtual host of its address. Put the line at server level, outside <VirtualHost>. ' : '')
            + `To write the new limits down, add: RequestReadTimeout ${REQTIMEOUT_DEFAULT}. `
            + 'To keep 2.2\'s behaviour instead (no limit, which leaves the server open to slow-request attacks), add: RequestReadTimeout header=0 body=0.',
        });
      },
    };
  },
});
