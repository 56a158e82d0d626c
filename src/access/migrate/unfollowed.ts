/**
 * Rewrites the prover cannot check because a URL-to-file mapping it does not follow (AliasMatch,
 * ScriptAliasMatch, UserDir, ProxyPass, a server-level RewriteRule, AcceptPathInfo On: see
 * src/apache/url-mappings.ts) may bring a <Location> and a file-system section onto one request.
 * 2.2 combined such sections' access lines; in 2.4 the Require of one replaces the other's
 * (semantics §2.1, §3.5, §4.5). The probes map URLs through DocumentRoot and literal Aliases only,
 * so they would never show that pair meeting: such a section's rewrite is refused, unless the
 * context holds no access lines in a section of the other kind. Decided once per context.
 */
import type { Project } from '../../project/project.js';
import { LineCounter } from '../../parse/line-counter.js';
import { isAccessItem, type Model, type Scope, type UnfollowedMapping } from '../model/index.js';

const URL_KINDS: ReadonlySet<string> = new Set(['location', 'locationmatch']);

/** A section that applies to every URL (or every file) whatever the mapping: the probes already meet it with every other one. */
const universal = (s: Scope) => (s.kind === 'location' || s.kind === 'directory') && !s.regex && s.pattern === '/';

interface Pair { url?: Scope; fs?: Scope }

/** The first section with access lines of each kind in each context's own sections (not the main server's). */
function firstOfKinds(model: Model): Map<string, Pair> {
  const out = new Map<string, Pair>();
  for (const s of model.scopes) {
    if (universal(s) || !s.items.some(isAccessItem)) continue;
    const p = out.get(s.vhost) ?? {};
    if (URL_KINDS.has(s.kind)) p.url ??= s; else p.fs ??= s;
    out.set(s.vhost, p);
  }
  return out;
}

/** The mappings in force in a context: its own, then the main server's it inherits. */
function mappingsOf(model: Model, vhost: string): UnfollowedMapping[] {
  const own = model.unfollowed?.get(vhost) ?? [];
  if (vhost === '') return own;
  return [...own, ...(model.unfollowed?.get('') ?? []).filter((m) => m.inherited)];
}

/**
 * The candidates (sections of `model`, or copies with the same key) whose rewrite is refused, with
 * why. `model`: the reading whose access lines are the original ones.
 */
export function unfollowedRefusals(project: Project, model: Model, candidates: Iterable<Scope>): Map<Scope, string> {
  const out = new Map<Scope, string>();
  if (!model.unfollowed?.size) return out;
  const kinds = firstOfKinds(model);
  const main = kinds.get('') ?? {};
  // For each context with a mapping: the mapping and the pair's sections (own first, else the main server's).
  const mapped: { mapping: UnfollowedMapping; url?: Scope; fs?: Scope; vhost: string }[] = [];
  for (const vhost of ['', ...model.vhosts]) {
    const m = mappingsOf(model, vhost)[0];
    if (!m) continue;
    const own = vhost === '' ? {} : kinds.get(vhost) ?? {};
    mapped.push({ mapping: m, url: own.url ?? main.url, fs: own.fs ?? main.fs, vhost });
  }
  if (!mapped.length) return out;
  const byVhost = new Map(mapped.map((c) => [c.vhost, c]));
  // A main-server section applies in every context: the first one with a mapping and a section of the other kind.
  const mainUrl = mapped.find((c) => c.fs);
  const mainFs = mapped.find((c) => c.url);
  const lines = new Map<string, LineCounter>();
  const where = (path: string, offset: number): string => {
    const file = project.byPath.get(path);
    if (!file) return path;
    let lc = lines.get(path);
    if (!lc) { lc = new LineCounter(file.ast.text); lines.set(path, lc); }
    return `${file.display}:${lc.position(offset).line}`;
  };
  const label = (s: Scope): string => s.node
    ? `<${s.node.name} ${s.node.args.map((a) => a.value).join(' ')}> (${where(s.path, s.node.open.contentStart)})`
    : `the ${project.byPath.get(s.path)?.display ?? s.path} file`;
  for (const s of candidates) {
    if (universal(s)) continue;
    const isUrl = URL_KINDS.has(s.kind);
    const ctx = s.vhost === '' ? (isUrl ? mainUrl : mainFs) : byVhost.get(s.vhost);
    const other = ctx && (isUrl ? ctx.fs : ctx.url);
    if (!ctx || !other) continue;
    const [loc, fs] = isUrl ? [s, other] : [other, s];
    out.set(s, `${ctx.mapping.name} at ${where(ctx.mapping.path, ctx.mapping.offset)} maps URLs to files in a way the proof does not follow, `
      + `and ${label(loc)} and ${label(fs)} could then apply to one request; 2.2 combined their access lines, and in 2.4 the Require of one replaces the other's, `
      + 'so the rewrite cannot be proven: migrate these sections together by hand (a Require in each that keeps both conditions)');
  }
  return out;
}
