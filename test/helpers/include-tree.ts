/** Runs one rule over the entry file of a small tree written to a temp directory and loaded with its Include lines followed. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Rule } from '../../src/engine/rule.js';
import type { FixResult } from '../../src/engine/fix-loop.js';
import { loadProject } from '../../src/project/load.js';
import { runRule } from './rule-tester.js';
import { tempDir } from './tmp.js';

/** `files`: relative path → text; `httpd.conf` is the entry, and `${dir}` in any text stands for the tree's directory. */
export function runOnTree(rule: Rule, files: Record<string, string>, on?: string): FixResult {
  const dir = tempDir();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text.replaceAll('${dir}', dir));
  }
  const p = loadProject([join(dir, 'httpd.conf')], { cwd: dir });
  // `on`: the file of the tree to run the rule over (relative path), else the entry file.
  const file = on === undefined ? p.files[0]!.ast : p.byPath.get(join(dir, on))!.ast;
  return runRule(rule, file.text, file.path, {}, () => p);
}
