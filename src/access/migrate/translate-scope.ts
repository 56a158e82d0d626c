/** One section's translation from its merged state (or why there is none), shared by the pure and the mixed candidates. */
import { dirCovers, htaccessOf, type Merged, mergeUncached } from '../decide/index.js';
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
 * The request that shows a section, and its merged state: in the section's own context, or, for a
 * .htaccess the main server never reads (a stock <Directory /> AllowOverride None), in a virtual host
 * whose own <Directory> lets httpd read it there.
 */
export function ownState(model: Model, s: Scope): { req: Request; m: Merged } | null {
  const req = ownRequest(model, s);
  if (!req) return null;
  const m = mergeUncached(model, req, s);
  const home = s.kind === 'htaccess' ? s : htaccessOf(s);
  if (s.vhost !== '' || !home || unreadReason(m, s) !== NEVER_READ) return { req, m };
  for (const vhost of vhostsOverriding(model, home.pattern)) {
    const r = ownRequest(model, { ...s, vhost });
    const read = r && mergeUncached(model, r, s);
    if (r && read && unreadReason(read, s) === null) return { req: r, m: read };
  }
  return { req, m };
}

/** Translates one section, or says why it cannot be. */
export function translateScope(before: Model, s: Scope): { lines: string[] } | { reason: string } {
  if (s.errors.length) return { reason: `httpd 2.2 itself rejects this section (${s.errors[0]})` };
  const included = includedLinesReason(s);
  if (included) return { reason: included };
  const own = ownState(before, s);
  if (!own) return { reason: noRequestReason(s) };
  const { m } = own;
  const unread = unreadReason(m, s);
  if (unread) return { reason: unread };
  try {
    return { lines: translateState(before, m, UNIT_INDENT) };
  } catch (e) {
    if (e instanceof Untranslatable) return { reason: e.message };
    throw e;
  }
}
