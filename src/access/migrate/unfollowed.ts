/**
 * Rewrites the prover cannot check because a URL-to-file mapping it does not follow (AliasMatch,
 * ScriptAliasMatch, UserDir, ProxyPass, a server-level RewriteRule, AcceptPathInfo On: see
 * src/apache/url-mappings.ts) may bring a <Location> and a file-system section onto one request.
 * 2.2 combined such sections' access lines; in 2.4 the Require of one replaces the other's
 * (semantics §2.1, §3.5, §4.5). The probes map URLs through DocumentRoot and literal Aliases only,
 * so they would never show that pair meeting: such a section's rewrite is refused when a mapping in
 * force where it applies can join it with a section of the other kind that has access lines (by the
 * literal beginnings of the mapping's URLs and targets and of the two sections' patterns).
 */
import type { Project } from '../../project/project.js';
import { placer } from './place.js';
import { isAccessItem, type Model, type Scope, servedContexts, unfollowedIn, type UnfollowedMapping } from '../model/index.js';
import { PROXIED, regexLiteralPrefix, wildcardLiteralPrefix } from '../../apache/url-mappings.js';

const URL_KINDS: ReadonlySet<string> = new Set(['location', 'locationmatch']);

/** A section that applies to every URL (or every file) whatever the mapping: the probes already meet it with every other one. */
const universal = (s: Scope) => (s.kind === 'location' || s.kind === 'directory') && !s.regex && s.pattern === '/';

/**
 * The literal beginning of what a section matches: the URL for a <Location>, the path for a
 * file-system section ('' when it may be anything: a <Files> outside any <Directory>; PROXIED
 * for a <Proxy>, which meets proxied requests only).
 */
function reachOf(s: Scope): string {
  if (s.kind === 'proxy') return PROXIED;
  if (s.kind === 'files' || s.kind === 'filesmatch') return s.within ? reachOf(s.within) : '';
  return s.regex ? regexLiteralPrefix(s.pattern) : wildcardLiteralPrefix(s.pattern);
}

/** Whether two literal beginnings can describe one string ('' stands for anything). */
const overlap = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

/** Whether a mapping can bring a URL section and a file-system section onto one request. */
function joins(m: UnfollowedMapping, url: Scope, fs: Scope): boolean {
  const target = reachOf(fs);
  const proxied = target === PROXIED || m.target === PROXIED;
  return overlap(reachOf(url), m.url) && (m.target === '' ? target !== PROXIED : proxied ? target === m.target : overlap(target, m.target));
}

/**
 * The candidates (sections of `model`, or copies with the same key) whose rewrite is refused, with
 * why: a mapping in force where the section applies can bring it and a section of the other kind
 * with access lines onto one request. `model`: the reading whose access lines are the original ones.
 */
export function unfollowedRefusals(project: Project, model: Model, candidates: Iterable<Scope>): Map<Scope, string> {
  const out = new Map<Scope, string>();
  if (![...model.unfollowed?.values() ?? []].some((list) => list.length)) return out;
  // The sections with access lines of each context, by kind.
  const byContext = new Map<string, { url: Scope[]; fs: Scope[] }>();
  for (const s of model.scopes) {
    if (universal(s) || !s.items.some(isAccessItem)) continue;
    let kinds = byContext.get(s.vhost);
    if (!kinds) byContext.set(s.vhost, (kinds = { url: [], fs: [] }));
    (URL_KINDS.has(s.kind) ? kinds.url : kinds.fs).push(s);
  }
  const where = placer(project);
  const label = (s: Scope): string => s.node
    ? `<${s.node.name} ${s.node.args.map((a) => a.value).join(' ')}> (${where(s.path, s.node.open.contentStart)})`
    : `the ${project.byPath.get(s.path)?.display ?? s.path} file`;
  for (const s of candidates) {
    if (universal(s)) continue;
    const isUrl = URL_KINDS.has(s.kind);
    // The contexts where the section applies: its own, or every one a request reaches for a main-server section.
    for (const vhost of s.vhost === '' ? servedContexts([model]) : [s.vhost]) {
      // The other kind's sections of the context, then the main server's (not copied into one list: a
      // main-server candidate is asked about in every context).
      const side = isUrl ? 'fs' : 'url';
      const own = byContext.get(vhost)?.[side] ?? [];
      const main = vhost === '' ? [] : byContext.get('')?.[side] ?? [];
      let found: { m: UnfollowedMapping; loc: Scope; fs: Scope } | undefined;
      for (const m of unfollowedIn(model, vhost)) {
        const pairs = (o: Scope) => (isUrl ? joins(m, s, o) : joins(m, o, s));
        const other = own.find(pairs) ?? main.find(pairs);
        if (other) { found = { m, loc: isUrl ? s : other, fs: isUrl ? other : s }; break; }
      }
      if (!found) continue;
      out.set(s, `${found.m.name} at ${where(found.m.path, found.m.offset)} maps URLs to files in a way the proof does not follow, `
        + `and ${label(found.loc)} and ${label(found.fs)} could then apply to one request; 2.2 combined their access lines, and in 2.4 the Require of one replaces the other's, `
        + 'so the rewrite cannot be proven: migrate these sections together by hand (a Require in each that keeps both conditions)');
      break;
    }
  }
  return out;
}
