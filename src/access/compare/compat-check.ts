/**
 * What the sections a rewrite was refused for do when kept as they are under mod_access_compat
 * (semantics §3.5, §4.7): the 2.2 reading of the tree against the 2.4 reading of the result
 * (the proven rewrites applied, the refused sections as written, mod_access_compat loaded), over
 * the representative requests. For each refused section: the first request it applies to whose
 * answer changes, or null when every representative request keeps its 2.2 answer, or undefined when
 * none changes but some are not decided (model/undecided.ts).
 */
import { decide, describeDifference } from './equivalence.js';
import { applicableScopes } from '../decide/index.js';
import type { Model, Scope } from '../model/index.js';
import { eachRepresentative } from './partition.js';

export function compatChanges<K>(before: Model, after: Model, refused: readonly K[], keyOf: (s: Scope) => K, contexts: readonly string[]): Map<K, string | null | undefined> {
  const out = new Map<K, string | null | undefined>(refused.map((k) => [k, null]));
  let open = out.size;
  eachRepresentative([before, after], contexts, (r) => {
    const b = decide(before, r);
    const a = decide(after, r);
    if (b.status === a.status) return;
    // The sections either reading applies: a regex ending in `$` applies in 2.4 only (2.2 tested it with REG_NOTEOL).
    for (const s of [...applicableScopes(before, r), ...applicableScopes(after, r)]) {
      const k = keyOf(s);
      if (!out.has(k) || typeof out.get(k) === 'string') continue;
      if (out.get(k) === null) open--;
      out.set(k, `${describeDifference({ request: r, before: b, after: a })} (${b.by} in 2.2, ${a.by} with mod_access_compat)`);
    }
    return open === 0;
  }, undefined, (_gap, probe) => {
    // Requests no decider answers (an <If>, an unmodelled provider): no "answers as 2.2 did" for the sections they meet.
    for (const s of applicableScopes(before, probe)) {
      const k = keyOf(s);
      if (out.get(k) === null) { out.set(k, undefined); open--; }
    }
  });
  return out;
}
