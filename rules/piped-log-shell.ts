import type { Directive, Section } from '../src/ast/nodes.js';
import { defineRule, type Visitor } from '../src/engine/rule.js';
import { needsShell } from '../src/apache/shell.js';
import { PIPED_LOGS, type ShellForm } from '../src/apache/piped-logs.js';
import { hasVariable, variablesNamed } from '../src/apache/variables.js';
import { readBy24 } from '../src/rules-kit/reach.js';
import type { Edit } from '../src/edit/edit.js';

/** `/bin/sh -c 'command'`: a command that starts the shell itself, the same in 2.2 and 2.4. */
const SHELL_NAMED = /^\/bin\/sh -c '[^']*'$/;

/**
 * A command whose program is named without a `/` (`logger -t httpd`): the shell of 2.2 looked it up
 * in PATH, while 2.4 starts it with execv, which does not (AH00104 "unable to start piped log
 * program" when httpd starts, tested on 2.4.71). Null when the program has a path.
 */
function unsearched(command: string): string | null {
  const program = command.trim().split(/\s+/)[0] ?? '';
  if (program === '' || program.includes('/')) return null;
  return `the program \`${program}\`, which the shell looked up in PATH, would not be found: 2.4 starts it by that name alone and stops with AH00104 "unable to start piped log program" (apache2 -t does not see it)`;
}

export default defineRule({
  meta: {
    id: 'piped-log-shell',
    description: 'Give piped log commands that need a shell one again (`|$`, or `|/bin/sh -c` for ForensicLog), since 2.4 runs them without /bin/sh.',
    row: 'Per-module behavior changes: Piped logging (ErrorLog, CustomLog) — run through /bin/sh -c in 2.2, executed directly in 2.4',
    kind: 'fix',
  },
  create(context) {
    const check = (form: ShellForm) => (node: Directive, ancestors: readonly Section[]) => {
      const arg = node.args[0];
      if (!arg || !arg.value.startsWith('|') || !readBy24(ancestors)) return;
      const rest = arg.value.slice(1);
      // `||` and `|$` are 2.4's explicit forms; `|${NAME}` is a variable, known only at start-up.
      if (rest.startsWith('|') || (rest.startsWith('$') && !rest.startsWith('${'))) return;
      if (SHELL_NAMED.test(rest)) return; // the form written for ForensicLog: 2.4 runs the shell itself
      const variable = hasVariable(rest);
      const syntax = variable ? `whatever shell syntax ${variablesNamed(rest)} holds when httpd starts` : needsShell(rest);
      // ForensicLog's program is ServerRoot-relative in 2.2 and 2.4 alike: only the other directives lose the PATH lookup.
      const lost = syntax !== null ? `${syntax} would reach the program as plain arguments` : form === 'dollar' ? unsearched(rest) : null;
      if (lost === null) return;
      const ran = `${node.name} ${arg.raw} ran its command through /bin/sh -c in 2.2; 2.4 runs a piped log command directly, without a shell, so ${lost}.`;
      const after = (newArg: string) => [node.name, newArg, ...node.args.slice(1).map((a) => a.raw)].join(' ');
      if (form === 'dollar') {
        const bar = arg.raw.indexOf('|');
        context.report({
          node,
          message: `${ran} Write \`${after(`${arg.raw.slice(0, bar + 1)}$${arg.raw.slice(bar + 1)}`)}\` (\`|$\` asks 2.4 for the shell).`,
          fix: [{ start: arg.start + bar + 1, end: arg.start + bar + 1, text: '$' }],
        });
        return;
      }
      // ForensicLog: `|$` would name the program ServerRoot/$…; the shell is named instead, inside single quotes.
      const named = `"|/bin/sh -c '${rest}'"`;
      const quoting = /['"\\]/.test(rest);
      const fix: Edit[] | undefined = quoting ? undefined : [{ start: arg.start, end: arg.end, text: named }];
      context.report({
        node,
        message: `${ran} mod_log_forensic reads \`|$\` as a program below ServerRoot (2.4 then stops: AH00104), so the shell must be named: `
          + (quoting
            ? `write \`${node.name} "|/bin/sh -c '…'"\` with the command inside the single quotes, its own quotes and backslashes escaped with a backslash.`
            : `write \`${after(named)}\`.`),
        fix,
      });
    };
    const visitor: Visitor = {};
    for (const [name, form] of PIPED_LOGS) visitor[`Directive:${name}`] = check(form);
    return visitor;
  },
});
