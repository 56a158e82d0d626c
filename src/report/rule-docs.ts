/** Where each rule's doc is: rules/<id>.md, shipped with the package (package.json "files"). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package.js';

/** The doc's absolute path, or null when the id names no shipped doc (`syntax`, `io`…). */
export function ruleDocPath(id: string): string | null {
  const root = packageRoot();
  if (root === null || !/^[a-z0-9-]+$/.test(id)) return null;
  const path = join(root, 'rules', `${id}.md`);
  return existsSync(path) ? path : null;
}

/** The doc's markdown, or null when it is missing. */
export function ruleDoc(id: string): string | null {
  const path = ruleDocPath(id);
  return path === null ? null : readFileSync(path, 'utf8');
}

/** How a finding points at its rule's doc (JSON, SARIF): the command that shows it and the shipped file. */
export function ruleDocRef(id: string): { command: string; file: string } | null {
  const file = ruleDocPath(id);
  return file === null ? null : { command: `httpd-migrate rules ${id}`, file };
}
