import { defineRule } from '../src/engine/rule.js';
import { removeLine, replaceContent } from '../src/edit/fixer.js';
import { asciiLower } from '../src/parse/words.js';
import { loadState } from '../src/rules-kit/load-module.js';
import { gather } from '../src/rules-kit/project-facts.js';
import { directives } from '../src/ast/walk.js';

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
    // Every DefaultType value of the tree: where several differ, one may override another below it or after it.
    const values = () => new Set(gather(context.project, context.file, 'no-default-type:values', (f) => directives(f, 'defaulttype').map((d) => asciiLower(d.args[0]?.value ?? 'none'))));
    return {
      'Directive:defaulttype'(node) {
        const arg = node.args[0];
        const value = arg?.value ?? '';
        const others = [...values()].filter((v) => v !== asciiLower(value || 'none'));
        if (!arg || asciiLower(value) === 'none') {
          if (others.some((v) => v !== 'none')) {
            // A Header line cannot be turned off below it, so no 2.4 line does what this one did.
            context.report({
              node,
              severity: 'warning',
              message: `DefaultType None here turned off another DefaultType of the tree (${others.filter((v) => v !== 'none').join(', ')}) where it applied, or after it in the same section; that one becomes a Header set Content-Type line in 2.4, which no line can turn off here. Check which responses should get a type, and narrow that Header line's expr (for example to a path), or delete this line if they all should.`,
            });
            return;
          }
          context.report({ node, severity: 'info', message: 'DefaultType none is removed: it has no effect in 2.4.', fix: [removeLine(context.file, node)] });
          return;
        }
        const header = headerForType(arg.raw);
        const differs = `What still differs from 2.2: only successful (2xx) responses get the type; an error document or other non-2xx response with no type of its own stays without one.`;
        const head = `DefaultType ${value}: 2.2 sent Content-Type ${value} for files of no known type; 2.4 ignores the directive (AH00117) and sends no Content-Type for them.`;
        if (loadState(context.project, context.file, 'headers') === 'loaded') {
          if (others.length) {
            context.report({
              node,
              message: `${head} ${header} would set it on every response that has none, also where another DefaultType of the tree (${others.join(', ')}) changed it in 2.2, since a Header line reaches every section below it: check those, then write it.`,
              suggestion: [replaceContent(node, header)],
            });
            return;
          }
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
