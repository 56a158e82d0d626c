import { defineRule } from '../src/engine/rule.js';
import { removeLine, replaceContent } from '../src/edit/fixer.js';
import { asciiLower } from '../src/parse/words.js';
import { loadState } from '../src/rules-kit/load-module.js';

/** The 2.4 line that gives untyped successful responses the type (measured on 2.4.71: see rules/no-default-type.md). */
export function headerForType(raw: string): string {
  return `Header set Content-Type ${raw} "expr=-z %{CONTENT_TYPE}"`;
}

export default defineRule({
  meta: {
    id: 'no-default-type',
    description: 'Replace DefaultType, which 2.4 ignores, with a Header line that keeps the type where mod_headers is loaded, else remove it.',
    row: 'Directives with changed or removed effect: DefaultType',
    kind: 'fix',
  },
  create(context) {
    return {
      'Directive:defaulttype'(node) {
        const arg = node.args[0];
        const value = arg?.value ?? '';
        if (!arg || asciiLower(value) === 'none') {
          context.report({ node, severity: 'info', message: 'DefaultType none is removed: it has no effect in 2.4.', fix: [removeLine(context.file, node)] });
          return;
        }
        const header = headerForType(arg.raw);
        const differs = `What still differs from 2.2: only successful (2xx) responses get the type; an error document or other non-2xx response with no type of its own stays without one.`;
        const head = `DefaultType ${value}: 2.2 sent Content-Type ${value} for files of no known type; 2.4 ignores the directive (AH00117) and sends no Content-Type for them.`;
        if (loadState(context.project, context.file, 'headers') === 'loaded') {
          context.report({
            node,
            message: `${head} It becomes ${header}, which sets the type on every response that has none (tested on 2.4.71). ${differs}`,
            fix: [replaceContent(node, header)],
          });
          return;
        }
        context.report({
          node,
          severity: 'warning',
          message: `${head} The line is removed. To keep the type, load mod_headers and write ${header} here. ${differs}`,
          fix: [removeLine(context.file, node)],
        });
      },
    };
  },
});
