import { defineRule } from '../src/engine/rule.js';
import { replaceContent } from '../src/edit/fixer.js';
import { options22 } from '../src/apache/options.js';
import { hasVariable, variablesNamed } from '../src/apache/variables.js';

export default defineRule({
  meta: {
    id: 'no-mixed-options',
    description: 'Rewrite Options lines that mix words with and without +/-, which 2.4 refuses.',
    row: 'Changed defaults: Options (found on the real server: 2.4 refuses mixed signs, "Either all Options must start with + or -, or no Option may.")',
    kind: 'fix',
  },
  create(context) {
    return {
      'Directive:options'(node) {
        const words = node.args.map((a) => a.value);
        if (words.some(hasVariable)) {
          // httpd replaces ${NAME} before Options reads the line: its words, and whether they mix signs, are known only when it starts.
          const literal = words.filter((w) => !hasVariable(w));
          if (!literal.length) return;
          const sign = literal.some((w) => w[0] === '+' || w[0] === '-');
          const plain = literal.some((w) => w[0] !== '+' && w[0] !== '-');
          context.report({
            node,
            severity: sign && plain ? 'error' : 'warning',
            message: `Options ${words.join(' ')} takes words from ${variablesNamed(words.join(' '))}, known only when httpd starts; 2.4 refuses to start on a line that mixes options with and without +/- ("Either all Options must start with + or -, or no Option may."), where 2.2 read the first plain word as a reset. `
              + (sign && plain ? 'The words written already mix them: write the options meant, with + or - on every word or on none.' : `Make sure the value ${sign ? 'puts + or - on every word' : 'puts + or - on no word'}, as the words written here do.`),
          });
          return;
        }
        const signed = words.filter((w) => w[0] === '+' || w[0] === '-');
        if (signed.length === 0 || signed.length === words.length) return;
        const { words: set, illegal, carried } = options22(words);
        const written = `Options ${words.join(' ')}`;
        if (illegal !== null) {
          context.report({ node, message: `${written} names ${illegal}, which is no option: 2.2 refused the line ("Illegal option ${illegal}") and 2.4 does too. Write the options meant, with + or - on every word or on none.` });
          return;
        }
        const line = `${node.name} ${set.length ? set.join(' ') : 'None'}`;
        const head = `${written} mixes options with and without +/-: 2.2 read the first plain word as a reset, so this line set exactly "${set.join(' ') || 'None'}"; `
          + '2.4 refuses to start ("Either all Options must start with + or -, or no Option may.").';
        if (carried.length) {
          // What 2.2 kept of those words reaches deeper sections whose Options lines are all signed; the rewrite would
          // drop it there, which can turn an option back on (a - word) or off (a + word): offered, not applied.
          context.report({
            node,
            message: `${head} 2.2 also kept ${carried.join(' ')} for deeper sections (and .htaccess files) whose Options lines have only +/- words, which no 2.4 line does: check those, then write ${line}.`,
            suggestion: [replaceContent(node, line)],
          });
          return;
        }
        context.report({ node, message: `${head} It becomes: ${line}.`, fix: [replaceContent(node, line)] });
      },
    };
  },
});
