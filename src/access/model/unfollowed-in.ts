/** The URL-to-file mappings the prover does not follow that are in force in a context. */
import type { Model, UnfollowedMapping } from './model.js';

/** The mappings in force in a context: its own, then the main server's it inherits. */
export function unfollowedIn(model: Model, vhost: string): UnfollowedMapping[] {
  const own = model.unfollowed?.get(vhost) ?? [];
  if (vhost === '') return own;
  return [...own, ...(model.unfollowed?.get('') ?? []).filter((m) => m.inherited)];
}
