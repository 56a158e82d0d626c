/** One section's translation from its merged state (or why there is none), shared by the pure and the mixed candidates. */
import { dirCovers, htaccessOf, type Merged, mergeUncached, readInContext, vhostsNaming } from '../decide/index.js';
import { ownRequest } from '../compare/index.js';
import type { Model, Request, Scope } from '../model/index.js';
import { cacheSlot } from '../../project/run-cache.js';
import { unevaluableRegex } from '../compare/index.js';
import { translateState, Untranslatable } from './translate.js';

/**
 * Why a section's merged state says nothing about the section itself: its .htaccess is
 * ignored, or httpd answers 500 before reading it. A translation from such a state would
 * drop the section's own lines (a `Deny from all` read as nothing at all), and every
 * request it applies to answers the same either way, so no proof could catch it.
 */
export function unreadReason(m: Merged, s: Scope): string | null {
  if (s.kind !== 'htaccess' && !htaccessOf(s)) return null;
  if (m.fail) return `httpd answers 500 to every request this section applies to (${m.fail}), so no request shows what its lines do and the rewrite cannot be proven; fix that error first`;
  if (!m.scopes.includes(s)) return NEVER_READ;
  return null;
}

/** The reason for a section of a .htaccess httpd ignores (AllowOverride None): its lines have no effect, before or after. */
export const NEVER_READ = 'httpd does not read this section (the .htaccess holding it is ignored), so no request shows what its lines do and the rewrite cannot be proven';

/** The reason for a section of an access file no context reads: no AccessFileName in force names it ahead of another one there. */
export const NOT_NAMED = 'httpd does not read this section (no AccessFileName in force names the file holding it ahead of another file in its directory), so no request shows what its lines do and the rewrite cannot be proven';

/** The indentation unit used for nested Require containers. */
export const UNIT_INDENT = '    ';

/** Why no request shows what a section does: its regex is one this tool cannot evaluate, or no path matches it. */
export function noRequestReason(s: Scope): string {
  const why = s.unevaluable ? unevaluableRegex(s, s.kind) : `no request path matches <${s.kind} ${s.pattern}>`;
  return `${why}, so its rewrite cannot be proven`;
}

/** Why a section whose access lines are partly in a file an Include inside it reads is not rewritten, or null. */
export function includedLinesReason(s: Scope): string | null {
  if (s.includedLinesFrom === undefined) return null;
  return `an Include inside it reads access lines from ${s.includedLinesFrom}, which httpd merges with the section's own; a rewrite of this section alone would leave those as they are, so migrate both by hand, together`;
}

const VHOST_OVERRIDES = cacheSlot('virtual hosts\' <Directory> sections setting AllowOverride, per model', () => new WeakMap<Model, { byPath: Map<string, Set<string>>; wild: Scope[] }>());

/** The virtual hosts with a <Directory> of their own that sets AllowOverride for a directory (or above it). */
function vhostsOverriding(model: Model, dir: string): string[] {
  const byModel = model.cache.get(VHOST_OVERRIDES);
  let index = byModel.get(model);
  if (!index) {
    index = { byPath: new Map(), wild: [] };
    for (const s of model.scopes) {
      if (s.kind !== 'directory' || s.vhost === '' || !s.items.some((i) => i.k === 'set' && i.key === 'allowoverride')) continue;
      if (/[*?[]/.test(s.pattern)) { index.wild.push(s); continue; }
      const set = index.byPath.get(s.pattern) ?? new Set<string>();
      set.add(s.vhost);
      index.byPath.set(s.pattern, set);
    }
    byModel.set(model, index);
  }
  const out = new Set<string>();
  for (let d = dir; ; d = d.slice(0, Math.max(d.lastIndexOf('/'), 1))) {
    for (const v of index.byPath.get(d) ?? []) out.add(v);
    if (d === '/') break;
  }
  for (const s of index.wild) if (dirCovers(model.cache, s.pattern, dir)) out.add(s.vhost);
  return [...out];
}

/**
 * The request that shows a section, its merged state, and why that state says nothing about the
 * section (unreadReason), if it does not: in the section's own context, or, for a .htaccess the
 * main server never reads, in a virtual host that does: one whose own <Directory> lets httpd open
 * it (the main server's is a stock <Directory /> AllowOverride None), or whose own AccessFileName
 * names it. A host that reads it cleanly is preferred; one where httpd opens it and answers 500
 * still shows that (that error is the finding, not "never read").
 */
export function ownState(model: Model, s: Scope): { req: Request; m: Merged; unread: string | null } | null {
  const req = ownRequest(model, s);
  if (!req) return null;
  const m = mergeUncached(model, req, s);
  const unread = unreadReason(m, s);
  const home = s.kind === 'htaccess' ? s : htaccessOf(s);
  if (s.vhost !== '' || !home || unread !== NEVER_READ) return { req, m, unread };
  const named = readInContext(model, '', home);
  const naming = named ? [] : vhostsNaming(model, home);
  const hosts = new Set([...vhostsOverriding(model, home.pattern), ...naming]);
  let failing: { req: Request; m: Merged; unread: string | null } | null = null;
  for (const vhost of hosts) {
    const r = ownRequest(model, { ...s, vhost });
    const read = r && mergeUncached(model, r, s);
    if (!r || !read) continue;
    const why = unreadReason(read, s);
    if (why === null) return { req: r, m: read, unread: null };
    if (!failing && read.failed.includes(home)) failing = { req: r, m: read, unread: why };
  }
  if (failing) return failing;
  return { req, m, unread: named || naming.length ? NEVER_READ : NOT_NAMED };
}

/** Why a section with an access line that holds a `${NAME}` is not rewritten, or null. */
export function variableLinesReason(s: Scope): string | null {
  if (s.variableLine === undefined) return null;
  return `its line \`${s.variableLine}\` takes a value from a variable, which httpd replaces when it starts, so what the section allows is known only then and no rewrite can be proven`;
}

/** Translates one section, or says why it cannot be (`untranslatable`: it is read, and 2.4 has no lines for its 2.2 state). */
export function translateScope(before: Model, s: Scope): { lines: string[] } | { reason: string; untranslatable?: true } {
  const variable = variableLinesReason(s);
  if (variable) return { reason: variable };
  if (s.errors.length) return { reason: `httpd 2.2 itself rejects this section (${s.errors[0]})` };
  const included = includedLinesReason(s);
  if (included) return { reason: included };
  const own = ownState(before, s);
  if (!own) return { reason: noRequestReason(s) };
  const { m, unread } = own;
  if (unread) return { reason: unread };
  try {
    return { lines: translateState(before, m, UNIT_INDENT) };
  } catch (e) {
    if (e instanceof Untranslatable) return { reason: e.message, untranslatable: true };
    throw e;
  }
}
