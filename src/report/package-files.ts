/** Files shipped with the package that reports point at: the rule docs (`rules/<id>.md`) and the version. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root: the nearest directory above this module with httpd-migrate's package.json (src/ and dist/src/ alike). */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'httpd-migrate') return dir;
    if (dirname(dir) === dir) return dirname(fileURLToPath(import.meta.url));
    dir = dirname(dir);
  }
}

const ROOT = findRoot();

export const PACKAGE_VERSION: string = (() => {
  try {
    return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
})();

/** The absolute path of a rule's doc, or undefined when there is none (`syntax`, `io`…). */
export function ruleDocPath(ruleId: string): string | undefined {
  if (!/^[a-z0-9-]+$/.test(ruleId)) return undefined;
  const path = join(ROOT, 'rules', `${ruleId}.md`);
  return existsSync(path) ? path : undefined;
}

/** A rule's doc as Markdown, or undefined. */
export function ruleDoc(ruleId: string): string | undefined {
  const path = ruleDocPath(ruleId);
  return path === undefined ? undefined : readFileSync(path, 'utf8');
}
