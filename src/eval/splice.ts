/**
 * A model with one file's sections replaced by those of an edited copy, without
 * reading the rest of the project again (the guard checks one file at a time).
 */
import type { ConfigFile } from '../ast/nodes.js';
import type { Project } from '../project/project.js';
import { buildModel } from './build.js';
import { isFragment } from './inputs.js';
import type { Model } from './model.js';
import { deriveContextIndex } from './match.js';

/** True when the file is read at server level (not from inside a section), so that it can be read alone. */
export function spliceable(project: Project, path: string): boolean {
  const sites = project.includes.filter((s) => s.files.includes(path));
  return sites.every((s) => s.context.length === 0) && project.byPath.get(path)?.kind === 'conf';
}

export function spliceFile(reference: Model, edited: ConfigFile): Model {
  const part = buildModel([{ file: edited, kind: 'conf', ...(isFragment(edited) ? { wrap: '/probe' } : {}) }], {
    version: reference.version, modules: reference.modules, anyModule: reference.cond?.anyModule ?? false,
  });
  const old = reference.scopes.filter((s) => s.path === edited.path);
  const base = old.length ? Math.min(...old.map((s) => s.order)) : reference.scopes.length;
  const n = part.scopes.length + 1;
  part.scopes.forEach((s, i) => { s.order = base + (i + 1) / n - 1; });
  const scopes = [...reference.scopes.filter((s) => s.path !== edited.path), ...part.scopes];
  const known = vhostSet(reference);
  const vhosts = part.vhosts.every((v) => known.has(v)) ? reference.vhosts : [...new Set([...reference.vhosts, ...part.vhosts])];
  const docroots = sameEntries(reference.docroots, part.docroots) ? reference.docroots : new Map([...reference.docroots, ...part.docroots]);
  const aliases = [...part.aliases].every(([k, v]) => JSON.stringify(reference.aliases.get(k)) === JSON.stringify(v)) ? reference.aliases : new Map([...reference.aliases, ...part.aliases]);
  const out: Model = { ...reference, scopes, vhosts, docroots, aliases, errors: part.errors.length ? [...reference.errors, ...part.errors] : reference.errors };
  deriveContextIndex(reference, out, edited.path, part.scopes);
  return out;
}

const vhostSets = new WeakMap<Model, Set<string>>();
function vhostSet(m: Model): Set<string> {
  let s = vhostSets.get(m);
  if (!s) { s = new Set(m.vhosts); vhostSets.set(m, s); }
  return s;
}

function sameEntries<V>(big: ReadonlyMap<string, V>, small: ReadonlyMap<string, V>): boolean {
  for (const [k, v] of small) if (big.get(k) !== v) return false;
  return true;
}
