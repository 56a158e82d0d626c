import { defineRule } from '../src/engine/rule.js';
import { replaceContent } from '../src/edit/fixer.js';
import { asciiLower } from '../src/parse/words.js';
import { hasVariable, variablesNamed } from '../src/apache/variables.js';

/** 2.2's option bits (core.h), as set_options (core.c) combines them. */
const INDEXES = 1, INCLUDES = 2, SYM_LINKS = 4, EXECCGI = 8, INCNOEXEC = 32, SYM_OWNER = 64, MULTI = 128;

/** Each word 2.2 knows, and its bits: IncludesNOEXEC is Includes plus the no-exec bit, which Includes never clears. */
const WORDS: Readonly<Record<string, number>> = {
  indexes: INDEXES, includes: INCLUDES, includesnoexec: INCLUDES | INCNOEXEC, followsymlinks: SYM_LINKS,
  symlinksifownermatch: SYM_OWNER, execcgi: EXECCGI, multiviews: MULTI, runscripts: MULTI | EXECCGI,
  none: 0, all: INDEXES | INCLUDES | SYM_LINKS | EXECCGI,
};

export interface Options22 {
  /** The options the line sets, as 2.4 words in the order they first appear (None: empty). */
  words: string[];
  /** A word 2.2 did not know: it refused the line ("Illegal option X"). */
  illegal: string | null;
  /**
   * The signed words before the first plain word. 2.2 dropped them from this section's options but
   * kept them as additions or removals that come back when a deeper section's Options has only signed
   * words; no single 2.4 line does that.
   */
  carried: string[];
}

/** The 2.4 words for 2.2's bits, in the order the bits first appear in the line. */
function wordsOf(bits: number, order: readonly number[]): string[] {
  const out: string[] = [];
  for (const bit of order) {
    if (!(bits & bit)) continue;
    if (bit === INCLUDES) out.push(bits & INCNOEXEC ? 'IncludesNOEXEC' : 'Includes');
    else if (bit !== INCNOEXEC) out.push(NAMES[bit]!);
  }
  return out;
}

const NAMES: Readonly<Record<number, string>> = {
  [INDEXES]: 'Indexes', [SYM_LINKS]: 'FollowSymLinks', [SYM_OWNER]: 'SymLinksIfOwnerMatch', [EXECCGI]: 'ExecCGI', [MULTI]: 'MultiViews',
};

/**
 * The options a 2.2 `Options` line sets, as set_options (core.c) read it, bit for bit: the first word
 * without `+`/`-` resets the set, and after it `+X` adds X's bits and `-X` clears them.
 */
export function options22(words: readonly string[]): Options22 {
  let bits = 0;
  let first = true;
  const order: number[] = [];
  const carried: string[] = [];
  for (const w of words) {
    const sign = w[0] === '+' || w[0] === '-' ? w[0] : '';
    const opt = WORDS[asciiLower(sign ? w.slice(1) : w)];
    if (opt === undefined) return { words: [], illegal: sign ? w.slice(1) : w, carried };
    if (!sign && first) {
      bits = 0;
      first = false;
    } else if (sign && first) {
      carried.push(w);
    }
    for (const bit of [INDEXES, INCLUDES, INCNOEXEC, SYM_LINKS, SYM_OWNER, EXECCGI, MULTI]) if (opt & bit && !order.includes(bit)) order.push(bit);
    bits = sign === '-' ? bits & ~opt : bits | opt;
  }
  return { words: wordsOf(bits, order), illegal: null, carried };
}

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
