/** A string that a regular expression matches, for building probe paths from *Match sections. */

/** A group's alternative, or a character class's member, to build in place of the first: numbered in order of `(` or `[`. */
type Pick = { group: number; alt: number } | { cls: number; member: number };

/**
 * The characters a class stands for in samples (`[sh]`: s and h; `[a-z0-9]`: a, z, 0 and 9), a few at most: each may
 * meet another section's pattern where the first does not (`<DirectoryMatch "/d/[sh]">` beside `<Directory "/d/s*">`).
 */
function classMembers(body: string): string[] {
  const out: string[] = [];
  for (let j = 0; j < body.length && out.length < MAX_CLASS_MEMBERS; j++) {
    let c = body[j]!;
    if (c === '\\') {
      const e = body[++j] ?? '';
      c = e === 'd' ? '1' : e === 'w' ? 'x' : /[A-Za-z]/.test(e) ? '' : e;
    }
    if (c && !out.includes(c)) out.push(c);
    // A range: its last character too (`[a-z]`: a and z).
    if (body[j + 1] === '-' && j + 2 < body.length) {
      const last = body[j + 2]!;
      j += 2;
      if (last !== '\\' && !out.includes(last)) out.push(last);
    }
  }
  return out.slice(0, MAX_CLASS_MEMBERS);
}
const MAX_CLASS_MEMBERS = 4;

/**
 * Builds one string for the first alternative of each group and the first member of each class (or, for the group or
 * class that `pick` names, that alternative or member): each quantified atom once, or with `optional` set, atoms that
 * may occur zero times (`*`, `?`, `{0,…}`) left out. `groups` and `classes` are told how many each has.
 */
function build(src: string, optional = false, pick?: Pick, groups?: number[], classes?: number[]): string {
  let i = 0;
  let group = 0;
  let cls = 0;
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
        if (!neg) {
          const k = cls++;
          const members = classMembers(body);
          if (classes) classes[k] = members.length;
          if (pick && 'cls' in pick && pick.cls === k) atom = members[pick.member] ?? first;
        }
        i = j + 1;
      } else if (c === '(') {
        i++;
        if (src[i] === '?') { i++; if (src[i] === ':' || src[i] === '=' || src[i] === '!') i++; else while (i < src.length && src[i] !== ')' && src[i] !== ':') i++; if (src[i] === ':') i++; }
        const g = group++;
        const alts = [alt()];
        while (src[i] === '|') { i++; alts.push(alt()); }
        if (groups) groups[g] = alts.length;
        atom = alts[pick && 'group' in pick && pick.group === g ? pick.alt : 0] ?? alts[0]!;
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
  const tryBuild = (src: string, optional: boolean, pick?: Pick): boolean => {
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
  // So each other member of each character class (`/d/[sh]` meets /d/h as well as /d/s).
  const groups: number[] = [];
  const classes: number[] = [];
  try { build(re.source, false, undefined, groups, classes); } catch { return out; }
  let extra = 0;
  for (const [group, count] of groups.entries()) {
    for (let alt = 1; alt < count && extra < MAX_EXTRA_ALTERNATIVES; alt++) if (tryBuild(re.source, false, { group, alt })) extra++;
  }
  for (const [cls, count] of classes.entries()) {
    for (let member = 1; member < count && extra < MAX_EXTRA_ALTERNATIVES; member++) if (tryBuild(re.source, false, { cls, member })) extra++;
  }
  return out;
}

/** How many samples of other group alternatives and class members a regex gets beyond the first ones (a bot list has hundreds). */
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
