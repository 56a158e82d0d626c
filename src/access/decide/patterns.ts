/** Section patterns: fnmatch wildcards (APR's, for <Directory>, <Files> and <Location>), and what a directory pattern covers. */
import { cacheSlot, type RunCache } from '../../project/run-cache.js';

/** A compiled fnmatch pattern (wildcard): whether a string matches it. */
export interface Wildcard {
  test(s: string): boolean;
}

/** One step of a wildcard: `*`, `?`, a bracket expression (the characters it takes) or a character. */
type Step = { k: 'star' } | { k: 'one' } | { k: 'set'; takes: (c: string) => boolean } | { k: 'char'; c: string };

/**
 * An fnmatch-style wildcard (`*`, `?`, `[...]`, no escapes). With `pathname`, only a `/` of the pattern
 * matches a `/` (`*`, `?` and bracket expressions do not). Matched without backtracking regexes: as a
 * regex, a pattern with many `*` (a comment's row of asterisks in a mutated `<Directory>` line, found by a
 * fuzzer) took exponential time on a name it did not match, and a 2 KB file never finished. Here only the
 * last `*` is ever taken back, so a match costs at most the product of the two lengths.
 */
export function wildcard(pattern: string, pathname: boolean): Wildcard {
  const steps: Step[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') {
      if (steps[steps.length - 1]?.k !== 'star') steps.push({ k: 'star' });
    } else if (c === '?') steps.push({ k: 'one' });
    else if (c === '[' && pattern.indexOf(']', i + 1) >= 0) {
      const end = pattern.indexOf(']', i + 1);
      steps.push({ k: 'set', takes: bracket(pattern.slice(i + 1, end)) });
      i = end;
    } else steps.push({ k: 'char', c });
  }
  const fits = (step: Step, c: string): boolean => {
    if (step.k === 'char') return step.c === c;
    if (pathname && c === '/') return false;
    return step.k === 'one' || (step.k === 'set' && step.takes(c));
  };
  return {
    test(s: string): boolean {
      let at = 0;
      let i = 0;
      let star = -1;
      let from = 0;
      while (i < s.length) {
        const step = steps[at];
        if (step?.k === 'star') {
          star = at++;
          from = i;
        } else if (step && fits(step, s[i]!)) {
          at++;
          i++;
        } else if (star >= 0 && !(pathname && s[from] === '/')) {
          at = star + 1;
          i = ++from;
        } else {
          return false;
        }
      }
      while (steps[at]?.k === 'star') at++;
      return at === steps.length;
    },
  };
}

/**
 * What a bracket expression's body takes: `!` or `^` first negates, `a-z` is a range, and every other
 * character stands for itself (a backslash too). A range whose ends are reversed takes nothing, as in
 * APR's fnmatch (as a regex class it was invalid, and a rule crashed on the file: found by a fuzzer).
 */
function bracket(body: string): (c: string) => boolean {
  const negate = body.startsWith('!') || body.startsWith('^');
  const singles = new Set<string>();
  const ranges: [string, string][] = [];
  for (let i = negate ? 1 : 0; i < body.length; i++) {
    const lo = body[i]!;
    if (body[i + 1] === '-' && i + 2 < body.length) {
      const hi = body[i + 2]!;
      if (lo <= hi) ranges.push([lo, hi]);
      i += 2;
    } else {
      singles.add(lo);
    }
  }
  return (c) => (singles.has(c) || ranges.some(([lo, hi]) => lo <= c && c <= hi)) !== negate;
}

const WILDCARDS = cacheSlot('wildcard patterns compiled', () => new Map<string, Wildcard>());
export function wc(cache: RunCache, pattern: string, pathname: boolean): Wildcard {
  const compiled = cache.get(WILDCARDS);
  const key = (pathname ? '1' : '0') + pattern;
  let r = compiled.get(key);
  if (!r) { r = wildcard(pattern, pathname); compiled.set(key, r); }
  return r;
}

// Regexes the hot paths test live here, not as literals in the functions: a literal makes a new RegExp object each time it is evaluated.
const WILD = /[*?[]/;

/** Whether a section pattern holds fnmatch wildcards (`*`, `?`, `[`). */
export const hasWild = (s: string) => WILD.test(s);

const COMPONENTS = cacheSlot('path components counted', () => new Map<string, number>());

/** The number of components of a path (`/` has none), through the run's memo: the merge order sorts by it. */
export function components(cache: RunCache, p: string): number {
  const counted = cache.get(COMPONENTS);
  let n = counted.get(p);
  if (n === undefined) counted.set(p, (n = p === '/' ? 0 : p.split('/').filter(Boolean).length));
  return n;
}

/** Does a non-regex `<Directory D>` (or .htaccess dir) cover the directory `dir`? (`cache`: the run's memo of compiled wildcards.) */
export function dirCovers(cache: RunCache, pattern: string, dir: string): boolean {
  if (pattern === '/') return dir.startsWith('/');
  if (!hasWild(pattern)) return dir === pattern || under(dir, pattern);
  const pc = pattern.split('/');
  const dc = dir.split('/');
  if (dc.length < pc.length) return false;
  return wc(cache, pattern, true).test(dc.slice(0, pc.length).join('/'));
}

/** True when `path` lies below `prefix` (`prefix` + `/` + more), without building the string. */
export function under(path: string, prefix: string): boolean {
  return path.length > prefix.length && path.charCodeAt(prefix.length) === 47 && path.startsWith(prefix);
}
