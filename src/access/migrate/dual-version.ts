/**
 * Dual-version blocks: read-time conditionals (`<IfModule !mod_authz_core.c>`,
 * `<IfVersion < 2.4>`…) whose truth differs between 2.2 and 2.4 (issue item 7).
 */
import type { Node, Section } from '../../ast/nodes.js';
import { conditionHolds, type CondContext } from '../model/index.js';
import { isAccessLine } from '../../apache/access-directives.js';

const CONDITIONAL: ReadonlySet<string> = new Set(['ifmodule', 'ifdefine', 'ifversion']);
/** Sections whose body belongs to the section around them, as the access model reads them. */
export const TRANSPARENT: ReadonlySet<string> = new Set(['limit', 'limitexcept', 'ifmodule', 'ifdefine', 'ifversion']);

/** 'legacy': read only by 2.2; 'modern': read only by 2.4; null: the same in both. */
export function branchKind(s: Section, c22: CondContext, c24: CondContext): 'legacy' | 'modern' | null {
  if (!CONDITIONAL.has(s.lname)) return null;
  const a = conditionHolds(s, c22);
  const b = conditionHolds(s, c24);
  if (a === b) return null;
  return a ? 'legacy' : 'modern';
}

/** True when a section body or any block inside it holds access-control lines. */
export function hasAccess(nodes: readonly Node[]): boolean {
  return nodes.some((n) => (n.type === 'directive' && isAccessLine(n.lname))
    || (n.type === 'section' && (TRANSPARENT.has(n.lname) || /^require(all|any|none)$/.test(n.lname)) && hasAccess(n.children)));
}

/** The version-dependent blocks with access lines directly in a body (looking through Limit and conditionals). */
export function dualBlocks(nodes: readonly Node[], c22: CondContext, c24: CondContext): { section: Section; kind: 'legacy' | 'modern' }[] {
  const out: { section: Section; kind: 'legacy' | 'modern' }[] = [];
  for (const n of nodes) {
    if (n.type !== 'section' || !TRANSPARENT.has(n.lname)) continue;
    const kind = branchKind(n, c22, c24);
    if (kind && hasAccess(n.children)) out.push({ section: n, kind });
    else if (!kind) out.push(...dualBlocks(n.children, c22, c24));
  }
  return out;
}
