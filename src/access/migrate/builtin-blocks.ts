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
import { htaccessOf } from '../decide/index.js';
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

/** The blocks' effects, and which of them touch given sections. */
export interface BlockEffects {
  all: readonly BlockEffect[];
  /**
   * The effects that add, hide or change one of these sections (of either reading), or a .htaccess file (or a section
   * of one) in a directory of `file`: a request meets a .htaccess that answers 500 without it being among its sections.
   */
  touching(sections: Iterable<Scope>, file: string): Set<BlockEffect>;
}

/** Each block's effect, for the blocks that have one on the sections (twinOf/altOf pair the two readings' sections). */
export function blockEffects(
  blocks: readonly UnsureBlock[], alt0: Model, after0: Model, twinOf: ReadonlyMap<Scope, Scope>, altOf: ReadonlyMap<Scope, Scope>,
  c24: CondContext, other: CondContext,
): BlockEffects {
  const effects = new Map<Section, BlockEffect>();
  const bySection = new Map<Scope, BlockEffect[]>();
  const inDir = new Map<string, BlockEffect[]>();
  const note = (b: Section, s: Scope) => {
    let e = effects.get(b);
    if (!e) effects.set(b, (e = { block: b, altOnly: new Set(), proverOnly: [], changed: new Map() }));
    const list = bySection.get(s) ?? bySection.set(s, []).get(s)!;
    if (!list.includes(e)) list.push(e);
    const h = s.kind === 'htaccess' ? s : htaccessOf(s);
    if (h) {
      const there = inDir.get(h.pattern) ?? inDir.set(h.pattern, []).get(h.pattern)!;
      if (!there.includes(e)) there.push(e);
    }
    return e;
  };
  const inFile = new Map<string, UnsureBlock[]>();
  for (const b of blocks) (inFile.get(b.path) ?? inFile.set(b.path, []).get(b.path)!).push(b);
  const enclosing = (s: Scope) => (s.node ? (inFile.get(s.path) ?? []).filter((b) => within(s.node!, b.section)) : []);
  for (const x of alt0.scopes) {
    if (twinOf.has(x)) continue;
    for (const b of enclosing(x)) if (conditionHolds(b.section, c24) !== true) note(b.section, x).altOnly.add(x);
  }
  for (const c of after0.scopes) {
    if (altOf.has(c)) continue;
    for (const b of enclosing(c)) if (conditionHolds(b.section, other) !== true) note(b.section, c).proverOnly.push(c);
  }
  let nodesIn: Map<string, Section[]> | undefined;
  for (const [x, c] of twinOf) {
    if (same(x.items, c.items)) continue;
    const inside = (inFile.get(x.path) ?? []).filter((b) => !x.node || within(b.section, x.node));
    if (!inside.length) continue;
    if (!nodesIn) {
      nodesIn = new Map();
      for (const s of [...alt0.scopes, ...after0.scopes]) if (s.node) (nodesIn.get(s.path) ?? nodesIn.set(s.path, []).get(s.path)!).push(s.node);
    }
    const nodes = nodesIn.get(x.path) ?? [];
    for (const b of inside) {
      // The block's lines are the section's own when no section nested in it holds the block.
      const nested = nodes.some((n) => n !== x.node && (!x.node || within(n, x.node)) && within(b.section, n));
      if (!nested) note(b.section, x).changed.set(x, c);
    }
  }
  return {
    all: [...effects.values()],
    touching(sections, file) {
      const out = new Set<BlockEffect>();
      for (const s of sections) for (const e of bySection.get(s) ?? []) out.add(e);
      for (let d = file; inDir.size && d.includes('/');) {
        d = d.slice(0, d.lastIndexOf('/'));
        for (const e of inDir.get(d || '/') ?? []) out.add(e);
      }
      return out;
    },
  };
}

/**
 * The other reading with the rewrites made (`scopes`, one for each of alt0's sections, in its order) and one block's
 * effect put back as the prover reads it (with the rewrites of `candidates` in the sections it restores), for each
 * effect asked: where the sections stand in the two readings' lists is found once.
 */
export function reverter(
  alt0: Model, scopes: readonly Scope[], after0: Model, altOf: ReadonlyMap<Scope, Scope>, candidates: ReadonlyMap<Scope, Item[]>,
): (e: BlockEffect) => Model {
  const at = { alt: new Map(alt0.scopes.map((x, i) => [x, i])), prover: new Map(after0.scopes.map((c, i) => [c, i])) };
  const provers = (c: Scope): Scope => {
    const items = candidates.get(c);
    return { ...c, items: items ?? c.items, errors: items ? [] : c.errors };
  };
  return (e) => {
    // A prover's section the block hides from the other reading goes after the section before it in the prover's order.
    const after = new Map<number, Scope[]>();
    for (const c of e.proverOnly) {
      let pred = -1;
      for (let i = at.prover.get(c)! - 1; i >= 0 && pred < 0; i--) pred = at.alt.get(altOf.get(after0.scopes[i]!)!) ?? -1;
      (after.get(pred) ?? after.set(pred, []).get(pred)!).push(c);
    }
    const replaced = new Map<Scope, Scope>();
    // A section inside a replaced or restored one names the copy, as withItems does (the one around it comes first).
    const linked = (s: Scope) => {
      if (!s.within) return s;
      const twin = altOf.has(s.within) ? scopes[at.alt.get(altOf.get(s.within)!)!] : undefined;
      const w = replaced.get(s.within) ?? (twin && (replaced.get(twin) ?? twin));
      return w && w !== s.within ? { ...s, within: w } : s;
    };
    const out: Scope[] = [];
    const insert = (i: number) => {
      const list = after.get(i);
      if (!list) return;
      const base = i < 0 ? (scopes[0]?.order ?? 0) - 1 : scopes[i]!.order;
      list.forEach((c, k) => {
        const copy = linked({ ...provers(c), order: base + (k + 1) / (list.length + 1) });
        replaced.set(c, copy);
        out.push(copy);
      });
    };
    insert(-1);
    for (let i = 0; i < scopes.length; i++) {
      const s = scopes[i]!;
      const x = alt0.scopes[i]!;
      if (!e.altOnly.has(x)) {
        const c = e.changed.get(x);
        const copy = linked(c ? { ...provers(c), order: s.order, within: s.within } : s);
        if (copy !== s) replaced.set(s, copy);
        out.push(copy);
      }
      insert(i);
    }
    return { ...alt0, scopes: out };
  };
}
