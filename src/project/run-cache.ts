/**
 * The memo of one run: every cache that code keeps between calls lives here, not in a module, so
 * two runs in one process (the library API, the tests) share nothing and a run's memory goes with
 * it. Each Project carries one (`project.cache`), and so does each access model built from it.
 *
 * A cache is declared once, at the top of the module that uses it, as a slot: a frozen name with a
 * function that makes the empty table. The table itself is made on first use, in the run's cache.
 */
export interface CacheSlot<T> {
  /** What the table holds, for reading a heap snapshot. */
  readonly name: string;
  readonly create: () => T;
}

/** Declares a cache: `const MERGED = cacheSlot('merged states', () => new WeakMap<Model, …>())`. */
export function cacheSlot<T>(name: string, create: () => T): CacheSlot<T> {
  return Object.freeze({ name, create });
}

export class RunCache {
  readonly #tables = new Map<CacheSlot<unknown>, unknown>();

  /** The run's table for a slot, made empty on first use. */
  get<T>(slot: CacheSlot<T>): T {
    let table = this.#tables.get(slot) as T | undefined;
    if (table === undefined) {
      table = slot.create();
      this.#tables.set(slot, table);
    }
    return table;
  }

  /** Forgets every table, for a run whose remaining steps read none of them: a table asked for again starts empty. */
  clear(): void {
    this.#tables.clear();
  }
}
