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

/**
 * A name as git writes it in a patch header: in double quotes with C escapes (octal for UTF-8 bytes)
 * when needed. Also quoted when it ends with a space, which git leaves bare: GNU patch drops the
 * spaces that end a bare name, and both read the quoted one.
 */
export function gitQuote(name: string): string {
  const bytes = Buffer.from(name, 'utf8');
  if (!name.endsWith(' ') && !bytes.some((b) => b < 0x20 || b === 0x22 || b === 0x5c || b >= 0x7f)) return name;
  let out = '"';
  for (const b of bytes) {
    if (ESCAPES[b] !== undefined) out += `\\${ESCAPES[b]}`;
    else if (b < 0x20 || b >= 0x7f) out += `\\${b.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(b);
  }
  return `${out}"`;
}

/**
 * The `---` and `+++` lines of one file's patch, for its names in the patch (see patchNames), null
 * for a side where the file does not exist. Each name ends with a tab, as git ends one that has a
 * space: GNU patch otherwise reads the name only up to its first space.
 */
export function fileHeaders(before: string | null, after: string | null): string {
  const side = (prefix: string, name: string | null) => (name === null ? '/dev/null' : `${gitQuote(`${prefix}${name}`)}\t`);
  return `--- ${side('a/', before)}\n+++ ${side('b/', after)}\n`;
}
