import { defineRule } from '../src/engine/rule.js';
import { removeLine } from '../src/edit/fixer.js';
import { asciiLower } from '../src/parse/words.js';

export default defineRule({
  meta: {
    id: 'no-default-type',
    description: 'Remove DefaultType, which 2.4 ignores, and name what to use instead.',
    row: 'Directives with changed or removed effect: DefaultType',
    kind: 'fix',
  },
  create(context) {
    return {
      'Directive:defaulttype'(node) {
        const value = node.args[0]?.value ?? '';
        const none = asciiLower(value) === 'none';
        context.report({
          node,
          severity: none ? 'info' : 'warning',
          message: none
            ? 'DefaultType none is removed: it has no effect in 2.4.'
            : `DefaultType ${value} is removed: 2.2 sent Content-Type ${value} for files of unknown type, 2.4 ignores the directive (AH00117) and sends no Content-Type for them. `
              + `To keep a type, map the extensions with AddType ${value} .ext, or force it where needed: <FilesMatch "^[^.]+$"> ForceType ${value} </FilesMatch>.`,
          fix: [removeLine(context.file, node)],
        });
      },
    };
  },
});
