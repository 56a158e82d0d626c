/**
 * Which contexts read a .htaccess (semantics §1.9): each server reads, in a directory, only the
 * first name of its own AccessFileName list that is there (src/apache/access-file-name.ts). So a
 * virtual host with `AccessFileName .acl` never reads the main server's `.htaccess` next to it,
 * and the main server never reads the host's `.acl`.
 */
import type { Model, Scope } from '../model/index.js';
import { accessFileList, accessFileRead } from '../../apache/access-file-name.js';
import { cacheSlot } from '../../project/run-cache.js';

type Lists = NonNullable<Model['accessFileNames']>;

/** By the lists of a model (shared by the copies made from it): every name some context's list holds. */
const LISTED = cacheSlot('names on some AccessFileName list, per model', () => new WeakMap<Lists, Set<string>>());

/** Whether some context's AccessFileName list holds `name` (the main server's is the default while it sets none). */
function listed(model: Model, lists: Lists, name: string): boolean {
  const byLists = model.cache.get(LISTED);
  let names = byLists.get(lists);
  if (!names) {
    names = new Set([...lists.values(), accessFileList(undefined, lists.get(''))].flat());
    byLists.set(lists, names);
  }
  return names.has(name);
}

/**
 * Whether a .htaccess scope is the access file the context `vhost` ('' = main server) reads in its
 * directory. A file whose name no list holds (`site.htaccess`, named on the command line: discovery
 * finds only listed names) is read as its directory's in every context, as one read loose is.
 */
export function readInContext(model: Model, vhost: string, h: Scope): boolean {
  const lists = model.accessFileNames;
  if (h.accessName === undefined || !lists) return true;
  const list = accessFileList(lists.get(vhost), lists.get(''));
  if (list[0] === h.accessName) return true; // the first name, and it is there: the common case, without a closure
  if (!listed(model, lists, h.accessName)) return true;
  const present = model.accessFilesIn?.get(h.pattern);
  return accessFileRead(list, (n) => n === h.accessName || present?.has(n) === true) === h.accessName;
}

/** The virtual hosts with an AccessFileName of their own that reads a .htaccess scope (the others read what the main server does). */
export function vhostsNaming(model: Model, h: Scope): string[] {
  return [...model.accessFileNames?.keys() ?? []].filter((v) => v !== '' && readInContext(model, v, h));
}
