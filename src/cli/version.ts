/**
 * The version `--version` prints: the one in this package's own package.json, found from where this
 * file is (src/cli/ in a checkout, dist/src/cli/ when built or installed), never from the current
 * directory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NAME = 'httpd-migrate';

export function packageVersion(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === NAME && typeof pkg.version === 'string') return pkg.version;
    }
    if (dirname(dir) === dir) return 'unknown (no package.json of httpd-migrate above the program)';
  }
}
