/**
 * Per-tree memo for facts rules compute over whole files. Many rules look at
 * every file of the project while linting each one; a tree is immutable, so a
 * walk over it is done once and shared. Callers must not mutate what they get.
 */
const cache = new WeakMap<object, Map<string, unknown>>();

export function memo<T>(owner: object, key: string, compute: () => T): T {
  let m = cache.get(owner);
  if (!m) cache.set(owner, (m = new Map()));
  if (m.has(key)) return m.get(key) as T;
  const value = compute();
  m.set(key, value);
  return value;
}

/**
 * A fact about one tree as a file of a project (it may depend on the other files too).
 * Memoized per project and tree, so a later pass's re-parse of a file gets its own value.
 */
export function fileMemo<T>(project: object, file: object, key: string, compute: () => T): T {
  const owners = memo(project, '\0fileMemo', () => new WeakMap<object, object>());
  let owner = owners.get(file);
  if (!owner) owners.set(file, (owner = {}));
  return memo(owner, key, compute);
}
