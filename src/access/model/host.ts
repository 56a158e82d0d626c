/** Host-name matching for `Allow from <name>` and `Require host` (mod_authz_host in_domain, semantics §2.3). */
import { asciiLower } from '../../parse/words.js';

/**
 * in_domain(domain, what): a suffix match on whole labels, blind to the case of ASCII letters only
 * (apr_tolower in the C locale: `hôte` keeps its ô, one byte of Latin-1 text at a time).
 * `example.org` matches `example.org` and `www.example.org`, not `badexample.org`;
 * `.example.org` matches sub-domains only.
 */
export function inDomain(domain: string, what: string): boolean {
  const d = asciiLower(domain);
  const w = asciiLower(what);
  const dl = d.length;
  const wl = w.length;
  if (wl < dl) return false;
  if (!w.endsWith(d)) return false;
  if (wl === dl) return true;
  return d.startsWith('.') || w[wl - dl - 1] === '.';
}
