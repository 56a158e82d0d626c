import { defineRule } from '../src/engine/rule.js';
import { removeLine } from '../src/edit/fixer.js';
import { effectiveLogLevel, LEVELS, levelAllows, setModuleLevel } from '../src/rules-kit/log-level.js';
import { projectFiles } from '../src/rules-kit/load-module.js';
import { readBy24 } from '../src/rules-kit/reach.js';
import { hasVariable, variablesNamed } from '../src/apache/variables.js';
import { refusedInHtaccess } from '../src/rules-kit/refused-in-htaccess.js';

export default defineRule({
  meta: {
    id: 'prefer-log-level-dumpio',
    description: 'Replace DumpIOLogLevel with LogLevel dumpio:trace7.',
    row: 'Directives with changed or removed effect: DumpIOLogLevel (mod_dumpio) → data is always logged at LogLevel trace7',
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    return {
      'Directive:dumpiologlevel'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        const refused = refusedInHtaccess(context.project, file, node);
        if (refused !== null) {
          context.report({ node, message: `${refused} To log the data, write \`LogLevel dumpio:trace7\` in the server configuration.` });
          return;
        }
        const level = node.args[0]?.value.toLowerCase() ?? '';
        const head = `DumpIOLogLevel ${node.args[0]?.raw ?? ''} chose the level at which mod_dumpio logged the data in 2.2; 2.4 has no DumpIOLogLevel and always logs the data at trace7.`;
        if (hasVariable(level)) {
          // httpd replaces ${NAME} before DumpIOLogLevel reads it: the level is known only when it starts.
          context.report({ node, message: `${head} The level comes from ${variablesNamed(node.args[0]!.raw)}, known only when httpd starts: remove the line, and write \`LogLevel dumpio:trace7\` if the server's LogLevel let that level through, so 2.2 logged the data.` });
          return;
        }
        if (!(LEVELS as readonly string[]).includes(level)) {
          context.report({ node, message: `${head} \`${level}\` is not a level; write \`LogLevel dumpio:trace7\` by hand if the data should be logged.` });
          return;
        }
        const server = effectiveLogLevel(projectFiles(context.project, file), ancestors);
        if (!levelAllows(server, level)) {
          context.report({
            node,
            message: `${head} The server's LogLevel ${server} hid that level, so 2.2 logged nothing: remove the line.`,
            fix: [removeLine(file, node)],
          });
          return;
        }
        const plan = setModuleLevel(file, node, ancestors, 'dumpio:trace7', true, context.project);
        if (plan.resetElsewhere) {
          context.report({ node, message: `${head} To keep logging the data, \`LogLevel dumpio:trace7\` must take its place, but ${plan.resetElsewhere}.` });
          return;
        }
        context.report({ node, message: `${head} To keep logging the data, ${plan.where}.`, fix: plan.edits });
      },
    };
  },
});
