/**
 * How a later run reads what this one writes. A tree that loads no module (2.2 had them compiled in, or a run over
 * .htaccess files alone) gets no LoadModule line of mod_authz_core from the migration; where each rewrite left in it
 * is 2.2 syntax too (Require valid-user), nothing tells a second run that the tree was migrated. That run reads the
 * result as a 2.2 tree and proves its rewrites of the sections this one kept against that reading: where the reading
 * answers otherwise than the original did, it changes who gets in and says nothing (differential seed 42006927: a
 * <Files> rewritten to Require valid-user, read by 2.2 under the Satisfy Any of the <Directory> kept around it, let
 * in without a password what had asked for one, and the second run rewrote that <Directory> to match: 401 to 200).
 */
import type { Section } from '../../ast/nodes.js';
import type { Project } from '../../project/project.js';
import { decide, describeDifference, eachRepresentative } from '../compare/index.js';
import { applicableScopes } from '../decide/index.js';
import { type Item, keyOf, loadedModules, type Model, type ModelOptions, projectModel, type Scope } from '../model/index.js';
import { migratedOverrides } from './migrated-reading.js';
import { readTranslations, rewrittenItems } from './translation-items.js';
import { withItems } from './with-items.js';
import { ONLY_IN_24, only24Require } from './syntax-24.js';

/**
 * The rewrites (by text) that make the result, read as 2.2, answer some request otherwise than `before22` (the
 * original read as 2.2), each with the first such request. Empty when a later run reads the result as the 2.4 tree it
 * is: the project loads some module (the migration then adds mod_authz_core's line), or a rewrite holds 2.4 syntax.
 * `rewrites`: each section of the 2.4 reading to be rewritten, with its lines; `contexts`: the contexts they are read in.
 * The result's .htaccess files are read as the migration leaves them (an explicit AllowOverride, with AuthConfig where
 * Limit was granted, migratedOverrides): read as the original's, a .htaccess rewritten to Require answered 500 under its
 * `AllowOverride Limit`, which the migration extends, and sound rewrites were held back (differential seed 66004296).
 */
export function laterReadingDifferences(
  project: Project, opts: ModelOptions, before22: Model, rewrites: ReadonlyMap<Scope, readonly string[]>, contexts: readonly string[],
): Map<Section | string, string> {
  const out = new Map<Section | string, string>();
  if (!rewrites.size || loadsAModule(project)) return out;
  const sections = [...rewrites.keys()];
  const read = readTranslations(sections.map((s) => rewrites.get(s)!), before22);
  if (read.some((r) => r.errors.some((e) => ONLY_IN_24.test(e)) || r.items.some(only24Require))) return out;
  // A text read in several contexts has one translation: its sections in the 2.2 reading are found by the text.
  const byText = new Map(sections.map((s, i) => [keyOf(s), read[i]!.items]));
  const migrated: Model = {
    ...projectModel(project, '2.2', { ...opts, ...migratedOverrides(project) }),
    cache: before22.cache, mainServer: before22.mainServer,
  };
  const items = new Map<Scope, Item[]>();
  for (const s of migrated.scopes) {
    const access = byText.get(keyOf(s));
    if (access) items.set(s, rewrittenItems(s, access));
  }
  const rewritten = new Set<Scope>();
  const originals = new Map<Scope, Scope>();
  const result = withItems(migrated, items, originals);
  for (const copy of originals.keys()) if (items.has(originals.get(copy)!)) rewritten.add(copy);
  eachRepresentative([before22, result], contexts, (r) => {
    const b = decide(before22, r);
    const a = decide(result, r);
    if (b.status === a.status) return;
    const why = describeDifference({ request: r, before: b, after: a });
    for (const s of applicableScopes(result, r)) {
      if (!rewritten.has(s)) continue;
      const key = keyOf(originals.get(s)!);
      if (!out.has(key)) out.set(key, why);
    }
  });
  return out;
}

/** Whether the project has a LoadModule line: then the migration loads mod_authz_core with one (load-implicit-modules). */
function loadsAModule(project: Project): boolean {
  return loadedModules(project.files.map((f) => f.ast)).length > 0;
}
