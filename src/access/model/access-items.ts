/** Which items of a section are access lines, and the key a section keeps across the readings of one tree. */
import type { Section } from '../../ast/nodes.js';
import type { Item, Scope } from './model.js';

const ACCESS_KINDS: ReadonlySet<string> = new Set(['order', 'allow', 'deny', 'satisfy', 'require', 'authz', 'authmerging']);
const AUTHORITATIVE = /^authz.*authoritative$/;

export function isAccessItem(it: Item): boolean {
  return ACCESS_KINDS.has(it.k) || (it.k === 'set' && AUTHORITATIVE.test(it.key));
}

/** The section node (or, for a .htaccess file or a fragment, its path): the same in the 2.2 and the 2.4 reading. */
export const keyOf = (s: Scope): Section | string => s.node ?? s.path;
