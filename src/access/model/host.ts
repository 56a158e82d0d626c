/** Host-name matching for `Allow from <name>` and `Require host` (mod_authz_host in_domain, semantics §2.3). */

/**
 * in_domain(domain, what): a case-insensitive suffix match on whole labels.
 * `example.org` matches `example.org` and `www.example.org`, not `badexample.org`;
 * `.example.org` matches sub-domains only.
 */
export function inDomain(domain: string, what: string): boolean {
  const d = lower(domain);
  const w = lower(what);
  const dl = d.length;
  const wl = w.length;
  if (wl < dl) return false;
  if (!w.endsWith(d)) return false;
  if (wl === dl) return true;
  return d.startsWith('.') || w[wl - dl - 1] === '.';
}

const UPPER = /[A-Z]/; // not a literal in lower(): that would make a RegExp object per call

function lower(s: string): string {
  return UPPER.test(s) ? s.toLowerCase() : s;
}
