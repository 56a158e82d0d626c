/** Start-up errors of a model: the first one, or null when the server would start. */
import type { Model } from '../model/index.js';
import { htaccessOf } from './merge.js';

const cache = new WeakMap<Model, string | null>();

export function startupError(model: Model): string | null {
  let v = cache.get(model);
  if (v === undefined) {
    v = model.errors[0] ?? model.scopes.find((s) => s.kind !== 'htaccess' && !htaccessOf(s) && s.errors.length)?.errors[0] ?? null;
    cache.set(model, v);
  }
  return v;
}
