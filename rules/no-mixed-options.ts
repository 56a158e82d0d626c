import { defineRule } from '../src/engine/rule.js';
import { replaceContent } from '../src/edit/fixer.js';
import { asciiLower } from '../src/parse/words.js';

/** `All` in 2.2: every option but MultiViews. */
const ALL = ['Indexes', 'Includes', 'FollowSymLinks', 'ExecCGI'];

/**
 * The options a 2.2 `Options` line sets, as set_options (core.c) read it: the first word without
 * `+`/`-` resets the set, so signed words before it are lost; after it, `+X` adds and `-X` removes.
 */
export function options22(words: readonly string[]): string[] {
  let set: string[] = [];
  let first = true;
  for (const w of words) {
    const sign = w[0] === '+' || w[0] === '-' ? w[0] : '';
    const name = sign ? w.slice(1) : w;
    if (!sign && first) {
      set = [];
      first = false;
    }
    const opts = asciiLower(name) === 'all' ? ALL : asciiLower(name) === 'none' ? [] : [name];
    if (sign === '-') set = set.filter((o) => !opts.some((x) => asciiLower(x) === asciiLower(o)));
    else for (const o of opts) if (!set.some((x) => asciiLower(x) === asciiLower(o))) set.push(o);
  }
  return set;
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
        const signed = words.filter((w) => w[0] === '+' || w[0] === '-');
        if (signed.length === 0 || signed.length === words.length) return;
        const set = options22(words);
        const line = `${node.name} ${set.length ? set.join(' ') : 'None'}`;
        context.report({
          node,
          message: `Options ${words.join(' ')} mixes options with and without +/-: 2.2 read the first plain word as a reset, so this line set exactly "${set.join(' ') || 'None'}"; `
            + `2.4 refuses to start ("Either all Options must start with + or -, or no Option may."). It becomes: ${line}.`,
          fix: [replaceContent(node, line)],
        });
      },
    };
  },
});
