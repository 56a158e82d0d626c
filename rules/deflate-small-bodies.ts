import type { Directive } from '../src/ast/nodes.js';
import { defineRule } from '../src/engine/rule.js';
import { readBy24 } from '../src/rules-kit/reach.js';

/** True when a filter list (`A;B`) names DEFLATE. */
const namesDeflate = (v: string | undefined) => (v ?? '').split(';').some((f) => f.trim().toUpperCase() === 'DEFLATE');

export default defineRule({
  meta: {
    id: 'deflate-small-bodies',
    description: 'Report once per file that mod_deflate skips bodies too small to gain from compression in 2.4.',
    row: 'Per-module behavior changes: mod_deflate skips compression when the overhead exceeds the data',
    kind: 'report',
  },
  create(context) {
    let first: Directive | null = null;
    return {
      Directive(node, ancestors) {
        if (!readBy24(ancestors)) return;
        if (first) return;
        if ((node.lname === 'addoutputfilterbytype' || node.lname === 'setoutputfilter' || node.lname === 'addoutputfilter') && namesDeflate(node.args[0]?.value)) {
          first = node;
        }
      },
      FileExit() {
        if (!first) return;
        context.report({
          node: first,
          severity: 'info',
          message: '2.2\'s mod_deflate compressed every response it was given. 2.4 sends a response uncompressed, without Content-Encoding: gzip, '
            + 'when it knows the body is smaller than the compression overhead. Clients see the same content; only tests or caches that expect '
            + 'every such response to be gzip-encoded notice. No directive restores the old behaviour, and no change is needed.',
        });
      },
    };
  },
});
