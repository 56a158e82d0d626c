/**
 * What an `Options` line sets, as 2.2's set_options (core.c) reads it. For a line whose words all carry
 * + or -, or none does (the only lines 2.4 accepts), 2.4 sets the same options.
 */
import { asciiLower } from '../parse/words.js';

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
