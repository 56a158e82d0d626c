/**
 * Whether httpd 2.4 reads a part of the tree at all. Text inside an
 * `<IfVersion>` that is false for 2.4 (`<IfVersion < 2.3.6>`) is skipped by
 * 2.4 and still read by 2.2, so the migration rules leave it as it is.
 */
import type { Section } from '../ast/nodes.js';
import { conditionHolds } from '../apache/conditions.js';

/** True for a section whose body 2.4 skips whatever the modules and -D names: an `<IfVersion>` false for 2.4. */
export function skippedBy24(section: Section): boolean {
  return conditionHolds(section, { version: '2.4' }) === false;
}

/** True when 2.4 reads what lies inside these sections. */
export function readBy24(ancestors: readonly Section[]): boolean {
  return !ancestors.some(skippedBy24);
}
