/**
 * A per-model memo of what depends only on a request's location (its context, URL path and file),
 * not on the client, method or credentials: the sections that apply and the merged state. The
 * representative requests come context by context, so old entries are not asked for again: each
 * table is cleared when full instead of holding every location of a 10,000-vhost tree until the
 * run ends.
 */
import type { Model, Request } from '../model/index.js';
import { cacheSlot, type CacheSlot } from '../../project/run-cache.js';

/** Locations a table holds before it is cleared: the prover asks each of both models in turn, context by context. */
export const LOCATIONS_PER_TABLE = 256;

/**
 * One memo's tables, by model. The prover asks each request of two models in turn (before, after),
 * so the last two models' tables are kept at hand, which spares a WeakMap lookup per call.
 */
interface Tables<T> {
  readonly byModel: WeakMap<Model, Table<T>>;
  last?: Model;
  lastTable?: Table<T>;
  previous?: Model;
  previousTable?: Table<T>;
}

/**
 * One model's memo: the locations asked about, and the last one answered, which the next request
 * (the same location with another client, method or credentials) usually asks again.
 */
interface Table<T> {
  readonly byKey: Map<string, T>;
  lastKey?: string;
  lastValue?: T;
}

export type LocationTables<T> = CacheSlot<Tables<T>>;

/** Declares such a memo: `const MERGED = locationTables<Merged>('merged state by location, per model')`. */
export function locationTables<T>(name: string): LocationTables<T> {
  return cacheSlot(name, (): Tables<T> => ({ byModel: new WeakMap() }));
}

function tableOf<T>(tables: Tables<T>, model: Model): Table<T> {
  if (tables.last === model) return tables.lastTable!;
  if (tables.previous === model) return tables.previousTable!;
  let table = tables.byModel.get(model);
  if (!table) { table = { byKey: new Map() }; tables.byModel.set(model, table); }
  tables.previous = tables.last;
  tables.previousTable = tables.lastTable;
  tables.last = model;
  tables.lastTable = table;
  return table;
}

/**
 * `compute(model, req)` for the request's location, once per location while it stays in the table.
 * (A function of the model and the request, not a closure, so that a hit allocates nothing.)
 */
export function byLocation<T>(slot: LocationTables<T>, model: Model, req: Request, compute: (model: Model, req: Request) => T): T {
  const table = tableOf(model.cache.get(slot), model);
  const key = req.key ?? `${req.vhost}\0${req.path}\0${req.file}${req.plainFile ? '\0file' : ''}`;
  if (key === table.lastKey) return table.lastValue!;
  let hit = table.byKey.get(key);
  if (hit === undefined) {
    if (table.byKey.size >= LOCATIONS_PER_TABLE) table.byKey.clear();
    hit = compute(model, req);
    table.byKey.set(key, hit);
  }
  table.lastKey = key;
  table.lastValue = hit;
  return hit;
}
