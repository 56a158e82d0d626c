import { defineRule } from '../src/engine/rule.js';
import { replaceContent } from '../src/edit/fixer.js';
import { asciiLower } from '../src/parse/words.js';
import { hasVariable, variablesNamed } from '../src/apache/variables.js';
import { readBy24 } from '../src/rules-kit/reach.js';

export default defineRule({
  meta: {
    id: 'keep-alive-on-off',
    description: 'Write KeepAlive as On or Off, the only values 2.4 accepts.',
    row: 'Directives with changed or removed effect: KeepAlive',
    kind: 'fix',
  },
  create(context) {
    return {
      'Directive:keepalive'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        if (node.args.length !== 1) return;
        const raw = node.args[0]!.raw;
        if (hasVariable(node.args[0]!.value)) {
          // httpd replaces ${NAME} before KeepAlive reads it: the value is known only when it starts.
          context.report({
            node,
            severity: 'warning',
            message: `KeepAlive ${raw} is valid in 2.4 only if ${variablesNamed(raw)} is On or Off: 2.2 read every value but Off or 0 as On, 2.4 accepts only On or Off and refuses to start otherwise. Set it to Off where it was 0 (or Off), else to On.`,
          });
          return;
        }
        const value = asciiLower(node.args[0]!.value);
        if (value === 'on' || value === 'off') return;
        const flag = value === '0' ? 'Off' : 'On';
        context.report({
          node,
          message: `KeepAlive ${node.args[0]!.raw} becomes KeepAlive ${flag}: 2.2 read every value but Off or 0 as On, 2.4 accepts only On or Off and refuses to start otherwise.`,
          fix: [replaceContent(node, `${node.name} ${flag}`)],
        });
      },
    };
  },
});
