import type { Directive } from '../src/ast/nodes.js';
import { defineRule } from '../src/engine/rule.js';
import { removeLine } from '../src/edit/fixer.js';
import type { Edit } from '../src/edit/edit.js';
import { effectiveLogLevel, levelAllows, setModuleLevel, traceLevel } from '../src/rules-kit/log-level.js';
import { projectFiles } from '../src/rules-kit/load-module.js';
import { readBy24 } from '../src/rules-kit/reach.js';
import { hasVariable, variablesNamed } from '../src/apache/variables.js';
import { isAccessFile } from '../src/project/project.js';
import { refusedInHtaccess } from '../src/rules-kit/refused-in-htaccess.js';

const MODULE: Record<string, string> = { charsetoptions: 'charset_lite', extfilteroptions: 'ext_filter' };

export default defineRule({
  meta: {
    id: 'no-debug-level-option',
    description: 'Remove the DebugLevel= option of CharsetOptions and ExtFilterOptions in favour of a per-module LogLevel.',
    row: 'Directives with changed or removed effect: DebugLevel option (mod_charset_lite, mod_ext_filter) → per-module LogLevel',
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    const htaccess = isAccessFile(context.project, file.path);
    const check = (node: Directive, ancestors: Parameters<typeof setModuleLevel>[2]) => {
      const i = node.args.findIndex((a) => /^debuglevel=/i.test(a.value));
      if (i < 0 || !readBy24(ancestors)) return;
      const arg = node.args[i]!;
      const n = Number.parseInt(arg.value.slice('debuglevel='.length), 10);
      const mod = MODULE[node.lname]!;
      const only = node.args.length === 1;
      const cut: Edit = only ? removeLine(file, node) : { start: i === 0 ? arg.start : node.args[i - 1]!.end, end: i === 0 ? node.args[1]!.start : arg.end, text: '' };
      const refused = refusedInHtaccess(context.project, file, node);
      if (refused !== null) {
        context.report({ node, message: `${refused} ${node.name} belongs in a <Directory> of the server configuration, without ${arg.raw} in 2.4.` });
        return;
      }
      const head = `${node.name} ${arg.raw} made mod_${mod} log debugging detail in 2.2 (at LogLevel debug); 2.4 refuses the DebugLevel option and logs that detail at the trace levels of \`LogLevel ${mod}:traceN\`.`;
      const rest = only ? ` Remove the line (it has no other option).` : ` Remove \`${arg.raw}\`.`;
      if (hasVariable(arg.value)) {
        // httpd replaces ${NAME} before the directive reads it: the level is known only when it starts.
        context.report({ node, message: `${head}${rest} The level comes from ${variablesNamed(arg.raw)}, known only when httpd starts: where it is 1 or more (and the server's LogLevel let debug messages through), also write \`LogLevel ${mod}:traceN\`, N being the level (at most 8).` });
        return;
      }
      const level = traceLevel(n);
      const server = effectiveLogLevel(projectFiles(context.project, file), ancestors);
      if (level === null || !levelAllows(server, 'debug')) {
        const why = level === null ? `Level ${n || 0} logged nothing.` : `The server's LogLevel ${server} hid debug messages, so 2.2 logged nothing.`;
        context.report({ node, message: `${head} ${why}${rest}`, fix: [cut] });
        return;
      }
      if (htaccess) {
        context.report({ node, message: `${head}${rest} LogLevel cannot go in .htaccess: write \`LogLevel ${mod}:${level}\` in the matching <Directory> of the server configuration.`, fix: [cut] });
        return;
      }
      const plan = setModuleLevel(file, node, ancestors, `${mod}:${level}`, only, context.project);
      if (plan.resetElsewhere) {
        context.report({ node, message: `${head}${rest} For the same detail, write \`LogLevel ${mod}:${level}\`, but ${plan.resetElsewhere}.` });
        return;
      }
      context.report({ node, message: `${head}${rest} For the same detail, ${plan.where}.`, fix: only ? plan.edits : [cut, ...plan.edits] });
    };
    return { 'Directive:charsetoptions': check, 'Directive:extfilteroptions': check };
  },
});
