/**
 * The 2.2 effective state of a section → a complete 2.4 Require tree, as text
 * (semantics §4.2–§4.6): host rules, Satisfy and the deciding Require lines,
 * split by method class with <Limit>/<LimitExcept> where they differ.
 */
import { applies, authorizers, type Merged, satisfyFor } from '../decide/index.js';
import { type HostEntry, hostCanMatch, type Item, type Model, type Request } from '../model/index.js';
import { confWord } from '../../parse/words.js';

/** A tree to print: a Require line, or a container. `shown`: an OR printed as an explicit <RequireAny> at top level too (see requireTree). */
export type Out = { t: 'line'; text: string } | { t: 'all' | 'any' | 'none'; children: Out[]; shown?: true };

const GRANTED: Out = { t: 'line', text: 'Require all granted' };
const DENIED: Out = { t: 'line', text: 'Require all denied' };
/** A line ending in a backslash would join the next one in 2.4; a space after it ends the line there, the word unchanged. */
const line = (text: string): Out => ({ t: 'line', text: text.endsWith('\\') ? `${text} ` : text });

export class Untranslatable extends Error {}

/**
 * A line's words at most this long: 2.4 refuses a .htaccess line of 8,192 bytes or more ("Line too long", a 500
 * for every request there; the real 2.4.71), and a blocklist of thousands of `Deny from` lines would become one
 * Require line. (The main configuration takes longer lines; the same limit keeps both readable.)
 */
const MAX_LINE_TEXT = 4000;

/** `Require <kind> <words>` as lines of at most MAX_LINE_TEXT characters: alternatives, as OR members. */
function wordLines(head: string, words: readonly string[]): Out[] {
  const out: Out[] = [];
  let from = 0;
  let length = head.length;
  words.forEach((w, i) => {
    if (i > from && length + 1 + w.length > MAX_LINE_TEXT) {
      out.push(line(`${head} ${words.slice(from, i).join(' ')}`));
      from = i;
      length = head.length;
    }
    length += 1 + w.length;
  });
  if (words.length > from) out.push(line(`${head} ${words.slice(from).join(' ')}`));
  return out;
}

/**
 * OR members for a list of entries: a Require line per kind (several for a long list: wordLines), keeping each
 * address or name as written, quoted where ap_getword_conf needs it (`Deny from "env=bad bot"`).
 */
function orMembers(entries: readonly HostEntry[]): Out[] {
  const out: Out[] = [];
  const ip = entries.filter((e) => e.kind === 'ip').map((e) => confWord(e.text));
  const host = entries.filter((e) => e.kind === 'host').map((e) => confWord(e.text));
  const envText = entries.filter((e) => e.kind === 'env' && !e.negated).map((e) => confWord(e.text.slice(4)));
  out.push(...wordLines('Require ip', ip), ...wordLines('Require host', host), ...wordLines('Require env', envText));
  for (const e of entries) {
    if (e.kind === 'env' && e.negated) out.push({ t: 'all', children: [GRANTED, line(`Require not env ${confWord(e.text.slice(5))}`)] });
  }
  return out;
}

function anyOf(members: Out[]): Out {
  return members.length === 1 ? members[0]! : { t: 'any', children: members };
}

/** AND members meaning "no Deny entry matches": RequireNone of the positive ones, `Require env V` for each env=!V. */
function notDenied(d: readonly HostEntry[]): Out[] {
  const pos = d.filter((e) => !(e.kind === 'env' && e.negated));
  const out: Out[] = [];
  if (pos.length) out.push({ t: 'none', children: orMembers(pos) });
  for (const e of d) if (e.kind === 'env' && e.negated) out.push(line(`Require env ${confWord(e.text.slice(5))}`));
  return out;
}

function allOf(members: Out[]): Out {
  const positive = members.some((m) => m.t !== 'none');
  const list = positive ? members : [GRANTED, ...members];
  return list.length === 1 ? list[0]! : { t: 'all', children: list };
}

/** H′: the host rules for one method (§4.2). */
export function hostTree(host: readonly Item[] | null, method: string): Out {
  let order = 'deny,allow';
  const a: HostEntry[] = [];
  const d: HostEntry[] = [];
  for (const it of host ?? []) {
    if (!('mask' in it) || !applies(it.mask, method)) continue;
    if (it.k === 'order') order = it.value;
    // Words after an inline # stay host names, as 2.2 read them, unless no client name can end in them.
    else if (it.k === 'allow') a.push(...it.entries.filter((e) => e.kind !== 'host' || hostCanMatch(e)));
    else if (it.k === 'deny') d.push(...it.entries.filter((e) => e.kind !== 'host' || hostCanMatch(e)));
  }
  const aAll = a.some((e) => e.kind === 'all');
  const dAll = d.some((e) => e.kind === 'all');
  if (order === 'deny,allow') {
    if (aAll || d.length === 0) return GRANTED;
    if (dAll) return a.length ? anyOf(orMembers(a)) : DENIED;
    return anyOf([...orMembers(a), allOf(notDenied(d))]);
  }
  if (a.length === 0 || dAll) return DENIED;
  if (d.length === 0) return aAll ? GRANTED : anyOf(orMembers(a));
  return allOf([...(aAll ? [] : [anyOf(orMembers(a))]), ...notDenied(d)]);
}

const MODULE_KEYWORD: Record<string, (kw: string) => string> = {
  authz_groupfile: (kw) => kw,
  authz_dbm: (kw) => (kw === 'group' ? 'dbm-group' : 'dbm-file-group'),
  authz_user: (kw) => kw,
};

/** R′: the Require lines that decide in 2.2, in 2.4 spelling (§4.4), or null when no Require applies. */
export function requireTree(model: Model, m: Merged, method: string): Out | null {
  const lines = m.requires.filter((r) => applies(r.mask, method));
  if (!lines.length) return null;
  const out: Out[] = [];
  let decided = false;
  let afterNonAuthoritative = false, nonAuthoritative = false;
  for (const a of authorizers(model, m)) {
    const owned = lines.filter((l) => a.owns.includes((l.words[0] ?? '').toLowerCase()));
    if (!owned.length) continue;
    if (nonAuthoritative) afterNonAuthoritative = true;
    if (!a.authoritative) nonAuthoritative = true;
    const map = MODULE_KEYWORD[a.module];
    if (!map) throw new Untranslatable(`Require ${owned[0]!.words.join(' ')} is decided by mod_${a.module}, which the prover does not model`);
    for (const l of owned) {
      const kw = (l.words[0] ?? '').toLowerCase();
      if (kw === 'file-group' || kw === 'file-owner') throw new Untranslatable(`Require ${kw} depends on file ownership, which the prover does not model`);
      const head = `Require ${map(kw)}`;
      // Each name as one word, quoted where it must be ("john smith"), as ap_getword_conf read it in 2.2.
      const words = kw === 'valid-user' ? [] : l.words.slice(1).map(confWord);
      // A long list of users or groups (2.2 read lines of up to 8,190 bytes) as several lines, OR members as
      // the words of one line are: indented in a <RequireAll>, the one line would pass 2.4's .htaccess limit.
      out.push(...(words.length ? wordLines(head, words) : [line(head)]));
    }
    if (a.authoritative) { decided = true; break; }
  }
  const defaultAuth = model.modules.includes('authz_default') && (m.settings.get('authzdefaultauthoritative') ?? 'on').toLowerCase() !== 'off';
  if (!out.length) {
    // mod_authz_default, authoritative, answers what no module owns with 401; without it no module decides, and the core answers 500 (semantics §2.5).
    const answer = defaultAuth ? 'always answers 401 (mod_authz_default)' : 'always answers 500 (no module decides: "couldn\'t check access")';
    throw new Untranslatable(`no 2.2 module owns "Require ${lines[0]!.words.join(' ')}" among the modules this tree loads, so 2.2 authenticates and then ${answer}; 2.4 has no clean equivalent`);
  }
  if (!decided && !defaultAuth) {
    throw new Untranslatable('every authorisation module is non-authoritative, so 2.2 answers 500 where 2.4 answers 401');
  }
  const unique = [...new Map(out.map((o) => [(o as { text: string }).text, o])).values()];
  if (unique.some((o) => o.t === 'line' && o.text === 'Require valid-user')) return line('Require valid-user');
  // Lines of a module after one made non-authoritative (AuthzGroupFileAuthoritative Off), which 2.4 ORs: bare, a later
  // run on a tree with no mark of 2.4 read them as 2.2 does, where the first module, authoritative again once its Off
  // line is gone, decides alone, and dropped the others. An explicit <RequireAny> is 2.4 syntax that 2.2 cannot read.
  if (afterNonAuthoritative && unique.length > 1) return { t: 'any', children: unique, shown: true };
  return anyOf(unique);
}

/** The complete tree for one method (§4.3). */
export function methodTree(model: Model, m: Merged, method: string): Out {
  const h = hostTree(m.host, method);
  const r = requireTree(model, m, method);
  if (!r) return h;
  const isG = h === GRANTED;
  const isD = h === DENIED;
  if (satisfyFor(m.satisfy, method) === true) {
    if (isG) return GRANTED;
    if (isD) return r;
    return anyOf([...(h.t === 'any' ? h.children : [h]), ...(r.t === 'any' ? r.children : [r])]);
  }
  if (isG) return r;
  if (isD) return DENIED;
  return { t: 'all', children: [...(h.t === 'all' ? h.children : [h]), r] };
}

/** Prints a tree at top level: an OR prints its members bare (the implicit RequireAny). */
export function printTree(o: Out, unit: string, depth = 0): string[] {
  const ind = unit.repeat(depth);
  if (o.t === 'line') return [ind + o.text];
  if (o.t === 'any' && depth === 0 && !o.shown) return o.children.flatMap((c) => printTree(c, unit, 0));
  const name = o.t === 'all' ? 'RequireAll' : o.t === 'any' ? 'RequireAny' : 'RequireNone';
  return [`${ind}<${name}>`, ...o.children.flatMap((c) => printNested(c, unit, depth + 1)), `${ind}</${name}>`];
}

function printNested(o: Out, unit: string, depth: number): string[] {
  if (o.t === 'line') return [unit.repeat(depth) + o.text];
  const name = o.t === 'all' ? 'RequireAll' : o.t === 'any' ? 'RequireAny' : 'RequireNone';
  const ind = unit.repeat(depth);
  return [`${ind}<${name}>`, ...o.children.flatMap((c) => printNested(c, unit, depth + 1)), `${ind}</${name}>`];
}

/** Methods a merged state distinguishes (from its masks), each standing for its class. */
export function stateMethods(m: Merged): string[] {
  const set = new Set<string>();
  const add = (it: Item) => { if ('mask' in it && it.mask) it.mask.methods.forEach((x) => set.add(x)); };
  (m.host ?? []).forEach(add);
  m.requires.forEach(add);
  m.satisfy.forEach(add);
  return [...set];
}

/** The lines to write in a section for its merged 2.2 state: one tree, or one per method class. */
export function translateState(model: Model, m: Merged, unit: string): string[] {
  return byMethodClass(stateMethods(m), (meth) => methodTree(model, m, meth), unit);
}

/** One tree when every method gets the same, else one <Limit> per class and a <LimitExcept> for the rest (§4.6). */
export function byMethodClass(listed: readonly string[], treeFor: (method: string) => Out, unit: string): string[] {
  if (!listed.length) return printTree(treeFor('GET'), unit);
  const reps = [...new Set(['GET', ...listed])];
  const classes = new Map<string, string[]>();
  const bodies = new Map<string, string[]>();
  for (const meth of [...reps, '\0unlisted']) {
    const body = printTree(treeFor(meth), unit);
    const key = body.join('\n');
    bodies.set(key, body);
    classes.set(key, [...(classes.get(key) ?? []), meth]);
  }
  if (classes.size === 1) return [...bodies.values()][0]!;
  const out: string[] = [];
  for (const [key, methods] of classes) {
    const body = bodies.get(key)!.map((l) => unit + l);
    if (methods.includes('\0unlisted')) {
      const others = reps.filter((x) => !methods.includes(x));
      out.push(`<LimitExcept ${others.join(' ')}>`, ...body, '</LimitExcept>');
    } else {
      out.push(`<Limit ${methods.join(' ')}>`, ...body, '</Limit>');
    }
  }
  return out;
}

export { GRANTED, DENIED, anyOf };

/** A request for a section's own location, used to read its effective state. */
export type OwnRequest = (req: Request) => Request;
