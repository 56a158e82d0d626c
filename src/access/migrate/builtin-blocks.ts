/**
 * Which `<IfModule>` block makes the other build (builtin-reading.ts) answer a request otherwise than the reference.
 * Each block's own effect on that build's reading is what it alone adds to it: the sections only that build reads
 * inside it, the prover's sections it alone hides there, and the lines it changes in the section it sits in directly.
 * A block whose effect, put back as the prover reads it, restores the reference's answer is the one to name: a
 * hunt found the finding on an empty `<IfModule mod_version.c>` earlier on the request's path while the block that
 * let Debian's 2.4 answer 200 where 2.2 asked for a password got none.
 */
import type { Section } from '../../ast/nodes.js';
import { conditionHolds, type CondContext, type Item, type Model, type Scope } from '../model/index.js';
import { same } from './splice.js';

export interface UnsureBlock {
  section: Section;
  path: string;
}

/** What one block alone changes in the other build's reading. */
export interface BlockEffect {
  block: Section;
  /** The other reading's sections that exist only because the block holds there. */
  altOnly: Set<Scope>;
  /** The prover's sections that exist only because the block holds in its reading. */
  proverOnly: Scope[];
  /** The other reading's sections whose own lines the block changes, each with its prover twin. */
  changed: Map<Scope, Scope>;
}

const within = (node: Section, outer: Section) => node.start >= outer.start && node.end <= outer.end;

/** Each block's effect, for the blocks that have one on the sections (twinOf/altOf pair the two readings' sections). */
export function blockEffects(
  blocks: readonly UnsureBlock[], alt0: Model, after0: Model, twinOf: ReadonlyMap<Scope, Scope>, altOf: ReadonlyMap<Scope, Scope>,
  c24: CondContext, other: CondContext,
): BlockEffect[] {
  const effects = new Map<Section, BlockEffect>();
  const effectOf = (b: Section) => {
    let e = effects.get(b);
    if (!e) effects.set(b, (e = { block: b, altOnly: new Set(), proverOnly: [], changed: new Map() }));
    return e;
  };
  const enclosing = (s: Scope) => blocks.filter((b) => s.node && b.path === s.path && within(s.node, b.section));
  for (const x of alt0.scopes) {
    if (twinOf.has(x)) continue;
    for (const b of enclosing(x)) if (conditionHolds(b.section, c24) !== true) effectOf(b.section).altOnly.add(x);
  }
  for (const c of after0.scopes) {
    if (altOf.has(c)) continue;
    for (const b of enclosing(c)) if (conditionHolds(b.section, other) !== true) effectOf(b.section).proverOnly.push(c);
  }
  const nodesIn = new Map<string, Section[]>();
  for (const s of [...alt0.scopes, ...after0.scopes]) if (s.node) (nodesIn.get(s.path) ?? nodesIn.set(s.path, []).get(s.path)!).push(s.node);
  for (const [x, c] of twinOf) {
    if (same(x.items, c.items)) continue;
    for (const b of blocks) {
      if (b.path !== x.path || (x.node && !within(b.section, x.node))) continue;
      // The block's lines are the section's own when no section nested in it holds the block.
      const nested = (nodesIn.get(x.path) ?? []).some((n) => n !== x.node && (!x.node || within(n, x.node)) && within(b.section, n));
      if (!nested) effectOf(b.section).changed.set(x, c);
    }
  }
  return [...effects.values()];
}

/**
 * The other reading with the rewrites made (`scopes`, one for each of alt0's sections, in its order) and one block's
 * effect put back as the prover reads it (with the rewrites of `candidates` in the sections it restores).
 */
export function revertedReading(
  e: BlockEffect, alt0: Model, scopes: readonly Scope[], after0: Model, altOf: ReadonlyMap<Scope, Scope>,
  candidates: ReadonlyMap<Scope, Item[]>,
): Model {
  const provers = (c: Scope): Scope => {
    const items = candidates.get(c);
    return { ...c, items: items ?? c.items, errors: items ? [] : c.errors };
  };
  const indexOfAlt = new Map(alt0.scopes.map((x, i) => [x, i]));
  const replaced = new Map<Scope, Scope>();
  const out: Scope[] = [];
  // A prover's section the block hides from the other reading goes after the section before it in the prover's order.
  const after = new Map<number, Scope[]>();
  for (const c of e.proverOnly) {
    let pred = -1;
    for (let i = after0.scopes.indexOf(c) - 1; i >= 0 && pred < 0; i--) pred = indexOfAlt.get(altOf.get(after0.scopes[i]!)!) ?? -1;
    (after.get(pred) ?? after.set(pred, []).get(pred)!).push(c);
  }
  const insert = (i: number) => {
    const base = i < 0 ? (scopes[0]?.order ?? 0) - 1 : scopes[i]!.order;
    const list = after.get(i) ?? [];
    list.forEach((c, k) => {
      const copy = { ...provers(c), order: base + (k + 1) / (list.length + 1) };
      replaced.set(c, copy);
      out.push(copy);
    });
  };
  insert(-1);
  scopes.forEach((s, i) => {
    const x = alt0.scopes[i]!;
    if (!e.altOnly.has(x)) {
      const c = e.changed.get(x);
      const copy = c ? { ...provers(c), order: s.order, within: s.within } : s;
      if (copy !== s) replaced.set(s, copy);
      out.push(copy);
    }
    insert(i);
  });
  // A section inside a replaced or restored one names the copy, as withItems does.
  const relinked = out.map((s) => {
    const w = s.within && (replaced.get(s.within) ?? (altOf.has(s.within) ? scopes[indexOfAlt.get(altOf.get(s.within)!)!] : undefined));
    return w && w !== s.within ? { ...s, within: w } : s;
  });
  return { ...alt0, scopes: relinked };
}

