/** Start-up errors of a model: the first one, and where it is (`… at file:line`), or null when the server would start. */
import type { Model } from '../model/index.js';
import { htaccessOf } from './merge.js';
import { cacheSlot } from '../../project/run-cache.js';

const STARTUP_ERRORS = cacheSlot('start-up error, per model', () => new WeakMap<Model, string | null>());

export function startupError(model: Model): string | null {
  const cache = model.cache.get(STARTUP_ERRORS);
  let v = cache.get(model);
  if (v === undefined) {
    const scope = model.errors.length ? undefined : model.scopes.find((s) => s.kind !== 'htaccess' && !htaccessOf(s) && s.errors.length);
    const message = model.errors[0] ?? scope?.errors[0];
    // A section's error is found in its own lines: the same message may stand in another section, rewritten since.
    const at = message === undefined ? undefined : model.errorsAt.find((e) => e.message === message
      && (!scope || (e.path === scope.path && (!scope.node || (e.start >= scope.node.start && e.end <= scope.node.end)))));
    v = message === undefined ? null : at ? `${message} at ${at.where}` : message;
    cache.set(model, v);
  }
  return v;
}
