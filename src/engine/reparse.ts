/**
 * The fix loop's parse of a fixed text, kept in the run's memo (project/run-cache.ts: the one
 * per-run context, which the access core's caches use too). The access guard parses the text it
 * checks and the fix loop then parses the same text again, so the last tree is reused.
 */
import type { ConfigFile } from '../ast/nodes.js';
import { parse } from '../parse/parser.js';
import { cacheSlot, type RunCache } from '../project/run-cache.js';

const LAST_REPARSE = cacheSlot('last reparsed tree', () => ({ tree: null as ConfigFile | null }));

/** Parses a fixed text as 2.4 reads it, reusing the run's last tree for the same path and text. */
export function reparse(cache: RunCache, text: string, path: string): ConfigFile {
  const last = cache.get(LAST_REPARSE);
  if (last.tree && last.tree.path === path && last.tree.text === text) return last.tree;
  return (last.tree = parse(text, path, { version: '2.4' }));
}
