/** Start-up errors of a model: the first one, or null when the server would start. */
import type { Model } from '../model/index.js';
import { htaccessOf } from './merge.js';
import { cacheSlot } from '../../project/run-cache.js';

const STARTUP_ERRORS = cacheSlot('start-up error, per model', () => new WeakMap<Model, string | null>());

export function startupError(model: Model): string | null {
  const cache = model.cache.get(STARTUP_ERRORS);
  let v = cache.get(model);
  if (v === undefined) {
    v = model.errors[0] ?? model.scopes.find((s) => s.kind !== 'htaccess' && !htaccessOf(s) && s.errors.length)?.errors[0] ?? null;
    cache.set(model, v);
  }
  return v;
}
