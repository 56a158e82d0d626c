/**
 * The other 2.4 build: a tree that loads no mod_version reads `<IfModule mod_version.c>` as false on a 2.4 that loads
 * the module from a .so file (a source build, Red Hat's) and as true on one that compiles it in (Debian's apache2:
 * `apache2 -l` lists mod_version.c), and `<IfModule !mod_version.c>` the other way round. The prover proves its
 * rewrites on the first reading; this one reads the tree as the second build does (the modules of SOMETIMES_BUILTIN
 * the tree does not load counted as loaded). A rewrite that answers otherwise there than the tree as written does,
 * where that answer was 2.2's, is withdrawn; a request that answers otherwise than 2.2 did there, rewrite or not, is
 * said on the `<IfModule>` block (found by a helper's hunt: a `<IfModule !mod_version.c>` block rewritten to
 * `Require all denied` is skipped by Debian's 2.4, which answered 200 where 2.2 answered 403, with no finding).
 * With `--httpd` the binary's own list decides, and there is no other build to read.
 */
import type { Section } from '../../ast/nodes.js';
import { walk } from '../../ast/walk.js';
import { moduleOfTest } from '../../apache/conditions.js';
import type { Project } from '../../project/project.js';
import type { RunCache } from '../../project/run-cache.js';
import { conditionHolds, type CondContext, type Item, keyOf, type Model, type ModelOptions, type Scope, servedContexts, SOMETIMES_BUILTIN } from '../model/index.js';
import { decide, describeDifference, eachRepresentative } from '../compare/index.js';
import { applicableScopes } from '../decide/index.js';
import { bodyOf, fallbackBranch } from './dual-version.js';
import { same } from './splice.js';
import { withItems } from './with-items.js';
import { type BlockEffect, type BlockEffects, blockEffects, reverter, type UnsureBlock } from './builtin-blocks.js';

export interface BuiltinCheck {
  /**
   * Of the prover's sections, by text, those whose own lines the other build reads otherwise, with why: a rewrite of them is
   * not proven there, unless it sits in the branch that build skips (fallbackBranch).
   */
  unsure(sections: Iterable<Scope>): Map<Section | string, string>;
  /** The rewrites (by the prover's section) that answer otherwise on the other build than the tree as written, with why. */
  blame(candidates: ReadonlyMap<Scope, Item[]>): Map<Scope, string>;
  /** The blocks where the tree, with the rewrites made, answers otherwise on the other build than the reference: the first request. */
  differences(candidates: ReadonlyMap<Scope, Item[]>): Map<Section, string>;
}

/**
 * The check, or null when no `<IfModule>` of the tree reads otherwise on the other build (or `--httpd` named the build).
 * `read(opts)`: the migrated tree's 2.4 reading with mod_access_compat (migratedReading); `reference`: what the rewrites
 * must keep (2.2's reading, or in a mixed tree 2.4's with mod_access_compat); `after0`: the prover's 2.4 reading.
 */
export function builtinCheck(
  project: Project, opts: ModelOptions, read: (opts: ModelOptions) => Model, reference: Model, after0: Model,
  conds: [CondContext, CondContext], work: RunCache,
): BuiltinCheck | null {
  if (opts.builtin) return null;
  const c24 = conds[1];
  const other: CondContext = { ...c24, modules: new Set([...c24.modules, ...SOMETIMES_BUILTIN]) };
  const blocks: UnsureBlock[] = [];
  const names = new Set<string>();
  for (const f of project.files) {
    walk(f.ast, { enter: (s) => {
      if (s.lname !== 'ifmodule' || !s.children.some((c) => c.type !== 'blank')) return;
      const name = moduleOfTest((s.args[0]?.value ?? '').replace(/^!/, ''));
      if (!SOMETIMES_BUILTIN.has(name) || conditionHolds(s, c24) === conditionHolds(s, other)) return;
      blocks.push({ section: s, path: f.path });
      names.add(name);
    } });
  }
  if (!blocks.length) return null;
  const modules = [...names].sort();
  const alt0: Model = { ...read({ ...opts, builtin: modules }), cache: work, mainServer: after0.mainServer };
  const label = modules.map((m) => `mod_${m}`).join(' and ');
  const build = `a 2.4 that has ${label} compiled in (Debian's and Ubuntu's apache2; \`apache2 -l\` lists the modules built in), where this tree loads no ${label}`;
  // The prover's sections by text and context, to find each one in the other reading.
  const at = (s: Scope) => `${s.vhost}\0${s.kind}\0${s.pattern}`;
  const ofKey = new Map<Section | string, Map<string, Scope>>();
  for (const s of after0.scopes) {
    let m = ofKey.get(keyOf(s));
    if (!m) ofKey.set(keyOf(s), (m = new Map()));
    m.set(at(s), s);
  }
  /** Each section of the other reading's prover section, and back. */
  const twinOf = new Map<Scope, Scope>();
  const altOf = new Map<Scope, Scope>();
  for (const x of alt0.scopes) {
    const c = ofKey.get(keyOf(x))?.get(at(x));
    if (c) { twinOf.set(x, c); altOf.set(c, x); }
  }
  /** The other reading with the rewrites made: each section the rewrites replace, by the prover's section it stands for. */
  const withRewrites = (candidates: ReadonlyMap<Scope, Item[]>) => {
    const items = new Map<Scope, Item[]>();
    for (const x of alt0.scopes) {
      const c = twinOf.get(x);
      const it = c && candidates.get(c);
      // A section that reads otherwise on that build keeps that reading: its rewrite sits in the branch the build skips (unsure).
      if (c && it && same(c.items, x.items)) items.set(x, it);
    }
    const originals = new Map<Scope, Scope>();
    const model = withItems(alt0, items, originals);
    const stands = new Map<Scope, Scope>();
    for (const [copy, x] of originals) if (items.has(x)) stands.set(copy, twinOf.get(x)!);
    return { model, scopes: model.scopes, stands };
  };
  const contexts = servedContexts([reference, alt0]);
  return {
    unsure(sections) {
      const out = new Map<Section | string, string>();
      for (const c of sections) {
        const x = altOf.get(c);
        if (!x || same(c.items, x.items) || fallbackBranch(bodyOf(project, c), ...conds)) continue;
        out.set(keyOf(c), `on ${build}, the section reads other lines than the rewrite was proven with, so the rewrite cannot be proven there`);
      }
      return out;
    },
    blame(candidates) {
      const { model, stands } = withRewrites(candidates);
      const out = new Map<Scope, string>();
      eachRepresentative([reference, model, alt0], contexts, (r) => {
        const before = decide(reference, r);
        const written = decide(alt0, r);
        const after = decide(model, r);
        if (after.status === written.status || written.status !== before.status) return;
        const blamed = [...applicableScopes(model, r)].reverse().map((s) => stands.get(s)).find((c) => c !== undefined);
        if (blamed && !out.has(blamed)) out.set(blamed, `on ${build}, the rewrite would change an outcome that the tree as written keeps: ${describeDifference({ request: r, before, after })}`);
      });
      return out;
    },
    differences(candidates) {
      const { model, scopes } = withRewrites(candidates);
      const out = new Map<Section, string>();
      const altAt = new Map(scopes.map((s, i) => [s, alt0.scopes[i]!]));
      let effects: BlockEffects | undefined;
      let revert: ((e: BlockEffect) => Model) | undefined;
      // A few readings with one block put back, kept while the requests of one context ask for the same blocks.
      const reverted = new Map<BlockEffect, Model>();
      const revertedOf = (e: BlockEffect) => {
        let m = reverted.get(e);
        if (!m) {
          if (reverted.size >= 16) reverted.clear();
          reverted.set(e, (m = (revert ??= reverter(alt0, scopes, after0, altOf, candidates))(e)));
        }
        return m;
      };
      eachRepresentative([reference, model], contexts, (r) => {
        const before = decide(reference, r);
        const after = decide(model, r);
        if (before.status === after.status) return;
        // The blocks whose own effect on the request's sections, put back as the prover reads it, restores the answer (builtin-blocks.ts).
        effects ??= blockEffects(blocks, alt0, after0, twinOf, altOf, c24, other);
        const met = [...[...applicableScopes(model, r)].map((s) => altAt.get(s) ?? s), ...applicableScopes(after0, r)];
        const restores = (e: BlockEffect) => decide(revertedOf(e), r).status === before.status;
        let restoring = [...effects.touching(met, r.file)].filter(restores);
        // Where none of those does, and the tree has few such blocks, each of them is tried.
        if (!restoring.length && effects.all.length <= 32) restoring = effects.all.filter(restores);
        const named = restoring.length ? restoring.map((e) => e.block) : [blockOf([...applicableScopes(model, r), ...applicableScopes(reference, r)].reverse(), blocks) ?? blocks[0]!.section];
        const said = describeDifference({ request: r, before, after });
        for (const block of named) if (!out.has(block)) out.set(block, said);
      });
      return out;
    },
  };
}

/** The unsure block a request's sections sit in or hold (the last section first), if any. */
function blockOf(scopes: readonly Scope[], blocks: readonly UnsureBlock[]): Section | undefined {
  for (const s of scopes) {
    for (const b of blocks) {
      if (b.path !== s.path) continue;
      if (!s.node) return b.section;
      const inside = b.section.start >= s.node.start && b.section.end <= s.node.end;
      const around = s.node.start >= b.section.start && s.node.end <= b.section.end;
      if (inside || around) return b.section;
    }
  }
  return undefined;
}
