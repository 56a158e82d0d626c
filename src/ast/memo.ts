/**
 * Per-tree memo for facts rules compute over whole files. Many rules look at
 * every file of the project while linting each one; a tree is immutable, so a
 * walk over it is done once and shared. Callers must not mutate what they get.
 *
 * The memo lives on the object it is about (a hidden, non-enumerable property), not in module
 * state: it goes when the tree or project goes, and a copy (`{ ...project }`) starts empty.
 */
const MEMO = Symbol('memo');

type Owner = { [MEMO]?: Map<string, unknown> };

function memoOf(owner: object): Map<string, unknown> {
  const o = owner as Owner;
  let m = o[MEMO];
  if (!m) Object.defineProperty(o, MEMO, { value: (m = new Map()), enumerable: false });
  return m;
}

export function memo<T>(owner: object, key: string, compute: () => T): T {
  const m = memoOf(owner);
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
