/** Where each rule's doc is: rules/<id>.md, shipped with the package (package.json "files"). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root: the nearest directory above this module that holds package.json (src/ or dist/src/). */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** The doc's absolute path. */
export function ruleDocPath(id: string): string {
  return join(packageRoot(), 'rules', `${id}.md`);
}

/** The doc's markdown, or null when it is missing. */
export function ruleDoc(id: string): string | null {
  try {
    return readFileSync(ruleDocPath(id), 'utf8');
  } catch {
    return null;
  }
}

/** How a finding points at its rule's doc (JSON, SARIF): the command that shows it and the shipped file. */
export function ruleDocRef(id: string): { command: string; file: string } {
  return { command: `httpd-migrate rules ${id}`, file: ruleDocPath(id) };
}
