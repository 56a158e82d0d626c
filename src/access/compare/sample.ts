/** A string that a regular expression matches, for building probe paths from *Match sections. */

/**
 * Builds one string for the first alternative of each group (or, for the group that `pick` names by its
 * number in order of its `(`, that alternative): each quantified atom once, or with `optional` set, atoms
 * that may occur zero times (`*`, `?`, `{0,…}`) left out. `groups` is told how many alternatives each group has.
 */
function build(src: string, optional = false, pick?: { group: number; alt: number }, groups?: number[]): string {
  let i = 0;
  let group = 0;
  const alt = (): string => {
    let out = '';
    while (i < src.length && src[i] !== '|' && src[i] !== ')') {
      let atom = '';
      const c = src[i]!;
      if (c === '\\') {
        const e = src[i + 1] ?? '';
        atom = e === 'd' ? '1' : e === 'w' ? 'x' : e === 's' ? ' ' : /[DWSbB]/.test(e) ? (e === 'b' || e === 'B' ? '' : 'x') : e;
        i += 2;
      } else if (c === '[') {
        let j = i + 1;
        const neg = src[j] === '^';
        if (neg) j++;
        let first = src[j] === '\\' ? src[j + 1] ?? 'x' : src[j] ?? 'x';
        while (j < src.length && (src[j] !== ']' || j === i + 1 + (neg ? 1 : 0))) j += src[j] === '\\' ? 2 : 1;
        const body = src.slice(i + 1 + (neg ? 1 : 0), j);
        if (neg) first = /[xyz]/.test(body) ? 'q' : 'x';
        atom = first;
        i = j + 1;
      } else if (c === '(') {
        i++;
        if (src[i] === '?') { i++; if (src[i] === ':' || src[i] === '=' || src[i] === '!') i++; else while (i < src.length && src[i] !== ')' && src[i] !== ':') i++; if (src[i] === ':') i++; }
        const g = group++;
        const alts = [alt()];
        while (src[i] === '|') { i++; alts.push(alt()); }
        if (groups) groups[g] = alts.length;
        atom = alts[pick?.group === g ? pick.alt : 0] ?? alts[0]!;
        i++; // ')'
      } else if (c === '.') { atom = 'x'; i++; }
      else if (c === '^' || c === '$') { i++; continue; }
      else { atom = c; i++; }
      // quantifiers: one occurrence satisfies +, *, ?, and {n,m} with n <= 1; repeat for larger n
      const q = /^(\*|\+|\?|\{(\d+)(,\d*)?\})\??/.exec(src.slice(i));
      if (q) {
        i += q[0].length;
        if (q[2] !== undefined) atom = atom.repeat(Math.max(1, Number(q[2])));
        if (optional && (q[1] === '*' || q[1] === '?' || q[2] === '0')) atom = '';
      }
      out += atom;
    }
    return out;
  };
  const first = alt();
  return first;
}

/** Tries a few constructions; returns null when none matches. */
export function sampleFor(re: RegExp, prefix = ''): string | null {
  return samplesFor(re, prefix, false)[0] ?? null;
}

/**
 * Strings the regex matches: the first construction that works with each optional atom taken
 * once, and (unless `once`) one with the optional atoms left out, so that a probe also meets
 * `^/d/(sub/)?f` at /d/f as well as /d/sub/f.
 */
export function samplesFor(re: RegExp, prefix = '', both = true): string[] {
  const out: string[] = [];
  const tryBuild = (src: string, optional: boolean, pick?: { group: number; alt: number }): boolean => {
    let core: string;
    try { core = build(src, optional, pick); } catch { return false; }
    const candidates = [core, prefix + core, '/' + core, prefix + '/' + core, `x${core}`, `${core}x`, `/x/${core}`, `x/${core}`];
    for (const c of candidates) if (c && re.test(c)) { if (!out.includes(c)) out.push(c); return true; }
    return false;
  };
  for (const optional of both ? [false, true] : [false]) {
    for (const src of alternatives(re.source)) if (tryBuild(src, optional)) break;
  }
  if (!both) return out;
  // Each other alternative of each group too (`^/(a|b)/` meets /b/ as well as /a/), a few at most: one sample stood for
  // the whole regex, and a <LocationMatch "^/(a|b)/"> rewritten from what it met at /a/ changed the answers at /b/.
  const groups: number[] = [];
  try { build(re.source, false, undefined, groups); } catch { return out; }
  let extra = 0;
  for (const [group, count] of groups.entries()) {
    for (let alt = 1; alt < count && extra < MAX_EXTRA_ALTERNATIVES; alt++) if (tryBuild(re.source, false, { group, alt })) extra++;
  }
  return out;
}

/** How many samples of other group alternatives a regex gets beyond the first ones (a bot list has hundreds). */
const MAX_EXTRA_ALTERNATIVES = 8;

/** The whole source first, then each top-level alternative and each alternative of a group spanning the whole source. */
function alternatives(src: string): string[] {
  const out = [src];
  const split = (s: string): string[] => {
    const parts: string[] = [];
    let depth = 0, last = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s[i];
      if (c === '\\') { i++; continue; }
      if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (c === '|' && depth === 0) { parts.push(s.slice(last, i)); last = i + 1; }
    }
    parts.push(s.slice(last));
    return parts.length > 1 ? parts : [];
  };
  out.push(...split(src));
  const m = /^\^?\((.*)\)\$?$/.exec(src);
  if (m) out.push(...split(m[1]!));
  return out;
}
