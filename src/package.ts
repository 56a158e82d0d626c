/**
 * This package's own files, found from where this module is (src/ in a checkout, dist/src/ when
 * built or installed), never from the current directory: the root that holds httpd-migrate's
 * package.json, and its version.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NAME = 'httpd-migrate';

function manifestAt(dir: string): { name?: unknown; version?: unknown } | null {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
  } catch {
    return null;
  }
}

/** The nearest directory above this module whose package.json is httpd-migrate's, or null. */
export function packageRoot(): string | null {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (manifestAt(dir)?.name === NAME) return dir;
    if (dirname(dir) === dir) return null;
  }
}

/** The version in the package's package.json. */
export function packageVersion(): string {
  const root = packageRoot();
  const version = root === null ? undefined : manifestAt(root)?.version;
  return typeof version === 'string' ? version : 'unknown (no package.json of httpd-migrate above the program)';
}
