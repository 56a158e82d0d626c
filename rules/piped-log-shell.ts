import type { Directive, Section } from '../src/ast/nodes.js';
import { defineRule } from '../src/engine/rule.js';
import { needsShell } from '../src/apache/shell.js';
import { readBy24 } from '../src/rules-kit/reach.js';

export default defineRule({
  meta: {
    id: 'piped-log-shell',
    description: 'Mark piped log commands that need a shell with `|$`, since 2.4 runs them without /bin/sh.',
    row: 'Per-module behavior changes: Piped logging (ErrorLog, CustomLog) — run through /bin/sh -c in 2.2, executed directly in 2.4',
    kind: 'fix',
  },
  create(context) {
    const check = (node: Directive, ancestors: readonly Section[]) => {
      const arg = node.args[0];
      if (!arg || !arg.value.startsWith('|') || !readBy24(ancestors)) return;
      const rest = arg.value.slice(1);
      if (rest.startsWith('|') || rest.startsWith('$')) return; // already 2.4's explicit form
      const why = needsShell(rest);
      if (why === null) return;
      const bar = arg.raw.indexOf('|');
      const fixed = `${arg.raw.slice(0, bar + 1)}$${arg.raw.slice(bar + 1)}`;
      const line = [node.name, fixed, ...node.args.slice(1).map((a) => a.raw)].join(' ');
      context.report({
        node,
        message: `${node.name} ${arg.raw} ran its command through /bin/sh -c in 2.2; 2.4 runs a piped log command directly, without a shell, so ${why} would reach the program as plain arguments. Write \`${line}\` (\`|$\` asks 2.4 for the shell).`,
        fix: [{ start: arg.start + bar + 1, end: arg.start + bar + 1, text: '$' }],
      });
    };
    return { 'Directive:errorlog': check, 'Directive:customlog': check, 'Directive:transferlog': check };
  },
});
