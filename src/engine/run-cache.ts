/**
 * What one run keeps between files and passes, instead of module state: created by migrate() (or by
 * fixFile for a call of its own) and reached from each rule's context as `options.runCache`.
 * The access core's caches are to join it (issue 13: one per-run context).
 */
import type { ConfigFile } from '../ast/nodes.js';
import { parse } from '../parse/parser.js';

export interface RunCache {
  /**
   * Parses a fixed text as 2.4 reads it. The access guard parses the text it checks and the fix
   * loop then parses the same text again, so the last tree is reused.
   */
  reparse(text: string, path: string): ConfigFile;
}

export function createRunCache(): RunCache {
  let last: ConfigFile | null = null;
  return {
    reparse(text, path) {
      if (last && last.path === path && last.text === text) return last;
      return (last = parse(text, path, { version: '2.4' }));
    },
  };
}
