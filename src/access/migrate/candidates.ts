/**
 * The sections the prover tries to rewrite, with their translations as 2.4
 * items: from the 2.2 reading of a 2.2 tree, or from the 2.4 reading (with
 * mod_access_compat) of a tree that already mixes in 2.4 syntax.
 */
import type { Section } from '../../ast/nodes.js';
import type { Project } from '../../project/project.js';
import { bodyOf, dualBlocks, fallbackBranch, unreadDualBlocks } from './dual-version.js';
import { endsInDollar, htaccessOf, phase } from '../decide/index.js';
import { COMPAT_ACCESS, REGISTERED_METHODS } from '../../apache/access-directives.js';
import { type CondContext, isAccessItem, type Item, keyOf, type Model, type Scope } from '../model/index.js';
import { includedLinesReason, NEVER_READ, noRequestReason, NOT_NAMED, variableLinesReason, ownState, translateScope, UNIT_INDENT } from './translate-scope.js';
import { itemsOf, readTranslations, rewrittenItems } from './translation-items.js';
import type { Verdict } from './verdict.js';
import { translateMixedState } from './translate-mixed.js';
import { Untranslatable } from './translate.js';
import { withItems } from './with-items.js';
import { accessDirectives, isAccessDirective, sameAccessText } from './rewrite.js';

export interface Candidates {
  /** Scope of the 2.4 reading → its items after the rewrite. */
  candidates: Map<Scope, Item[]>;
  lines: Map<Scope, string[]>;
  verdicts: Map<Section | string, Verdict>;
  /**
   * The sections written for both versions, in the 2.4 reading: left as they are. With them the
   * sections whose access lines all sit in a branch only 2.4 reads (no 2.2 twin): 2.2 read none there.
   */
  dual: Scope[];
  /** A second translation to try when a section's candidate changes an answer: its items and lines. */
  fallbacks: Map<Scope, { items: Item[]; lines: string[] }>;
  /**
   * Why a section's 2.2 state has no translation, where its candidate is the translation of what 2.4 with
   * mod_access_compat does there instead: the section's verdict if the proof withdraws the candidate.
   */
  untranslated: Map<Scope, string>;
  /** The sections whose candidate is their Require lines as written, the translation their fallback (requireOnlyLines). */
  asWritten: Set<Scope>;
}

/**
 * The lines of a section that sets AuthType where no Require applies: Require all granted, so that
 * 2.4 does not answer 500. Where that would replace the Require of a section merged before it (a
 * <Location /> over a <Directory> with Require valid-user), the second one: AuthMerging And keeps
 * that Require, and ANDs "all granted" to it, which changes nothing (semantics §3.4).
 */
const AUTH_ONLY = ['Require all granted'];
const AUTH_ONLY_MERGED = ['AuthMerging And', 'Require all granted'];

function compatName(k: string): string {
  return k === 'order' ? 'Order' : k === 'satisfy' ? 'Satisfy' : k === 'allow' ? 'Allow' : 'Deny';
}

/**
 * Sections written for both versions are left as they are, unless 2.4 still reads compat lines outside the branches.
 * So are those beside such blocks that neither reading reads (`<IfModule mod_version.c>` in a tree that loads no
 * mod_version), unless their access lines all sit in the branch beside those blocks that every server reads when it
 * skips them (fallbackBranch): the rewrite then stays inside that branch.
 */
function dualVersion(project: Project, s: Scope, twin: Scope, c22: CondContext, c24: CondContext, verdicts: Candidates['verdicts']): boolean {
  const body = bodyOf(project, s);
  if (!dualBlocks(body, c22, c24).length && !(unreadDualBlocks(body, c22, c24).length && !fallbackBranch(body, c22, c24))) return false;
  const stray = twin.items.find((i) => COMPAT_ACCESS.has(i.k));
  if (stray) {
    verdicts.set(keyOf(s), { status: 'refused', scope: s, reason: `the section has separate 2.2 and 2.4 branches, but its ${compatName(stray.k)} line outside them is read by 2.4 too, where mod_access_compat ANDs it with the 2.4 branch (and without the module httpd does not start); move it into the 2.2 branch` });
  }
  return true;
}

/** A section, its twin in the 2.4 reading, and its translation. */
type Translated = [s: Scope, twin: Scope, lines: string[]];

/** Reads every translation as 2.4 does (one parse for all) and takes each that reads cleanly as a candidate. */
function accept(translated: readonly Translated[], after0: Model, out: Candidates): Candidates {
  const read = readTranslations(translated.map(([, , t]) => t), after0);
  translated.forEach(([s, twin, t], i) => {
    const parsed = read[i]!;
    if (parsed.errors.length) {
      out.verdicts.set(keyOf(s), { status: 'refused', scope: s, reason: out.untranslated.get(twin) ?? `internal: the translation does not start in 2.4 (${parsed.errors[0]})` });
      return;
    }
    out.candidates.set(twin, rewrittenItems(twin, parsed.items));
    out.lines.set(twin, t);
  });
  return out;
}

/** The items each translation that reads cleanly gives its section, added to `into`. */
function translatedItems(after0: Model, translated: readonly Translated[], into = new Map<Scope, Item[]>()): Map<Scope, Item[]> {
  const read = readTranslations(translated.map(([, , t]) => t), after0);
  translated.forEach(([, twin], i) => {
    const parsed = read[i]!;
    if (!parsed.errors.length) into.set(twin, rewrittenItems(twin, parsed.items));
  });
  return into;
}

/** `after0` with these items written in, and the copy there of each of its sections. */
function withTranslations(after0: Model, items: ReadonlyMap<Scope, Item[]>): { model: Model; copyOf: (s: Scope) => Scope } {
  const originals = new Map<Scope, Scope>();
  const model = withItems(after0, items, originals);
  const copies = new Map([...originals].map(([copy, s]) => [s, copy]));
  return { model, copyOf: (s) => copies.get(s) ?? s };
}

/**
 * Whether `above` encloses `s`: a `<Directory>` strictly above the `<Directory>` (or .htaccess) `s`, or (for a .htaccess)
 * of its own directory, which the directory walk merges before the file, of the same host; or the section `s` is nested
 * in (a `<Files>` in a .htaccess file or a `<Directory>`).
 */
function below(s: Scope, above: Scope): boolean {
  for (let w = s.within; w; w = w.within) if (w === above) return true;
  if (above.kind !== 'directory' || above.regex || (s.kind !== 'directory' && s.kind !== 'htaccess') || s.regex || s.vhost !== above.vhost) return false;
  const dir = above.pattern.endsWith('/') ? above.pattern : `${above.pattern}/`;
  return s.pattern.startsWith(dir) || (s.kind === 'htaccess' && `${s.pattern}/` === dir);
}

/**
 * Every section of a 2.2 tree with access lines, translated from its merged 2.2 state. `translateFirst`: the texts whose
 * Require lines as written are not tried first (a later run reads them otherwise, prove.ts).
 */
export function pureCandidates(
  project: Project, before: Model, after0: Model, c22: CondContext, c24: CondContext, translateFirst: ReadonlySet<Section | string> = new Set(),
): Candidates {
  const out: Candidates = { candidates: new Map(), lines: new Map(), verdicts: new Map(), dual: [], fallbacks: new Map(), untranslated: new Map(), asWritten: new Set() };
  const twinOf = twinFinder(before, after0);
  const translated: Translated[] = [];
  const untranslatable: [s: Scope, twin: Scope, reason: string][] = [];
  const authOnlyTwins: Scope[] = [];
  const requireOnly: [twin: Scope, current: string[]][] = [];
  for (const s of before.scopes) {
    const authOnly = !s.items.some(isAccessItem) && s.items.some((i) => i.k === 'set' && i.key === 'authtype' && i.value.toLowerCase() !== 'none');
    if (!s.items.some(isAccessItem) && !authOnly) {
      // Access lines only in a branch 2.2 skips (<IfModule mod_authz_core.c> alone): nothing to rewrite, and 2.4 reads them.
      const twin = dualBlocks(bodyOf(project, s), c22, c24).length ? twinOf(s) : undefined;
      if (twin?.items.some(isAccessItem)) out.dual.push(twin);
      continue;
    }
    const twin = twinOf(s);
    if (!twin) continue; // a 2.2-only branch: left as it is
    if (dualVersion(project, s, twin, c22, c24, out.verdicts)) { out.dual.push(twin); continue; }
    const t = translateScope(before, s);
    // AuthType where no Require and no host rule applies: 2.2 asked for no credentials, 2.4 answers 500
    // (AuthType without Require) unless the section says Require all granted. Where rules do apply, they
    // are their own sections' translations, which the section inherits in 2.4.
    if (authOnly && !('lines' in t && t.lines.join('\n') === AUTH_ONLY.join('\n'))) continue;
    if (authOnly) authOnlyTwins.push(twin);
    const unregistered = 'lines' in t ? unregisteredIn(t.lines, s) : null;
    if ('reason' in t && openedBy24Only(t.reason, twin, after0)) {
      // 2.2 never opened the file (AllowOverride None there) and 2.4 does (an AllowOverride in a branch only 2.4 reads):
      // translated from what 2.4 with mod_access_compat does there, as a later run, reading the tree as mixed, would
      // (found by the whole-tree fuzzer). The proof holds it to 2.2's answers, where the file changed nothing.
      const lines = mixedTranslation(after0, twin, out.verdicts);
      if (lines) translated.push([s, twin, lines]);
    } else if ('reason' in t && t.untranslatable && twin.items.some((i) => COMPAT_ACCESS.has(i.k))) {
      untranslatable.push([s, twin, t.reason]);
    } else if ('reason' in t) out.verdicts.set(keyOf(s), { status: 'refused', scope: s, reason: t.reason });
    else if (unregistered && twin.items.some((i) => COMPAT_ACCESS.has(i.k))) untranslatable.push([s, twin, unregisteredReason(unregistered)]);
    else if (unregistered) out.verdicts.set(keyOf(s), { status: 'refused', scope: s, reason: unregisteredReason(unregistered) });
    else {
      translated.push([s, twin, t.lines]);
      const current = requireOnlyLines(project, s, twin);
      if (current && !sameAccessText(current, t.lines)) requireOnly.push([twin, current]);
    }
  }
  // No lines keep 2.2's state (a Require no 2.2 module owns), or a .htaccess file's would need a <Limit> 2.4 refuses there
  // (second-run seed 106001795: a Satisfy Any under a <Directory> whose compat lines sat in <Limit get BREW>, which the
  // second run read as rewritten and translated the file to Require all granted): the translation a later run would make, reading the tree
  // as mixed, from what 2.4 with mod_access_compat does there. The proof holds it to 2.2's answers, which it keeps
  // where the state never decided (Order Allow,Deny with no Allow refused before the Require was asked). Found by
  // the second-run check: the first run kept such a section, the second rewrote it. Read, as that run reads it, with
  // the other sections translated: a .htaccess whose AuthzUserAuthoritative line 2.4 refuses (500) loses it in the
  // rewrite of its own lines, and a <Files> in it was refused as answering 500 everywhere (differential seed 43009041).
  // Those of the directories above a section's own are written in too (differential seed 51000455: two <Directory sub>
  // were translated from the compat lines of the <Directory> above them, whose own translation the second run read), and
  // that of the .htaccess file a <Files> is nested in (seed 70000988: read under the file's compat lines, the <Directory>'s
  // <LimitExcept get> decided there, and the translation needed a <Limit get> 2.4 refuses; the second run read the file's
  // new Require lines, which replace the <Directory>'s, and made it), and those of the kinds httpd merges before the
  // section's own, of its host or the main server (seed 88004795: two <Location> sections translated under the compat lines
  // of the <Directory> the second run read as rewritten).
  // Where those above are withdrawn, a later run reads them with their compat lines: the translation from that reading is
  // the second try (differential seed 42007675: a .htaccess translated under the <Directory> above's translation, which
  // held that directory's Deny from ::1, where the .htaccess's own Deny lines had replaced it; withdrawn, the first run
  // kept both, and the second run, reading both as compat lines, made both).
  const secondTries: [twin: Scope, lines: string[]][] = [];
  if (untranslatable.length) {
    const base = translatedItems(after0, translated);
    let plain: ReturnType<typeof withTranslations> | undefined;
    const plainReading = () => (plain ??= withTranslations(after0, base));
    // Made in the order httpd merges (directories first, locations last): when a section's turn comes, those of the kinds
    // merged before it are all made, and are written in together, one reading per kind (those of another virtual host
    // apply to none of its requests). Those of its own kind that enclose it are added by their places in `made`: the same
    // path in two virtual hosts is two sections.
    const made: Translated[] = [];
    const readings = new Map<string, ReturnType<typeof withTranslations>>();
    const readingOf = (walk: number, at: readonly number[]) => {
      const key = `${walk}/${at.join(',')}`;
      let reading = readings.get(key);
      if (!reading) {
        const chosen = [...made.filter(([, t]) => phase(t) < walk), ...at.map((i) => made[i]!)];
        readings.set(key, (reading = chosen.length ? withTranslations(after0, translatedItems(after0, chosen, new Map(base))) : plainReading()));
      }
      return reading;
    };
    const results = new Map<number, { made: Translated; reason: string; second?: string[] }>();
    const order = [...untranslatable.keys()].sort((a, b) => phase(untranslatable[a]![1]) - phase(untranslatable[b]![1]) || a - b);
    for (const k of order) {
      const [s, twin, reason] = untranslatable[k]!;
      const walk = phase(twin);
      const at = [...made.keys()].filter((i) => phase(made[i]![1]) === walk && below(twin, made[i]![1]));
      const reading = readingOf(walk, at);
      const lines = mixedTranslation(reading.model, reading.copyOf(twin), new Map());
      const kept = reading !== plain ? mixedTranslation(plainReading().model, plainReading().copyOf(twin), new Map()) : null;
      if (lines || kept) {
        const t: Translated = [s, twin, (lines ?? kept)!];
        made.push(t);
        results.set(k, { made: t, reason, second: lines && kept && kept.join('\n') !== lines.join('\n') ? kept : undefined });
      } else out.verdicts.set(keyOf(s), { status: 'refused', scope: s, reason });
    }
    // In the order of the configuration, as the other translations.
    for (const k of untranslatable.keys()) {
      const r = results.get(k);
      if (!r) continue;
      translated.push(r.made);
      out.untranslated.set(r.made[1], r.reason);
      if (r.second) secondTries.push([r.made[1], r.second]);
    }
  }
  // A section only 2.4 reads (a <Files> inside <IfModule mod_authz_core.c>) with compat lines: 2.2 read none of it, and
  // once this run has written a Require line, the next reads the tree as mixed and translates the section from what 2.4
  // with mod_access_compat does there (mixedCandidates). This run does so already (found by the whole-tree fuzzer: the
  // second write rewrote such sections); the proof holds the translation to 2.2's answers like any other.
  const in22 = new Set(before.scopes.map(keyOf));
  for (const twin of after0.scopes) {
    if (in22.has(keyOf(twin)) || !twin.items.some((i) => COMPAT_ACCESS.has(i.k)) || dualVersion(project, twin, twin, c22, c24, out.verdicts)) continue;
    const lines = mixedTranslation(after0, twin, out.verdicts);
    if (lines) translated.push([twin, twin, lines]);
  }
  accept(oneTextPerSection(translated, out.verdicts), after0, out);
  for (const [twin, lines] of secondTries) {
    const read = out.candidates.has(twin) ? itemsOf(lines, after0) : null;
    if (read && !read.errors.length) out.fallbacks.set(twin, { items: rewrittenItems(twin, read.items), lines });
  }
  // A directory regex ending in `$` never applied in 2.2 (REG_NOTEOL), so its access lines did nothing there; 2.4 applies it.
  // When its translation changes an answer, the second try writes no access line at all: the section then changes nothing.
  for (const s of before.scopes) {
    const twin = endsInDollar(s) ? twinOf(s) : undefined;
    if (twin && out.candidates.has(twin)) out.fallbacks.set(twin, { items: rewrittenItems(twin, []), lines: [] });
  }
  if (authOnlyTwins.length) {
    const merged = itemsOf(AUTH_ONLY_MERGED, after0);
    for (const twin of authOnlyTwins) {
      if (out.candidates.has(twin) && !merged.errors.length) out.fallbacks.set(twin, { items: rewrittenItems(twin, merged.items), lines: AUTH_ONLY_MERGED });
    }
  }
  // A section whose access lines are Require lines alone (2.2's `Require valid-user`, no Order/Allow/Deny/Satisfy) is first
  // tried as it is written, its translation second: where 2.4 reads those lines as answering every request as 2.2 did,
  // nothing need change. Translated first, such a section changed where no request could tell, and a later run, reading a
  // result with no LoadModule line to show it was migrated, read the rewrite's Require lines as 2.2 does (under the host
  // rules above them) and wrote another text where no request could tell either (second-run seed 146002146: a <Files g.*>
  // whose every line a second <Files g.*> replaces, Require user alice, then Require all denied).
  // A later run may read the kept lines otherwise (a tree with no LoadModule line, read as 2.2, second-run seed 162000196):
  // later-reading.ts checks that, and the proof then tries the translation first (computeProof's `translateFirst`).
  for (const [twin, current] of requireOnly) {
    if (!out.candidates.has(twin) || out.fallbacks.has(twin) || translateFirst.has(keyOf(twin))) continue;
    out.fallbacks.set(twin, { items: out.candidates.get(twin)!, lines: out.lines.get(twin)! });
    out.candidates.set(twin, twin.items);
    out.lines.set(twin, current);
    out.asWritten.add(twin);
  }
  return out;
}

/**
 * The Require lines of a section whose access lines are those alone, each written directly in its body (not in a <Limit>,
 * a conditional or an Included file), as written; else null.
 */
function requireOnlyLines(project: Project, s: Scope, twin: Scope): string[] | null {
  if (s.items.some((i) => COMPAT_ACCESS.has(i.k)) || twin.items.some((i) => COMPAT_ACCESS.has(i.k))) return null;
  const file = project.byPath.get(s.path)?.ast;
  const body = bodyOf(project, s);
  const direct = body.filter(isAccessDirective);
  if (!file || !direct.length || direct.some((d) => d.lname !== 'require')) return null;
  if (accessDirectives(body).length !== direct.length || twin.items.filter(isAccessItem).length !== direct.length) return null;
  return direct.map((d) => file.text.slice(d.contentStart, d.contentEnd));
}

/** Whether a section 2.2 never read (`reason`) is an access file with compat lines that 2.4 with mod_access_compat opens. */
function openedBy24Only(reason: string, twin: Scope, after0: Model): boolean {
  if ((reason !== NEVER_READ && reason !== NOT_NAMED) || !twin.items.some((i) => COMPAT_ACCESS.has(i.k))) return false;
  const own = ownState(after0, twin);
  return !!own && !own.unread;
}

/**
 * The section of the 2.4 reading that stands for each section of the 2.2 reading: the same text
 * (keyOf), read at the same place. A file included in several places (two virtual hosts, or two
 * <Directory> sections of one host) gives one section per place, each with its own twin. The place
 * is the context and the sections around it; of several reads at one place, the same one in turn.
 * Only a text read more than once is placed (nearly every section is read once).
 */
function twinFinder(before: Model, after0: Model): (s: Scope) => Scope | undefined {
  const byKey = (m: Model) => {
    const out = new Map<Section | string, Scope[]>();
    for (const s of m.scopes) {
      const list = out.get(keyOf(s));
      if (list) list.push(s); else out.set(keyOf(s), [s]);
    }
    return out;
  };
  const keyed22 = byKey(before);
  const keyed24 = byKey(after0);
  const samePlace = (a: Scope, b: Scope) => {
    if (a.vhost !== b.vhost) return false;
    let x = a.within, y = b.within;
    for (; x && y; x = x.within, y = y.within) if (keyOf(x) !== keyOf(y)) return false;
    return x === y;
  };
  return (s) => {
    const list = keyed24.get(keyOf(s));
    if (!list || list.length === 1) return list?.[0];
    const here = list.filter((t) => samePlace(s, t));
    const twin = here[keyed22.get(keyOf(s))!.filter((t) => samePlace(s, t)).indexOf(s)];
    // Read at a place the 2.4 reading does not have (sections around it that only one version reads).
    return twin ?? list.find((t) => t.vhost === s.vhost) ?? list[0];
  };
}

/**
 * A method a translation for a .htaccess file names in <Limit>/<LimitExcept> that 2.4 does not know
 * from start-up, or null. A <Limit> of a configuration file that registers it may itself be rewritten
 * away by the migration (it is an access section too), so only httpd's own methods count.
 */
export function unregisteredIn(lines: readonly string[], s: Scope): string | null {
  return s.kind !== 'htaccess' && !htaccessOf(s) ? null : unknownLimitMethod(lines);
}

/** The first method a <Limit>/<LimitExcept> line of `lines` names that httpd 2.4 does not know from start-up, or null. */
export function unknownLimitMethod(lines: readonly string[]): string | null {
  for (const line of lines) {
    const m = /^\s*<Limit(?:Except)?\s+([^>]*)>/i.exec(line);
    for (const method of m ? m[1]!.trim().split(/\s+/) : []) if (!REGISTERED_METHODS.has(method)) return method;
  }
  return null;
}

/** Why a section whose translation needs unregisteredIn's method is left as it is, and what to do. */
function unregisteredReason(method: string): string {
  return `its translation needs <Limit ${method}>, and 2.4 answers 500 to every request below a .htaccess file whose <Limit> names a method httpd does not know, unless a <Limit ${method}> of a configuration file registered it ("Could not register method '${method}'"). Keep one there that the migration leaves (an empty <Limit ${method}> in a <Location> that matches nothing will do), then migrate this file by hand`;
}

const ANOTHER_CONTEXT = 'the file is read in several contexts, and in one of them';

/**
 * The translations of sections read in several contexts (a file included by two virtual hosts) go
 * only where each context gave the same lines and none refused: the file holds one text for all.
 */
function oneTextPerSection(translated: readonly Translated[], verdicts: Candidates['verdicts']): readonly Translated[] {
  // Nearly always each section is read once: nothing to group (a 10,000-vhost tree has 20,000 of them).
  const seen = new Set<Section | string>();
  if (translated.every(([s]) => { const k = keyOf(s); const once = !seen.has(k) && !verdicts.has(k); seen.add(k); return once; })) return translated;
  const byKey = new Map<Section | string, Translated[]>();
  for (const t of translated) {
    const list = byKey.get(keyOf(t[0]));
    if (list) list.push(t); else byKey.set(keyOf(t[0]), [t]);
  }
  const keep = new Set<Section | string>();
  for (const [key, same] of byKey) {
    const refused = verdicts.get(key);
    const texts = new Set(same.map(([, , lines]) => lines.join('\n')));
    if (!refused && texts.size === 1) { keep.add(key); continue; }
    if (!refused) {
      // A .htaccess read in several directories (one reached through a symbolic link) is named by them.
      const dirs = same.every(([x]) => x.kind === 'htaccess');
      const where = [...new Set(same.map(([x]) => (dirs ? x.pattern : x.vhost || 'the main server')))].join(', ');
      verdicts.set(key, { status: 'refused', scope: same[0]![0], reason: `the file is read in several ${dirs ? 'directories' : 'contexts'} (${where}), where this section's lines mean different things, and one text cannot say each of them` });
    } else if (refused.status === 'refused') {
      verdicts.set(key, { ...refused, reason: `${ANOTHER_CONTEXT}, ${refused.reason}` });
    }
  }
  return translated.filter(([s]) => keep.has(keyOf(s)));
}

/** Every section of a mixed tree that still has compat lines, translated from its merged 2.4 state. */
export function mixedCandidates(project: Project, after0: Model, c22: CondContext, c24: CondContext): Candidates {
  const out: Candidates = { candidates: new Map(), lines: new Map(), verdicts: new Map(), dual: [], fallbacks: new Map(), untranslated: new Map(), asWritten: new Set() };
  const translated: Translated[] = [];
  const refused: Scope[] = [];
  for (const s of after0.scopes) {
    if (!s.items.some((i) => COMPAT_ACCESS.has(i.k))) continue;
    if (dualVersion(project, s, s, c22, c24, out.verdicts)) continue;
    const lines = mixedTranslation(after0, s, out.verdicts);
    if (lines) translated.push([s, s, lines]);
    else if (!ownReason(s)) refused.push(s);
  }
  return accept([...translated, ...retranslated(after0, translated, refused, out)], after0, out);
}

/**
 * The sections of a mixed tree whose translation was refused, translated again with every other translation written in,
 * as the next run reads the tree once those are made. Second-run seed 92004338: a .htaccess under a <Directory> whose
 * Require lines sat in <Limit HEAD get> needed <Limit get>, which 2.4 refuses there; the <Directory> was rewritten to
 * Require all denied, and the second run, reading that, translated the .htaccess to it. One reading serves every section.
 * The first refusal is the section's verdict if the proof withdraws the translation.
 */
function retranslated(after0: Model, translated: readonly Translated[], refused: readonly Scope[], out: Candidates): Translated[] {
  if (!refused.length || !translated.length) return [];
  const reading = withTranslations(after0, translatedItems(after0, translated));
  const again: Translated[] = [];
  for (const s of refused) {
    const lines = mixedTranslation(reading.model, reading.copyOf(s), new Map());
    const first = out.verdicts.get(keyOf(s));
    if (!lines || first?.status !== 'refused') continue;
    out.verdicts.delete(keyOf(s));
    out.untranslated.set(s, first.reason);
    again.push([s, s, lines]);
  }
  return again;
}

/** Why a section's own text has no translation, whatever the sections around it say, or null. */
function ownReason(s: Scope): string | null {
  return variableLinesReason(s) ?? (s.errors.length ? `httpd 2.4 rejects this section (${s.errors[0]})` : null) ?? includedLinesReason(s);
}

/**
 * A section's translation from its merged state under 2.4 with mod_access_compat, or null with the reason in `verdicts`.
 * The section of `after0` has compat lines and is not written for both versions.
 */
function mixedTranslation(after0: Model, s: Scope, verdicts: Candidates['verdicts']): string[] | null {
  const refuse = (reason: string) => { verdicts.set(keyOf(s), { status: 'refused', scope: s, reason }); return null; };
  const own = ownReason(s);
  if (own) return refuse(own);
  const state = ownState(after0, s);
  if (!state) return refuse(noRequestReason(s));
  const { m, unread } = state;
  if (unread) return refuse(unread);
  let lines: string[];
  try {
    lines = translateMixedState(m, UNIT_INDENT);
  } catch (e) {
    if (!(e instanceof Untranslatable)) throw e;
    return refuse(e.message);
  }
  const unregistered = unregisteredIn(lines, s);
  return unregistered ? refuse(unregisteredReason(unregistered)) : lines;
}
