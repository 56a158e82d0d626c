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

/**
 * A per-directory configuration's options as core.c keeps them (both versions): the set, the `+` and `-`
 * words since the last plain word, and whether a plain word set it (`unset` false) or only signed words
 * changed it, in which case it merges onto the enclosing set instead of replacing it (merge_core_dir_configs).
 */
export interface OptionsState {
  readonly opts: number;
  readonly add: number;
  readonly remove: number;
  readonly unset: boolean;
}

/** A section's options before its `Options` lines: unset (create_core_dir_config). */
export const SECTION_OPTIONS: OptionsState = Object.freeze({ opts: 0, add: 0, remove: 0, unset: true });
/**
 * A server's (and each virtual host's) own options before its lines: unset, with FollowSymLinks. (2.2's default is
 * `All`, 2.4's `FollowSymLinks`; only the symbolic-link options are read from these states.)
 */
export const SERVER_OPTIONS: OptionsState = Object.freeze({ opts: SYM_LINKS, add: 0, remove: 0, unset: true });

/**
 * `state` after one `Options` line, as set_options (core.c) applies its words: the first plain word resets
 * the set, `+X` adds X (to the set and the additions), `-X` removes it. Words httpd refuses are left out
 * (the line is an error that the server reports).
 */
export function readOptionsLine(state: OptionsState, words: readonly string[]): OptionsState {
  let { opts, add, remove, unset } = state;
  let first = true;
  for (const w of words) {
    const sign = w[0] === '+' || w[0] === '-' ? w[0] : '';
    const opt = WORDS[asciiLower(sign ? w.slice(1) : w)];
    if (!sign && first) { opts = 0; unset = false; first = false; }
    if (opt === undefined) continue;
    if (sign === '-') { remove |= opt; add &= ~opt; opts &= ~opt; }
    else if (sign === '+') { add |= opt; remove &= ~opt; opts |= opt; }
    else opts |= opt;
  }
  return { opts, add, remove, unset };
}

/** `next` merged onto `base` (merge_core_dir_configs): signed words alone adjust the base, a plain word replaces it. */
export function mergeOptions(base: OptionsState, next: OptionsState): OptionsState {
  if (!next.unset) return next;
  const add = (base.add & ~next.remove) | next.add;
  const remove = (base.remove & ~next.add) | next.remove;
  return { opts: (base.opts & ~remove) | add, add, remove, unset: base.unset };
}

/**
 * Whether the directory walk takes an existing file for one more directory under these options: with
 * FollowSymLinks and without SymLinksIfOwnerMatch it skips the lstat (request.c's "first optimization",
 * 2.2.34 and 2.4), so the sections of one more component match `<file>/`.
 */
export function takesFileForDirectory(state: OptionsState): boolean {
  return (state.opts & (SYM_LINKS | SYM_OWNER)) === SYM_LINKS;
}

/**
 * Whether one line (read onto SECTION_OPTIONS) may leave a walk without FollowSymLinks or with SymLinksIfOwnerMatch:
 * a line that removes the one or adds the other (2.2 carries such words to a deeper section with signed words only,
 * even where a plain word after them sets FollowSymLinks again), or sets the options without FollowSymLinks or with
 * SymLinksIfOwnerMatch. (`Options FollowSymLinks`, `Options Indexes FollowSymLinks`, `Options -Indexes` cannot.)
 */
export function mayStopTakingFiles(line: OptionsState): boolean {
  return Boolean(line.remove & SYM_LINKS || line.add & SYM_OWNER) || (!line.unset && !takesFileForDirectory(line));
}

/**
 * The bits set_options and set_allow_opts give each word when they check it against AllowOverride (http_core.h;
 * 2.2.23's core.c and later, as 2.4): Includes is IncludesNOEXEC with the exec bit, All is neither
 * SymLinksIfOwnerMatch nor MultiViews.
 */
const ALLOW_BITS: Readonly<Record<string, number>> = {
  indexes: 1, includes: 2 | 32, includesnoexec: 2, followsymlinks: 4, symlinksifownermatch: 64, execcgi: 8,
  multiviews: 128, runscripts: 128 | 8, none: 0, all: 1 | 2 | 32 | 4 | 8,
};
/** Every option: a directory whose AllowOverride names no Options keeps it (create_core_dir_config). */
const EVERY_OPTION = 1 | 2 | 4 | 8 | 32 | 64 | 128;

/**
 * The options an AllowOverride line (its words) lets a .htaccess set (override_opts, set_override): bare `Options`
 * allows All's (not SymLinksIfOwnerMatch, not MultiViews), `Options=a,b` those named; a line without either, every one.
 */
export function overrideOptions(words: readonly string[]): number {
  let allowed = EVERY_OPTION;
  for (const w of words) {
    const k = asciiLower(w);
    if (k === 'options') allowed = ALLOW_BITS.all!;
    else if (k.startsWith('options=')) {
      allowed = 0;
      for (const name of k.slice('options='.length).split(',')) allowed |= ALLOW_BITS[name] ?? 0;
    }
  }
  return allowed;
}

/**
 * Why set_options refuses a .htaccess `Options` line under the options AllowOverride allows (500 for the request):
 * "Illegal option X", or "Option X not allowed here" for the first word not all of whose bits are allowed. Null: read.
 */
export function refusedOptions(words: readonly string[], allowed: number): string | null {
  for (const w of words) {
    const name = w[0] === '+' || w[0] === '-' ? w.slice(1) : w;
    const opt = ALLOW_BITS[asciiLower(name)];
    if (opt === undefined) return `Illegal option ${name}`;
    if ((allowed & opt) !== opt) return `Option ${name} not allowed here`;
  }
  return null;
}

