/**
 * Whether an Include line of the tree would read a path: the test for where a temp file or a
 * backup may go. A pattern reads a path when its components match the path's leading components
 * (httpd's fnmatch, a leading `.` matched only by a literal `.`) and either the whole path is
 * matched or the matched part is a directory, which httpd includes whole and recursively.
 */
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { IncludeSite } from '../project/project.js';
import { fnmatch, hasWildcard } from '../project/fnmatch.js';

/** The Include line that would read `path` (an absolute real path), if any. */
export function includeReading(path: string, includes: readonly IncludeSite[]): IncludeSite | undefined {
  return includes.find((site) => patternsOf(site.pattern).some((p) => reads(p, path)));
}

/** The pattern as written and with its literal leading directories resolved through symlinks. */
function patternsOf(pattern: string): string[] {
  const parts = pattern.split('/').filter((p) => p !== '');
  let i = 0;
  while (i < parts.length && !hasWildcard(parts[i]!)) i++;
  try {
    const real = realpathSync(join('/', ...parts.slice(0, i)));
    const resolved = join(real, ...parts.slice(i));
    return resolved === pattern ? [pattern] : [pattern, resolved];
  } catch {
    return [pattern];
  }
}

function reads(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter((p) => p !== '');
  const have = path.split('/').filter((p) => p !== '');
  if (have.length < want.length) return false;
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (hasWildcard(w) ? !fnmatch(w, have[i]!) : w !== have[i]) return false;
  }
  // A longer path lies below what the pattern names: read only when that is a directory, which
  // is always so here (the caller asks about names inside existing directories).
  return true;
}
