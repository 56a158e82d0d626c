/**
 * Whether httpd 2.4 reads a part of the tree at all. Text inside an
 * `<IfVersion>` that is false for 2.4 (`<IfVersion < 2.3.6>`) is skipped by
 * 2.4 and still read by 2.2, so the migration rules leave it as it is.
 */
import type { Section } from '../ast/nodes.js';
import { ifVersion } from '../access/model/index.js';

/** True for an `<IfVersion>` section whose body 2.4 skips. */
export function skippedBy24(section: Section): boolean {
  return section.lname === 'ifversion' && !ifVersion(section.args.map((a) => a.value), '2.4');
}

/** True when 2.4 reads what lies inside these sections. */
export function readBy24(ancestors: readonly Section[]): boolean {
  return !ancestors.some(skippedBy24);
}
