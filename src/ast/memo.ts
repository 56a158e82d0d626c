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
 * A fact about the whole project, memoized on the project while `current` is the
 * original tree of its file (the first pass, the same for every file), and
 * computed afresh once a fix has changed the file.
 */
export function projectMemo<T>(
  project: { byPath: ReadonlyMap<string, { ast: object }> }, current: { path: string }, key: string, compute: () => T,
): T {
  return project.byPath.get(current.path)?.ast === current ? memo(project, key, compute) : compute();
}
