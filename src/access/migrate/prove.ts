/**
 * The prover behind prefer-require: translate every access section of a
 * project, then compare the original (read as 2.2) with the result (read as
 * 2.4) over the representative requests. A rewrite that makes some request
 * differ is withdrawn (the most specific rewritten section that applies to
 * the request), and the comparison is repeated until none differs.
 */
import type { Section } from '../../ast/nodes.js';
import type { Project } from '../../project/project.js';
import { type AuthzNode, conditionHolds, type Item, type Mask, type Model, type ModelOptions, projectModel, type Request, requireNode, type Scope } from '../model/index.js';
import { compatChanges, decide, describeDifference, eachRepresentative, instanceOf, sampleFor, urlMapping } from '../compare/index.js';
import { mixedCandidates, pureCandidates } from './candidates.js';
import { applicableScopes, htaccessOf, type Merged, mergeUncached } from '../decide/index.js';
import { translateState, Untranslatable } from './translate.js';
import { currentAccessText } from './rewrite.js';

export type Verdict =
  | { status: 'rewrite'; scope: Scope; lines: string[]; original: string[] }
  | {
    status: 'refused'; scope: Scope; reason: string;
    /**
     * Kept as written under mod_access_compat: null when every representative request keeps its
     * 2.2 answer, else the first request of this section that changes (undefined: not checked).
     */
    compat?: string | null;
  };

export interface ProjectProof {
  /** By section node, or by file path for a .htaccess file or a fragment. */
  verdicts: Map<Section | string, Verdict>;
  before: Model;
  after: Model;
  /** True when the tree already mixes 2.4 syntax in: no rewrite is offered. */
  mixed: boolean;
  /** Whether a read-time conditional is read by 2.2 (for finding the lines to edit). */
  live: (s: Section) => boolean;
  /** The verdicts of each file's sections, by file path. */
  byFile: Map<string, Verdict[]>;
}

const ACCESS_KINDS = new Set(['order', 'allow', 'deny', 'satisfy', 'require', 'authz', 'authmerging']);
const AUTHORITATIVE = /^authz.*authoritative$/;

export function isAccessItem(it: Item): boolean {
  return ACCESS_KINDS.has(it.k) || (it.k === 'set' && AUTHORITATIVE.test(it.key));
}

export const keyOf = (s: Scope): Section | string => s.node ?? s.path;

/** A request for a section's own location (its directory, file name or URL). */
export function ownRequest(model: Model, s: Scope): Request | null {
  const { docroot, toUrl, toFile } = urlMapping(model, s.vhost);
  const base = { vhost: s.vhost, method: 'GET', ip: '10.0.0.1', host: null, env: [], credentials: null };
  const fileReq = (file: string): Request => ({ ...base, path: toUrl(file), file });
  const urlReq = (url: string): Request => ({ ...base, path: url, file: toFile(url) });
  switch (s.kind) {
    case 'directory': case 'htaccess': return fileReq(`${instanceOf(s.pattern).replace(/\/$/, '')}/f.html`);
    case 'directorymatch': { const d = s.regex && sampleFor(s.regex, '/'); return d ? fileReq(`${d}/f.html`) : null; }
    case 'files': case 'filesmatch': {
      const name = s.regex ? sampleFor(s.regex) : instanceOf(s.pattern);
      const dir = s.within ? instanceOf(s.within.pattern) : docroot;
      return name && !name.includes('/') ? fileReq(`${dir}/${name}`) : null;
    }
    case 'location': return urlReq(instanceOf(s.pattern) || '/');
    case 'locationmatch': { const u = s.regex && sampleFor(s.regex, '/'); return u ? urlReq(u.startsWith('/') ? u : `/${u}`) : null; }
    case 'proxy': return { ...base, path: '/proxied', file: `proxy:${instanceOf(s.pattern === '*' ? 'http://backend/x' : s.pattern)}` };
  }
}

/**
 * Why a section's merged state says nothing about the section itself: its .htaccess is
 * ignored, or httpd answers 500 before reading it. A translation from such a state would
 * drop the section's own lines (a `Deny from all` read as nothing at all), and every
 * request it applies to answers the same either way, so no proof could catch it.
 */
export function unreadReason(m: Merged, s: Scope): string | null {
  if (s.kind !== 'htaccess' && !htaccessOf(s)) return null;
  if (m.fail) return `httpd answers 500 to every request this section applies to (${m.fail}), so no request shows what its lines do and the rewrite cannot be proven; fix that error first`;
  if (!m.scopes.includes(s)) return 'httpd does not read this section (the .htaccess holding it is ignored), so no request shows what its lines do and the rewrite cannot be proven';
  return null;
}

/** The indentation unit used for nested Require containers. */
const UNIT = '    ';

/** Translates one section, or says why it cannot be. */
export function translateScope(before: Model, s: Scope): { lines: string[] } | { reason: string } {
  if (s.errors.length) return { reason: `httpd 2.2 itself rejects this section (${s.errors[0]})` };
  const req = ownRequest(before, s);
  if (!req) return { reason: `no request path matches <${s.kind} ${s.pattern}>, so its rewrite cannot be proven` };
  const m = mergeUncached(before, req, s);
  const unread = unreadReason(m, s);
  if (unread) return { reason: unread };
  try {
    return { lines: translateState(before, m, UNIT) };
  } catch (e) {
    if (e instanceof Untranslatable) return { reason: e.message };
    throw e;
  }
}

/** The 2.4 items of the translated lines (the small grammar translate.ts prints: Require, <Require*>, <Limit*>). */
export function itemsOf(lines: readonly string[], after: Model): { items: Item[]; errors: string[] } {
  const modules = new Set(after.modules);
  const errors: string[] = [];
  const items: Item[] = [];
  let mask: Mask = null;
  const stack: Extract<AuthzNode, { kind: 'container' }>[] = [];
  const add = (n: AuthzNode) => { const top = stack[stack.length - 1]; if (top) top.children.push(n); else items.push({ k: 'authz', node: n }); };
  for (const raw of lines) {
    const l = raw.trim();
    let m: RegExpExecArray | null;
    if ((m = /^<(Limit|LimitExcept) ([^>]*)>$/.exec(l))) mask = { except: m[1] === 'LimitExcept', methods: m[2]!.split(/\s+/).map((x) => (x === 'HEAD' ? 'GET' : x)) };
    else if (/^<\/Limit(Except)?>$/.test(l)) mask = null;
    else if ((m = /^<Require(All|Any|None)>$/.exec(l))) {
      const c: Extract<AuthzNode, { kind: 'container' }> = { kind: 'container', op: m[1] === 'All' ? 'and' : 'or', negate: m[1] === 'None', mask, children: [] };
      add(c);
      stack.push(c);
    } else if (/^<\/Require(All|Any|None)>$/.test(l)) stack.pop();
    else if (l.startsWith('Require ')) { const n = requireNode(l.slice(8).trim().split(/\s+/), mask, modules, errors); if (n) add(n); }
    else errors.push(`unexpected line in a translation: ${l}`);
  }
  return { items, errors };
}

const proofs = new WeakMap<Project, ProjectProof>();
/** Proves the rewrites of a whole project once (cached on the project). */
export function proveProject(project: Project, opts: ModelOptions = {}): ProjectProof {
  const hit = proofs.get(project);
  if (hit) return hit;
  const proof = computeProof(project, opts);
  proofs.set(project, proof);
  return proof;
}

function computeProof(project: Project, opts: ModelOptions): ProjectProof {
  const before22 = projectModel(project, '2.2', opts);
  const after0 = projectModel(project, '2.4', { ...opts, compat: true, overrides: 'migrated' });
  const c22 = before22.cond!;
  const c24 = after0.cond!;
  const mixed = isMixed(before22);
  // A tree that already holds 2.4 syntax is a 2.4 tree: its rewrites must keep what 2.4 with mod_access_compat does.
  const before = mixed ? after0 : before22;
  const live = (s: Section) => conditionHolds(s, mixed ? c24 : c22) !== false;
  const { candidates, lines, verdicts } = mixed
    ? mixedCandidates(project, after0, c22, c24)
    : pureCandidates(project, before22, after0, c22, c24);
  const beforeOf = new Map(before.scopes.map((s) => [keyOf(s), s]));
  let contexts = contextsOf([...candidates.keys()], after0);
  let after = withItems(after0, candidates);
  // The candidates shown on some request that does not fail before: a proof over requests that all
  // answer 500 (a broken .htaccess next to the section) says nothing about the section's lines.
  const exercised = new Set<Scope>();
  for (let round = 0; round < 50 && candidates.size && contexts.length; round++) {
    const drop = new Map<Scope, string>();
    for (const ctx of contexts) {
      const gaps = eachRepresentative([before, after], [ctx], (r) => {
        const b = decide(before, r);
        const a = decide(after, r);
        if (b.status !== 500 && exercised.size < candidates.size) {
          for (const s of applicableScopes(after, r)) if (candidates.has(originalOf(s))) exercised.add(originalOf(s));
        }
        if (b.status === a.status) return;
        const blame = [...applicableScopes(after, r)].reverse().find((s) => candidates.has(originalOf(s)));
        if (!blame) return;
        const orig = originalOf(blame);
        if (!drop.has(orig)) drop.set(orig, describeDifference({ request: r, before: b, after: a }) + ` (${b.by} before, ${a.by} after)` + mixedKinds(before, r));
      });
      if (gaps.length) {
        for (const s of candidates.keys()) if ((s.vhost === ctx || s.vhost === '') && !drop.has(s)) drop.set(s, `\0the rewrite cannot be proven: ${gaps[0]}`);
      }
    }
    if (round === 0) {
      for (const s of candidates.keys()) if (!exercised.has(s) && !drop.has(s)) drop.set(s, `\0${VACUOUS}`);
    }
    if (!drop.size) break;
    for (const [s, why] of drop) {
      candidates.delete(s);
      const orig = beforeOf.get(keyOf(s))!;
      verdicts.set(keyOf(s), { status: 'refused', scope: orig, reason: why.startsWith('\0') ? why.slice(1) : `the rewrite would change an outcome: ${why}` });
    }
    contexts = contextsOf([...drop.keys()], after0);
    after = withItems(after0, candidates);
  }
  for (const s of candidates.keys()) {
    const orig = beforeOf.get(keyOf(s))!;
    const file = project.byPath.get(orig.path)?.ast;
    const body = orig.node ? orig.node.children : file?.children ?? [];
    const original = file ? currentAccessText(file, body, live) : [];
    verdicts.set(keyOf(s), { status: 'rewrite', scope: orig, lines: lines.get(s)!, original });
  }
  if (!mixed) {
    const refused = [...verdicts].filter(([, v]) => v.status === 'refused');
    if (refused.length) {
      const changes = compatChanges(before, after, refused.map(([k]) => k), keyOf, contextsOf(refused.map(([, v]) => v.scope), after0));
      for (const [k, v] of verdicts) if (v.status === 'refused') v.compat = changes.get(k) ?? null;
    }
  }
  const byFile = new Map<string, Verdict[]>();
  for (const v of verdicts.values()) {
    const list = byFile.get(v.scope.path);
    if (list) list.push(v); else byFile.set(v.scope.path, [v]);
  }
  return { verdicts, before, after, mixed, live, byFile };
}

const VACUOUS = 'every request this section applies to is answered 500 (or not at all) before the rewrite, so no request shows what its lines do and the rewrite cannot be proven; fix that error first';

const V24_ONLY = new Set(['all', 'ip', 'host', 'env', 'local', 'method', 'expr', 'dbm-group', 'dbm-file-group', 'forward-dns']);

/** A tree whose live 2.2 reading already holds 2.4-only access syntax (hand-migrated in part). */
export function isMixed(before: Model): boolean {
  const bad = /Invalid command '<?(RequireAll|RequireAny|RequireNone|AuthMerging)/i;
  if (before.errors.some((e) => bad.test(e))) return true;
  return before.scopes.some((s) => s.errors.some((e) => bad.test(e))
    || s.items.some((i) => i.k === 'require' && V24_ONLY.has((i.words[0] === 'not' ? i.words[1] ?? '' : i.words[0] ?? '').toLowerCase())));
}

export const UNIT_INDENT = UNIT;

const DIR_PHASE = new Set(['directory', 'directorymatch', 'htaccess', 'files', 'filesmatch', 'proxy']);

/** A hint when the request meets access lines in both file-system and URL sections (semantics §4.5). */
function mixedKinds(before: Model, r: Request): string {
  const scopes = applicableScopes(before, r).filter((s) => s.items.some(isAccessItem));
  const dir = scopes.some((s) => DIR_PHASE.has(s.kind));
  const loc = scopes.some((s) => !DIR_PHASE.has(s.kind));
  return dir && loc
    ? '; 2.2 combined the host rules and Satisfy of the file-system sections with the Require of the <Location> sections, and a 2.4 tree in one section replaces the other\'s, so no per-section translation exists'
    : '';
}

const originals = new WeakMap<Scope, Scope>();
function originalOf(s: Scope): Scope {
  return originals.get(s) ?? s;
}

/** A copy of the model with the given scopes' items replaced (and their start-up errors gone with the old lines). */
export function withItems(model: Model, items: ReadonlyMap<Scope, Item[]>): Model {
  const map = new Map<Scope, Scope>();
  const scopes = model.scopes.map((s) => {
    const it = items.get(s);
    if (!it) return s;
    const copy: Scope = { ...s, items: it, errors: [] };
    originals.set(copy, s);
    map.set(s, copy);
    return copy;
  });
  return { ...model, scopes };
}

/** The contexts a set of scopes can affect: their virtual hosts, or all when one is in the main server. */
export function contextsOf(scopes: readonly Scope[], model: Model): string[] {
  if (scopes.some((s) => s.vhost === '')) return ['', ...model.vhosts];
  return [...new Set(scopes.map((s) => s.vhost))];
}
