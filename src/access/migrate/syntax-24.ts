/**
 * How a 2.2 reading shows access syntax only 2.4 has: `Require all granted`, `Require ip …` (words no 2.2 module
 * knows), `<RequireAll>` and AuthMerging (commands 2.2 refuses). A tree that holds it was migrated, in part at least.
 */
import type { Item, Model, Scope } from '../model/index.js';

const V24_ONLY: ReadonlySet<string> = new Set(['all', 'ip', 'host', 'env', 'local', 'method', 'expr', 'dbm-group', 'dbm-file-group', 'forward-dns']);

/** The start-up error 2.2 gives a 2.4-only access command. */
export const ONLY_IN_24 = /Invalid command '<?(RequireAll|RequireAny|RequireNone|AuthMerging)/i;

/** A Require line of a 2.2 reading whose provider only 2.4 has. */
export function only24Require(i: Item): boolean {
  return i.k === 'require' && V24_ONLY.has((i.words[0] === 'not' ? i.words[1] ?? '' : i.words[0] ?? '').toLowerCase());
}

/** Whether a section of a 2.2 reading holds 2.4-only access syntax (Require all/ip/host…, <RequireAll>, AuthMerging). */
export function holds24Syntax(s: Scope): boolean {
  return s.errors.some((e) => ONLY_IN_24.test(e)) || s.items.some(only24Require);
}

/** A tree whose live 2.2 reading already holds 2.4-only access syntax (hand-migrated in part, or by an earlier run). */
export function isMixed(before: Model): boolean {
  return before.errors.some((e) => ONLY_IN_24.test(e)) || before.scopes.some(holds24Syntax);
}
