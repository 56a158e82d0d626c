/** A model with some sections' lines replaced: how the prover reads a rewrite before it is written. */
import type { Item, Model, Scope } from '../model/index.js';

/**
 * A copy of the model with the given scopes' items replaced (and their start-up errors gone with the
 * old lines). `originals`, when given, is told the section each copy stands for.
 */
export function withItems(model: Model, items: ReadonlyMap<Scope, Item[]>, originals?: Map<Scope, Scope>): Model {
  // A section inside a replaced one (a <Files> in a .htaccess) is copied too, to name the copy as the
  // section around it, as a reading of the rewritten text would: the deciders find the .htaccess a
  // <Files> sits in, and order the <Files> sections, by that link. Sections come in configuration
  // order, each after the one around it.
  const copies = new Map<Scope, Scope>();
  const scopes = model.scopes.map((s) => {
    const it = items.get(s);
    const within = s.within ? copies.get(s.within) ?? s.within : s.within;
    if (!it && within === s.within) return s;
    const copy: Scope = it ? { ...s, within, items: it, errors: [] } : { ...s, within };
    copies.set(s, copy);
    originals?.set(copy, s);
    return copy;
  });
  return { ...model, scopes };
}
