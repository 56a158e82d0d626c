/**
 * The prover behind prefer-require: translate every access section of a
 * project, then compare the original (read as 2.2) with the result (read as
 * 2.4) over the representative requests. A rewrite that makes some request
 * differ is withdrawn (the most specific rewritten section that applies to
 * the request), and the comparison is repeated until none differs.
 */
import type { Section } from '../../ast/nodes.js';
import { leftForSyntaxErrors, type Project, readForContext } from '../../project/project.js';
import { cacheSlot, RunCache } from '../../project/run-cache.js';
import { conditionHolds, type CondContext, forgetModels, isAccessItem, type Item, keyOf, type Model, type ModelOptions, moduleName, only24, type Outcome, projectModel, reachOfAll, type Request, type Scope, servedContexts } from '../model/index.js';
import { walk } from '../../ast/walk.js';
import { alongSomeWay, aroundIn } from '../../project/include-chains.js';
import { compatChanges, decide, describeDifference, eachRepresentative } from '../compare/index.js';
import { mixedCandidates, pureCandidates, unregisteredIn } from './candidates.js';
import { applicableScopes, SSL_DENIES, startupError } from '../decide/index.js';
import { currentAccessText } from './rewrite.js';
import { unfollowedRefusals } from './unfollowed.js';
import { dualBranchAt } from './dual-version.js';
import { ownState, UNIT_INDENT } from './translate-scope.js';
import { translateMixedState } from './translate-mixed.js';
import { Untranslatable } from './translate.js';
import { itemsOf, rewrittenItems } from './translation-items.js';
import { migratedReading } from './migrated-reading.js';
import { builtinCheck } from './builtin-reading.js';
import { withItems } from './with-items.js';
import { holds24Syntax, isMixed, ONLY_IN_24 } from './syntax-24.js';
import { laterReadingDifferences } from './later-reading.js';
import type { ProjectProof, Verdict } from './verdict.js';

export type { ProjectProof, Verdict };

const PROOFS = cacheSlot('access proof, per project', () => new WeakMap<Project, ProjectProof>());

/** Proves the rewrites of a whole project once (kept in the project's run cache). */
export function proveProject(project: Project, opts: ModelOptions = {}): ProjectProof {
  const proofs = project.cache.get(PROOFS);
  const hit = proofs.get(project);
  if (hit) return hit;
  const proof = computeProof(project, opts);
  proofs.set(project, proof);
  // The models the proof read are its own now (proof.before, proof.after): the run's copies go, and
  // with them the 2.4 reading whose sections the rewrites replaced (~7 MB on 10,000 vhosts). A later
  // caller builds its reading again.
  forgetModels(project);
  return proof;
}

/**
 * `kept`: the texts a later run would read otherwise (later-reading.ts), each with why, kept as written from the start:
 * the proof is made again without them, the rewrites left proven on a tree where they keep their lines.
 * `translateFirst`: the texts whose Require lines as written are not tried first (candidates.ts), for the same reason.
 */
function computeProof(
  project: Project, opts: ModelOptions, kept: ReadonlyMap<Section | string, string> = new Map(), translateFirst: ReadonlySet<Section | string> = new Set(),
): ProjectProof {
  // The models the proof works on keep what the deciders memoize about them (sections by context,
  // answers by location: ~10 MB on 10,000 vhosts) in a memo of the proof's own, which goes with it.
  const work = new RunCache();
  const read22 = projectModel(project, '2.2', opts);
  const read24 = migratedReading(project, opts);
  // No main-server request is probed only when neither version lets a connection reach the main server.
  const mainServer = reachOfAll([read22, read24]);
  const before22: Model = { ...read22, cache: work, mainServer };
  const after0: Model = { ...read24, cache: work, mainServer };
  const c22 = before22.cond!;
  const c24 = after0.cond!;
  const mixed = isMixed(before22) || loads24Module(project, c22);
  // A tree that already holds 2.4 syntax is a 2.4 tree: its rewrites must keep what 2.4 with mod_access_compat does.
  const before = mixed ? after0 : before22;
  const live = liveUnder(mixed ? c24 : c22);
  const { candidates, lines, verdicts, dual, fallbacks, untranslated, asWritten } = mixed
    ? mixedCandidates(project, after0, c22, c24)
    : pureCandidates(project, before22, after0, c22, c24, translateFirst);
  /** A withdrawn candidate's reason: why its 2.2 state has no translation, where it was the compat state's (candidates.ts). */
  const refusal = (s: Scope, reason: string) => untranslated.get(s) ?? reason;
  const beforeOf = new Map(before.scopes.map((s) => [keyOf(s), s]));
  // A file outside the tree, or one with syntax errors, keeps its lines: the other rewrites are proven with it as it is.
  for (const s of [...candidates.keys()]) {
    const file = project.byPath.get(s.path);
    const reason = readForContext(project, s.path) ? OUTSIDE : file && leftForSyntaxErrors(file) ? SYNTAX_ERRORS : null;
    if (!reason) continue;
    candidates.delete(s);
    verdicts.set(keyOf(s), { status: 'refused', scope: beforeOf.get(keyOf(s)) ?? s, reason: refusal(s, reason) });
  }
  for (const s of [...candidates.keys()]) {
    const reason = kept.get(keyOf(s));
    if (!reason) continue;
    candidates.delete(s);
    verdicts.set(keyOf(s), { status: 'refused', scope: beforeOf.get(keyOf(s)) ?? s, reason: refusal(s, reason) });
  }
  // A mapping the probes do not follow may join a <Location> and a file-system section on one request.
  // A section read in several contexts is one text: refused in one, it is refused in all.
  const unfollowed = new Map([...unfollowedRefusals(project, before, candidates.keys())].map(([u, why]) => [keyOf(u), why]));
  for (const s of [...candidates.keys()]) {
    const reason = unfollowed.get(keyOf(s));
    if (!reason) continue;
    candidates.delete(s);
    verdicts.set(keyOf(s), { status: 'refused', scope: beforeOf.get(keyOf(s)) ?? s, reason: refusal(s, reason) });
  }
  // The 2.4 build that compiles in a module the tree does not load (mod_version): its <IfModule> tests read the other way.
  // A section whose own lines that build reads otherwise is refused in every context, whatever the other rewrites (found by
  // a hunt of whole trees: refused in a round where a difference was blamed on it first, it was made by the tries after the
  // rounds, which read one build only, and a second run rewrote the lines the first had kept).
  const otherBuild = builtinCheck(project, opts, (o) => migratedReading(project, o), before, after0, [c22, c24], work);
  const unsure = otherBuild?.unsure(candidates.keys());
  for (const s of [...candidates.keys()]) {
    const reason = unsure?.get(keyOf(s));
    if (!reason) continue;
    candidates.delete(s);
    verdicts.set(keyOf(s), { status: 'refused', scope: beforeOf.get(keyOf(s)) ?? s, reason: refusal(s, reason) });
  }
  let contexts = contextsOf([...candidates.keys()], [after0]);
  /** The section each copy made by withItems stands for: the proof's own, gone with it. */
  const originals = new Map<Scope, Scope>();
  const originalOf = (s: Scope) => originals.get(s) ?? s;
  let after = withItems(after0, candidates, originals);
  // In a mixed tree the reference is 2.4 with mod_access_compat; where a request meets no 2.4 syntax,
  // 2.2's answer is known too, and a rewrite must keep it as well. A section whose answer under
  // mod_access_compat is not 2.2's (an earlier run kept it, and said so) then stays as it is, run after run.
  const as22 = mixed ? startingBut24Syntax(before22) : null;
  // The candidates shown on some request that does not fail before: a proof over requests that all
  // answer 500 (a broken .htaccess next to the section) says nothing about the section's lines.
  const exercised = new Set<Scope>();
  // Requests that answer otherwise with no candidate applying: by the section that sets AuthType or access lines there.
  const unblamed = new Map<Section | string, { scope: Scope; why: string }>();
  /** The answer `a` should have been, where it is not: the reference's `b`, or in a mixed tree 2.2's. Null when `a` keeps both. */
  const expected = (r: Request, b: Outcome, a: Outcome): Outcome | null => {
    if (b.status !== a.status) return b;
    if (!as22 || applicableScopes(before22, r).some(holds24Syntax)) return null;
    const was = decide(as22, r);
    return was.status === a.status ? null : was;
  };
  /**
   * Of texts given back their translations together (each text's sections with their items), those that do not keep
   * every request they meet as it should be alongside the candidates left: the rounds' test, on the contexts each text
   * can affect. The texts' contexts must not overlap: each is then decided as if it were tried alone, on one model.
   */
  const failingOf = (texts: ReadonlyMap<Section | string, ReadonlyMap<Scope, Item[]>>): Set<Section | string> => {
    const trial = new Map(candidates);
    for (const items of texts.values()) for (const [sc, it] of items) trial.set(sc, it);
    const t = withItems(after0, trial, originals);
    const failing = new Set<Section | string>();
    for (const [key, items] of texts) {
      let ok = true;
      // Only a request the sections meet can answer otherwise than on the final set, which the rounds proved.
      const meets = (r: Request) => applicableScopes(t, r).some((x) => items.has(originalOf(x)));
      for (const ctx of contextsOf([...items.keys()], [after0])) {
        const gaps = eachRepresentative(as22 ? [before, t, as22] : [before, t], [ctx], (r) => {
          if (!meets(r) || !expected(r, decide(before, r), decide(t, r))) return;
          ok = false;
          return true;
        }, undefined, (_gap, probe) => { if (meets(probe)) ok = false; });
        if (gaps.length || !ok) { ok = false; break; }
      }
      if (!ok) failing.add(key);
    }
    return failing;
  };
  /**
   * Of texts given back their translations together, those whose sections are the last of them a request meets that does not
   * keep its answer, on one model with all of them: where withdrawn rewrites keep 2.2's answers only with one another. (Found
   * by a helper's hunt: a <Directory /> that denies and a <Directory> below it that grants, each merged by mod_access_compat
   * with the other, were withdrawn in a round where another withdrawn section's AuthzUserAuthoritative stopped the 2.4
   * reading, and each failed when tried again alone; a second run, reading the output, made both.) One pass over the
   * requests, where failingOf makes one per text.
   */
  const jointFailing = (texts: ReadonlyMap<Section | string, ReadonlyMap<Scope, Item[]>>): Map<Section | string, string> => {
    const trial = new Map(candidates);
    const textOf = new Map<Scope, Section | string>();
    for (const [key, items] of texts) for (const [sc, it] of items) { trial.set(sc, it); textOf.set(sc, key); }
    const t = withItems(after0, trial, originals);
    // Each failing text with the first request that shows it ('' for one not decided).
    const failing = new Map<Section | string, string>();
    const last = (r: Request) => [...applicableScopes(t, r)].reverse().map((x) => textOf.get(originalOf(x))).find((k) => k !== undefined);
    eachRepresentative(as22 ? [before, t, as22] : [before, t], contextsOf([...textOf.keys()], [after0]), (r) => {
      const key = last(r);
      if (key === undefined || failing.has(key)) return;
      const b = decide(before, r);
      const a = decide(t, r);
      const was = expected(r, b, a);
      if (was) failing.set(key, describeDifference({ request: r, before: was, after: a }));
    }, undefined, (_gap, probe) => {
      for (const x of applicableScopes(t, probe)) { const key = textOf.get(originalOf(x)); if (key !== undefined && !failing.has(key)) failing.set(key, ''); }
    });
    return failing;
  };
  /**
   * Of texts given back their translations together, those the other build blames (builtin-reading.ts), with why. The texts
   * share no context, as in failingOf.
   */
  const otherFailing = (texts: ReadonlyMap<Section | string, ReadonlyMap<Scope, Item[]>>): Map<Section | string, string> => {
    const out = new Map<Section | string, string>();
    if (!otherBuild || !texts.size) return out;
    const trial = new Map(candidates);
    for (const items of texts.values()) for (const [sc, it] of items) trial.set(sc, it);
    const blamed = otherBuild.blame(trial);
    for (const [key, items] of texts) {
      const why = [...items.keys()].map((sc) => blamed.get(sc)).find((w) => w !== undefined);
      if (why !== undefined) out.set(key, why);
    }
    return out;
  };
  /** Those of `texts` that fail on this build (failingOf) or, given back with the others, on the other build. */
  const failingOnBoth = (texts: ReadonlyMap<Section | string, ReadonlyMap<Scope, Item[]>>): Set<Section | string> => {
    const failing = failingOf(texts);
    for (const key of otherFailing(new Map([...texts].filter(([k]) => !failing.has(k)))).keys()) failing.add(key);
    return failing;
  };
  /**
   * Texts that each fail alone, given back their translations together: those that fail beside the others are left out, up to
   * eight times, and when none fails the rest are made. Whether any was made.
   */
  const jointly = (texts: ReadonlyMap<Section | string, ReadonlyMap<Scope, { items: Item[]; lines: string[] }>>): boolean => {
    let group = texts;
    for (let tries = 0; group.size > 1 && tries < 8; tries++) {
      const tried = triedItems(group);
      const here = jointFailing(tried);
      const failing = here.size ? here : otherFailing(tried);
      if (failing.size) {
        // A reason from a round where another withdrawn section stopped the 2.4 reading no longer holds: this one does.
        for (const [key, why] of here) {
          const v = verdicts.get(key);
          if (why && v?.status === 'refused' && /\bstartup: /.test(v.reason) && !startupError(after)) v.reason = refusal(group.get(key)!.keys().next().value!, `the rewrite would change an outcome: ${why}`);
        }
        group = new Map([...group].filter(([key]) => !failing.has(key)));
        continue;
      }
      tick++;
      for (const tried of group.values()) accept(tried);
      after = withItems(after0, candidates, originals);
      return true;
    }
    return false;
  };
  /**
   * The texts read once among `texts`, each with its translation in place in `after` (translatedInPlace), where it has one;
   * their copies in `after` found in one pass.
   */
  const inPlace = (texts: readonly (readonly [Section | string, Scope[]])[]) => {
    const out = new Map<Section | string, Map<Scope, { items: Item[]; lines: string[] }>>();
    const once = texts.filter(([, same]) => same.length === 1);
    if (!once.length) return out;
    const copies = new Map<Scope, Scope>();
    for (const x of after.scopes) { const o = originalOf(x); if (!copies.has(o)) copies.set(o, x); }
    for (const [key, [s]] of once) {
      const t = translatedInPlace(s!, copies.get(s!), after, after0);
      if (t) out.set(key, new Map([[s!, t]]));
    }
    return out;
  };
  /** The candidates withdrawn over a request they answered otherwise, with their translation (retried once the rounds end). */
  const withdrawn = new Map<Scope, { items: Item[]; lines: string[] }>();
  /** The texts some copy of which was withdrawn as not proven (no request shows it, or one is not decided): not tried again. */
  const unproven = new Set<Section | string>();
  const dualBranch = dualBranchAt(project, dual, c22, c24);
  let converged = false;
  for (let round = 0; round < 50 && candidates.size && contexts.length; round++) {
    const drop = new Map<Scope, string>();
    // The sections that apply depend on the request's location alone, and a location's requests come one after another.
    let exercisedAt: string | undefined;
    for (const ctx of contexts) {
      // The requests come from what the 2.2 reading mentions too: a Deny of a 2.2-only branch (<IfModule !mod_authz_core.c>)
      // is a boundary that neither 2.4 reading has, and a second run must meet the request the first refused a rewrite over.
      const gaps = eachRepresentative(as22 ? [before, after, as22] : [before, after], [ctx], (r) => {
        const b = decide(before, r);
        const a = decide(after, r);
        if (b.status !== 500 && exercised.size < candidates.size && (r.key === undefined || r.key !== exercisedAt)) {
          exercisedAt = r.key;
          for (const s of applicableScopes(after, r)) if (candidates.has(originalOf(s))) exercised.add(originalOf(s));
        }
        const was = expected(r, b, a);
        if (!was) return;
        const scopes = applicableScopes(after, r);
        const blame = [...scopes].reverse().find((s) => candidates.has(originalOf(s)));
        const why = was === b ? ` (${b.by} before, ${a.by} after)` : ` (${was.by} in 2.2, ${a.by} after; this tree under mod_access_compat answers ${b.status}, so no rewrite keeps both)`;
        if (!blame) {
          // The tree as 2.4 reads it answers otherwise (AuthType with no Require: 500), and no rewrite reaches the
          // request: said on the section that decides it, unless it is written for both versions (dualDifferences).
          const at = mixed ? undefined : [...scopes].reverse().find((s) => s.items.some((i) => isAccessItem(i) || (i.k === 'set' && i.key === 'authtype')));
          if (at && !dual.includes(at) && !unblamed.has(keyOf(at))) unblamed.set(keyOf(at), { scope: at, why: describeDifference({ request: r, before: was, after: a }) + why });
          return;
        }
        const orig = originalOf(blame);
        if (!drop.has(orig)) drop.set(orig, describeDifference({ request: r, before: was, after: a }) + why + mixedKinds(before, r) + (a === SSL_DENIES && was !== SSL_DENIES ? sslAny(scopes) : '') + dualCause(dualBranch(scopes)));
      }, undefined, (gap, probe) => {
        // No answer is known for these requests (an <If>, an unmodelled provider): no rewrite that reaches them is proven.
        for (const s of applicableScopes(after, probe)) {
          const orig = originalOf(s);
          if (candidates.has(orig) && !drop.has(orig)) drop.set(orig, `\0the rewrite cannot be proven: ${gap}`);
        }
      });
      if (gaps.length) {
        for (const s of candidates.keys()) if ((s.vhost === ctx || s.vhost === '') && !drop.has(s)) drop.set(s, `\0the rewrite cannot be proven: ${gaps[0]}`);
      }
    }
    if (round === 0) {
      // When the tree does not start at all, say why: that is the error to fix first.
      const boot = startupError(before);
      const vacuous = boot ? `httpd refuses to start on this tree (${boot}), so ${VACUOUS_BECAUSE}` : VACUOUS;
      for (const s of candidates.keys()) if (!exercised.has(s) && !drop.has(s)) drop.set(s, `\0${vacuous}`);
    }
    // Blamed on the other build, a rewrite is withdrawn like one blamed on this one (its reason said as it is: \x01), and the
    // tries after the rounds ask that build too (otherFailing). They once read this build only, and made such a rewrite, which
    // a second run changed (a helper's hunt); so it was never tried again, and one blamed in a round for a difference that a
    // section withdrawn later made stayed withdrawn, which a second run made (hunt seed 2016: a <Files> with Satisfy All).
    if (otherBuild) for (const [s, why] of otherBuild.blame(candidates)) if (!drop.has(s)) drop.set(s, `\x01${why}`);
    if (!drop.size) { converged = true; break; }
    // A section read in several contexts (a file two virtual hosts include) is one text: it goes in all or none.
    // (The candidates by key: a tree whose rewrites are refused by the thousand compared each with every candidate.)
    const sameText = byText(candidates.keys());
    for (const [s, why] of [...drop]) for (const c of sameText.get(keyOf(s)) ?? []) if (c !== s && !drop.has(c)) drop.set(c, why);
    for (const [s, why] of drop) {
      // A difference (not a rewrite left unproven) tries the section's second translation, if it has one.
      const next = why.startsWith('\0') ? undefined : fallbacks.get(s);
      fallbacks.delete(s);
      if (next) {
        candidates.set(s, next.items);
        lines.set(s, next.lines);
        asWritten.delete(s);
        continue;
      }
      if (why.startsWith('\0')) unproven.add(keyOf(s));
      else withdrawn.set(s, { items: candidates.get(s)!, lines: lines.get(s)! });
      candidates.delete(s);
      const orig = beforeOf.get(keyOf(s)) ?? s;
      verdicts.set(keyOf(s), { status: 'refused', scope: orig, reason: refusal(s, /^[\0\x01]/.test(why) ? why.slice(1) : `the rewrite would change an outcome: ${why}`) });
    }
    contexts = contextsOf([...drop.keys()], [after0]);
    after = withItems(after0, candidates, originals);
  }
  // A round withdraws the most specific rewrite a differing request meets, and one withdrawn early may have been
  // blamed for a difference that a section withdrawn later made. Each is tried again, alone, on the final set.
  // (Found by the whole-tree fuzzer: a second run, reading the first's output, proved such a rewrite and made it.)
  // A text read in several contexts is tried in all of them at once. So too when the rounds withdrew every rewrite:
  // the final set keeps every section's lines, and no difference is left to blame on a rewrite. The tries go round
  // again while one succeeds: a rewrite made may be what a section tried before it needed (the regression sweep's
  // hunt trees s9b-genA13/B13: a <Files> tried first was proven by the second run, once the others were made).
  //
  // The texts are tried in waves, each on one model, where each try built a model of the whole tree (2,000 hosting
  // sites, each with a <Files> withdrawn then proven: 485 s of CPU and 3.1 GB). The texts of a wave share no context,
  // and a text's wave comes after those of the earlier texts it shares one with: each decides as if tried alone, after
  // every text before it that can change its answers, as one at a time did.
  const accept = (tried: ReadonlyMap<Scope, { items: Item[]; lines: string[] }>) => {
    for (const c of contextsOf([...tried.keys()], [after0])) changedAt.set(c, tick);
    for (const [sc, t] of tried) {
      candidates.set(sc, t.items);
      lines.set(sc, t.lines);
      verdicts.delete(keyOf(sc));
      withdrawn.delete(sc);
    }
  };
  // A text that failed is tried again only once a text sharing one of its contexts has been made since: until then its
  // contexts read as they did, and it would fail again. (When each text was made or failed, by the count of waves tried.)
  let tick = 0;
  // Each text's sections with the items of their translation: what failingOf tries.
  const triedItems = (texts: ReadonlyMap<Section | string, ReadonlyMap<Scope, { items: Item[] }>>) =>
    new Map([...texts].map(([key, tried]) => [key, new Map([...tried].map(([sc, t]) => [sc, t.items]))]));
  const failedAt = new Map<Section | string, number>();
  const changedAt = new Map<string, number>();
  for (let made = converged || !candidates.size; made;) {
    made = false;
    // Each text's wave comes after that of every earlier text it shares a context with, so the texts of a wave share none.
    const waves: [Section | string, Scope[]][][] = [];
    const waveOf = new Map<string, number>();
    for (const text of byText(withdrawn.keys())) {
      if (unproven.has(text[0])) continue;
      const ctxs = contextsOf(text[1], [after0]);
      const failed = failedAt.get(text[0]);
      if (failed !== undefined && ctxs.every((c) => (changedAt.get(c) ?? -1) < failed)) continue;
      let wave = 0;
      for (const c of ctxs) wave = Math.max(wave, (waveOf.get(c) ?? -1) + 1);
      for (const c of ctxs) waveOf.set(c, wave);
      (waves[wave] ??= []).push(text);
    }
    for (const run of waves) {
      tick++;
      // Its own translation, else (a section read once) the one a later run would make from what 2.4 with
      // mod_access_compat does there now that the sections around it keep their lines.
      const own = new Map(run.map(([key, same]) => [key, new Map(same.map((sc) => [sc, withdrawn.get(sc)!]))]));
      const failing = failingOnBoth(triedItems(own));
      const kept = [...own].filter(([key]) => !failing.has(key));
      for (const [, tried] of kept) accept(tried);
      if (kept.length) { made = true; after = withItems(after0, candidates, originals); }
      const failed = run.filter(([key]) => failing.has(key));
      for (const [key] of failed) failedAt.set(key, tick);
      const again = inPlace(failed);
      if (!again.size) continue;
      const still = failingOnBoth(triedItems(again));
      const proven = [...again].filter(([key]) => !still.has(key));
      for (const [key, tried] of proven) { failedAt.delete(key); accept(tried); }
      if (proven.length) { made = true; after = withItems(after0, candidates, originals); }
    }
    if (!made) {
      // The texts that each fail alone, tried together (jointFailing): when they hold, they are made, and the waves go round again.
      made = jointly(new Map([...byText(withdrawn.keys())].filter(([key]) => !unproven.has(key)).map(([key, same]) => [key, new Map(same.map((sc) => [sc, withdrawn.get(sc)!]))])));
      // Then with each one's translation in place, from what 2.4 with mod_access_compat does there now that the sections
      // around it keep their lines, as a second run reads them (second-run seed 169002600: two <Directory sub> of one path and
      // the .htaccess there; the second <Directory> denies and the file allows everyone; each rewrite read alone under the
      // other's compat lines changed an answer, and the second run, reading both kept, made both).
      if (!made) made = jointly(inPlace([...byText(withdrawn.keys())].filter(([key]) => !unproven.has(key))));
    }
  }
  // A tree left with 2.2 lines and no sign of its migration is read by a later run as 2.2: that reading must be the original's.
  // Those lines are the refused sections' and those kept as written (candidates.ts). Where that reading answers otherwise,
  // the sections kept as written that it blames are translated instead; where it blames none of them, every one left is (as
  // before they were tried as written); and only where none is left are the rewrites it blames held back. Second-run seed
  // 162000196: a .htaccess with bare Require group admins and Require user alice, kept as written under a <Directory> whose
  // AuthzGroupFileAuthoritative Off the rewrite dropped; a later run, reading mod_authz_groupfile as authoritative again,
  // let the group line decide alone and locked alice out.
  const keptAsWritten = [...candidates.keys()].filter((s) => asWritten.has(s));
  // 2.2 lines are also left in the branches only 2.2 reads of the sections written for both versions (second-run seed
  // 200000509: a <LocationMatch> rewritten to Require valid-user, read by 2.2 under the Order allow,deny of such a branch).
  if (!mixed && candidates.size && (keptAsWritten.length || dual.length || [...verdicts.values()].some((v) => v.status === 'refused'))) {
    const later = laterReadingDifferences(project, opts, before22, new Map([...candidates.keys()].map((s) => [s, lines.get(s)!])), contextsOf([...candidates.keys()], [after0]));
    if (later.size) {
      const blamed = keptAsWritten.filter((s) => later.has(keyOf(s)));
      const translate = (blamed.length ? blamed : keptAsWritten).map(keyOf);
      if (translate.length) return computeProof(project, opts, kept, new Set([...translateFirst, ...translate]));
      return computeProof(project, opts, new Map([...kept, ...[...later].map(([k, why]) => [k, readAsTwoTwo(why)] as const)]), translateFirst);
    }
  }
  for (const s of candidates.keys()) {
    const orig = beforeOf.get(keyOf(s)) ?? s;
    const file = project.byPath.get(orig.path)?.ast;
    const body = orig.node ? orig.node.children : file?.children ?? [];
    const original = file ? currentAccessText(file, body, live) : [];
    verdicts.set(keyOf(s), { status: 'rewrite', scope: orig, lines: lines.get(s)!, original });
  }
  const builtinDifferences = otherBuild?.differences(candidates) ?? new Map<Section, string>();
  if (!mixed) {
    const refused = [...verdicts].filter(([, v]) => v.status === 'refused');
    if (refused.length) {
      const changes = compatChanges(before, after, refused.map(([k]) => k), keyOf, contextsOf(refused.map(([, v]) => v.scope), [after0]));
      for (const [k, v] of verdicts) {
        // Left unset where some request the section meets is not decided: nothing is claimed for it. Nor is it claimed
        // for a section refused over a mapping the probes do not follow (an AliasMatch): the requests that mapping joins
        // it with are not among those compared (found by a helper's hunt: such a pair was said to answer as 2.2 did,
        // and POST /am/a/c/f.html went from 401 to 403). A difference found elsewhere is still said.
        if (v.status !== 'refused' || (changes.has(k) && changes.get(k) === undefined)) continue;
        if (unfollowed.has(k) && !changes.get(k)) continue;
        // Nor where the build that compiles in a module the tree does not load answers otherwise (builtin-reading.ts).
        if (builtinDifferences.size && !changes.get(k)) continue;
        v.compat = changes.get(k) ?? null;
      }
    }
  }
  // Set after the check of the refused ones under mod_access_compat: the difference is that check's answer.
  for (const [k, { scope, why }] of unblamed) {
    if (!verdicts.has(k)) verdicts.set(k, { status: 'refused', scope: beforeOf.get(k) ?? originalOf(scope), reason: `no rewrite of it was proven, and kept as written it does NOT answer as 2.2 did: ${why}` });
  }
  const byFile = new Map<string, Verdict[]>();
  for (const v of verdicts.values()) {
    const list = byFile.get(v.scope.path);
    if (list) list.push(v); else byFile.set(v.scope.path, [v]);
  }
  const differences = dualDifferences(before, after, dual, after0, originalOf);
  return { verdicts, before: { ...before, cache: project.cache }, after: { ...after, cache: project.cache }, mixed, live, byFile, dualDifferences: differences, builtinDifferences };
}

/** Sections by the text they are read from (keyOf): a file two virtual hosts include gives one text, read twice. */
function byText(scopes: Iterable<Scope>): Map<Section | string, Scope[]> {
  const out = new Map<Section | string, Scope[]>();
  for (const s of scopes) {
    const list = out.get(keyOf(s));
    if (list) list.push(s); else out.set(keyOf(s), [s]);
  }
  return out;
}

/**
 * A withdrawn section's translation from its merged state under 2.4 with mod_access_compat in `after` (where
 * it keeps its lines and the sections around it have their final ones), as mixedCandidates makes; null when
 * there is none. `here`: its copy in `after`.
 */
function translatedInPlace(s: Scope, here: Scope | undefined, after: Model, after0: Model): { items: Item[]; lines: string[] } | null {
  const own = here && ownState(after, here);
  if (!own || own.unread) return null;
  let lines: string[];
  try {
    lines = translateMixedState(own.m, UNIT_INDENT);
  } catch (e) {
    if (e instanceof Untranslatable) return null;
    throw e;
  }
  // The reading of after0 knows the methods its <Limit> sections registered, which the rewrites may remove.
  if (unregisteredIn(lines, s)) return null;
  const read = itemsOf(lines, after0);
  return read.errors.length ? null : { items: rewrittenItems(s, read.items), lines };
}

/**
 * Whether a section's read-time conditionals hold under `cond`. Made here, not in computeProof: a
 * closure there would keep that function's whole scope (both models, the candidates, every
 * section's original) alive as long as the proof, ~3 KB per section.
 */
function liveUnder(cond: CondContext): (s: Section) => boolean {
  return (s) => conditionHolds(s, cond) !== false;
}

/**
 * The sections written for both versions whose 2.4 branch answers a request otherwise than the 2.2
 * one did: the request, on the section that decides it (the last applicable one with access lines,
 * in the 2.2 reading, else in the 2.4 one).
 */
function dualDifferences(before: Model, after: Model, dual: readonly Scope[], after0: Model, originalOf: (s: Scope) => Scope): Map<Section | string, string> {
  const out = new Map<Section | string, string>();
  if (!dual.length) return out;
  const keys = new Set(dual.map(keyOf));
  eachRepresentative([before, after], contextsOf(dual, [after0]), (r) => {
    const b = decide(before, r);
    const a = decide(after, r);
    if (b.status === a.status) return;
    const decider = (m: Model) => {
      const s = [...applicableScopes(m, r)].reverse().find((x) => x.items.some(isAccessItem));
      return s && keyOf(originalOf(s));
    };
    const key = [decider(before), decider(after)].find((k) => k !== undefined && keys.has(k));
    if (key !== undefined && !out.has(key)) out.set(key, describeDifference({ request: r, before: b, after: a }));
  });
  return out;
}

/** Said on a rewrite refused over a request whose 2.4 answer is decided in a branch only 2.4 reads. */
function dualCause(branch: string | undefined): string {
  return branch ? `; 2.4 decides that request in ${branch}, a branch only 2.4 reads: settle that branch first (no-legacy-access-branch reports it), as no rewrite of this section is proven while it says otherwise than 2.2's rules did` : '';
}

/** Why a rewrite is kept back that makes the result, read as 2.2 by a later run, answer a request otherwise. */
function readAsTwoTwo(difference: string): string {
  return 'the rewrite is held back while other sections keep their 2.2 lines: this tree loads no module (2.2 had them compiled in), so the '
    + 'migration adds no LoadModule line of mod_authz_core, and what this rewrite leaves is 2.2 syntax, which a later run reads as a 2.2 tree '
    + `that answers otherwise than the original (${difference}, as 2.2 reads the original and the result) and would rewrite the kept sections `
    + 'to match. It is made once they are migrated, or once the tree loads its modules with LoadModule lines, as a 2.4 built with shared '
    + 'modules needs (the migration then adds mod_authz_core\'s, which tells a later run the tree is a 2.4 one)';
}

const OUTSIDE = 'the file is outside the tree, read for context and not changed, so its lines stay as they are (add its directory with --root to migrate it)';

const SYNTAX_ERRORS = 'the file has syntax errors, so it is not rewritten and its lines stay as they are (the other rewrites are proven with them); fix those errors first';

const VACUOUS_BECAUSE = 'no request shows what the section\'s lines do and the rewrite cannot be proven; fix that error first';
const VACUOUS = `every request this section applies to is answered 500 (or not at all) before the rewrite, so ${VACUOUS_BECAUSE.replace('the section\'s', 'its')}`;

/**
 * The 2.2 reading of a mixed tree as the reference where a request meets no 2.4-only access syntax: its sections with
 * that syntax (a <RequireAll> an earlier run wrote) do not count as a reason 2.2 would not start, since the requests
 * that meet them are not held to 2.2's answer. Null when 2.2 would not start for another reason. (Counted, they made
 * a second run drop the 2.2 answers the first had kept, and rewrite the sections the first had refused for them.)
 * The copies' sections lose those errors: holds24Syntax asks the reading itself.
 */
function startingBut24Syntax(before22: Model): Model | null {
  const other = (e: string) => !ONLY_IN_24.test(e);
  const clean = before22.errors.every(other) && before22.scopes.every((s) => s.errors.every(other));
  const reading = clean ? before22 : {
    ...before22,
    errors: before22.errors.filter(other),
    scopes: before22.scopes.map((s) => (s.errors.every(other) ? s : { ...s, errors: s.errors.filter(other) })),
  };
  return startupError(reading) ? null : reading;
}

/**
 * Whether 2.2 reads a LoadModule line of a module only 2.4 has (mod_authz_core, mod_unixd…): no 2.2 server loads it, so
 * the tree is a 2.4 tree, written by an earlier run (load-implicit-modules) or by its admin, and read as a mixed one. Its
 * 2.2 reading is no reference for the lines a run rewrote (found by the whole-tree fuzzer: a .htaccess whose Order lines
 * had replaced, in 2.2, the host rules of a 2.2-only branch above it, was rewritten to Require valid-user; read as 2.2
 * again, that branch applied, and a second run rewrote it to Require all denied, locking out the users 2.2 had let in).
 */
function loads24Module(project: Project, c22: CondContext): boolean {
  const around = aroundIn(project);
  const read22 = (sections: readonly Section[]) => sections.every((s) => conditionHolds(s, c22) !== false);
  return project.files.some((f) => {
    let found = false;
    walk(f.ast, { directive: (d, anc) => {
      if (!found && d.lname === 'loadmodule' && only24(moduleName(d.args[0]?.value ?? '')) && alongSomeWay(around(f.ast), anc, read22)) found = true;
    } });
    return found;
  });
}

/** Why a rewrite that drops Satisfy Any where SSLRequireSSL/SSLRequire applies changes the answer, and the remedy checked on the real 2.4. */
const SSL_ANY = '; SSLRequireSSL and SSLRequire are an access check of mod_ssl, like Allow/Deny: under Satisfy Any 2.2 let authentication override them, and in 2.4 only mod_access_compat\'s Satisfy Any does, no Require line can, so the lines stay and mod_access_compat with them. To do without it, remove SSLRequireSSL and put "Require ssl" into the tree by hand where the host rules are (<RequireAny> of <RequireAll> with Require ssl and the host rules, and the Require of the users), which the real 2.4 answered as 2.2 did over plain HTTP';

/**
 * SSL_ANY, or where an SSLOptions line of a section the request meets names StrictRequire, why its remedy does not
 * hold there: StrictRequire makes mod_ssl's refusal final under Satisfy Any too, but only when mod_ssl's check ran
 * (a host rule that refuses first ends the phase before it), which the deciders do not model. The hand-written
 * <RequireAny> would let a good password in over plain HTTP where 2.2 answered 403.
 */
function sslAny(scopes: readonly Scope[]): string {
  const strict = scopes.find((s) => s.node?.children.some((c) => c.type === 'directive' && c.lname === 'ssloptions' && c.args.some((w) => /^\+?strictrequire$/i.test(w.value))));
  if (!strict?.node) return SSL_ANY;
  return `${SSL_ANY.slice(0, SSL_ANY.indexOf(' To do without it'))} The SSLOptions line of <${strict.node.name} ${strict.node.args.map((w) => w.raw).join(' ')}> names StrictRequire, `
    + 'which makes mod_ssl\'s refusal final under Satisfy Any too when mod_ssl\'s check runs before a host rule refuses; this tool does not model it, '
    + 'so keep the lines: "Require ssl" in a <RequireAny> beside the Require of the users would let a good password in over plain HTTP where 2.2 answered 403';
}

const DIR_PHASE: ReadonlySet<string> = new Set(['directory', 'directorymatch', 'htaccess', 'files', 'filesmatch', 'proxy']);

/** A hint when the request meets access lines in both file-system and URL sections (semantics §4.5). */
function mixedKinds(before: Model, r: Request): string {
  const scopes = applicableScopes(before, r).filter((s) => s.items.some(isAccessItem));
  const dir = scopes.some((s) => DIR_PHASE.has(s.kind));
  const loc = scopes.some((s) => !DIR_PHASE.has(s.kind));
  return dir && loc
    ? '; 2.2 combined the host rules and Satisfy of the file-system sections with the Require of the <Location> sections, and a 2.4 tree in one section replaces the other\'s, so no per-section translation exists'
    : '';
}

/**
 * The contexts a set of scopes can affect: their virtual hosts, or all when one is in the main server
 * (the main server itself left out when no connection reaches it in any of the models, main-server.ts).
 */
export function contextsOf(scopes: readonly Scope[], models: readonly Model[]): string[] {
  if (scopes.some((s) => s.vhost === '')) return servedContexts(models);
  return [...new Set(scopes.map((s) => s.vhost))];
}
