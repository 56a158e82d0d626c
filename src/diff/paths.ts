/**
 * The names a patch gives its files: relative to the working directory when every changed file
 * lies below it, else relative to the deepest directory that holds them all (the caller says
 * where to apply it); quoted the way git quotes them (core.quotePath), so that `git apply` and
 * `patch -p1` read back the same bytes.
 */
import { dirname, relative, sep } from 'node:path';

export interface PatchNames {
  /** Name (relative, `/`-separated) per absolute path given. */
  names: string[];
  /** The directory the names are relative to. */
  base: string;
}

export function patchNames(paths: readonly string[], cwd: string): PatchNames {
  const below = (p: string, dir: string) => { const r = relative(dir, p); return r !== '' && !r.startsWith('..') && !r.startsWith(sep); };
  let base = cwd;
  if (!paths.every((p) => below(p, cwd))) {
    base = paths.length ? dirname(paths[0]!) : cwd;
    while (!paths.every((p) => below(p, base)) && base !== dirname(base)) base = dirname(base);
  }
  return { names: paths.map((p) => relative(base, p).split(sep).join('/')), base };
}

const ESCAPES: Record<number, string> = { 7: 'a', 8: 'b', 9: 't', 10: 'n', 11: 'v', 12: 'f', 13: 'r', 34: '"', 92: '\\' };

/** A name as git writes it in a patch header: in double quotes with C escapes (octal for UTF-8 bytes) when needed. */
export function gitQuote(name: string): string {
  const bytes = Buffer.from(name, 'utf8');
  if (!bytes.some((b) => b < 0x20 || b === 0x22 || b === 0x5c || b >= 0x7f)) return name;
  let out = '"';
  for (const b of bytes) {
    if (ESCAPES[b] !== undefined) out += `\\${ESCAPES[b]}`;
    else if (b < 0x20 || b >= 0x7f) out += `\\${b.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(b);
  }
  return `${out}"`;
}
