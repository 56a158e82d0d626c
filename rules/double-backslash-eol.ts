import { defineRule } from '../src/engine/rule.js';

export default defineRule({
  meta: {
    id: 'double-backslash-eol',
    description: 'Write a line that ends in \\\\ so that 2.4 reads it as 2.2 did: one line ending in a backslash, not joined to the next.',
    row: 'Line continuation: a line ending in \\\\ (2.2 an escaped backslash, 2.4 a continuation)',
    kind: 'fix',
  },
  create(context) {
    return {
      File(file) {
        for (const d of file.diagnostics) {
          if (d.code !== 'DOUBLE_BACKSLASH_EOL') continue;
          context.report({
            node: d,
            message: 'This line ends in \\\\: 2.2 read an escaped backslash and ended the line there, 2.4 reads a continuation and joins the next line to it (a comment then swallows the next directive). '
              + 'A space after the last backslash ends the line in both, with the same single backslash at its end.',
            fix: [{ start: d.start + 1, end: d.start + 2, text: ' ' }],
          });
        }
      },
    };
  },
});
