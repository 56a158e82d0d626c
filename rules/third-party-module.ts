import { defineRule } from '../src/engine/rule.js';
import { knownModule } from '../src/apache/modules.js';
import { THIRD_PARTY_HINTS } from '../src/apache/third-party.js';
import { readBy24 } from '../src/rules-kit/reach.js';

export default defineRule({
  meta: {
    id: 'third-party-module',
    description: 'Report every LoadModule of a module that is not part of httpd: it must be rebuilt for 2.4.',
    row: 'Versioning 3: every module, including third-party ones, must be recompiled for 2.4; some need source changes',
    kind: 'report',
  },
  create(context) {
    return {
      'Directive:loadmodule'(node, ancestors) {
        const [sym, path] = node.args;
        if (!sym || !path || !readBy24(ancestors) || knownModule(sym.value) !== null || knownModule(path.value) !== null) return;
        const hint = THIRD_PARTY_HINTS[sym.value];
        context.report({
          node,
          message: `LoadModule ${sym.raw} ${path.raw} loads a module that is not part of httpd. A build made for 2.2 does not load in 2.4, which checks the module's API version at start-up: install a release built for 2.4, or rebuild it with 2.4's apxs (\`apxs -i -c <source>.c\`); some modules need source changes for the 2.4 API. Once the .so at ${path.raw} is a 2.4 build, keep the line \`LoadModule ${sym.value} ${path.raw}\` as it is.${hint ? ` ${hint}` : ''}`,
        });
      },
    };
  },
});
