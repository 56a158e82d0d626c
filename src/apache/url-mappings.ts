/**
 * Directives that map a URL to a file (or to a proxied resource) otherwise than DocumentRoot and a
 * literal Alias/ScriptAlias do: the access prover (src/access/compare/probes.ts urlMapping) does
 * not follow them, so it cannot tell which <Location> and which file-system section meet on one
 * request through them (semantics §4.5).
 */
import type { Directive } from '../ast/nodes.js';

/** Rewrite flags that end a rule without mapping the URL to a file (redirect, forbidden, gone). */
const NO_MAPPING_FLAG = /^(r|redirect)(=|$)|^(f|forbidden|g|gone)$/i;

/** How a RewriteRule in server or virtual-host context maps the URL, or null when it maps nothing. */
function rewriteMapping(d: Directive): string | null {
  const subst = d.args[1]?.value;
  if (subst === undefined || subst === '-') return null;
  // A full URL redirects (or, with [P], proxies: a mapping the proof does not follow either).
  const flags = (d.args[2]?.value ?? '').replace(/^\[|\]$/g, '').split(',').map((f) => f.trim());
  if (flags.some((f) => /^(p|proxy)$/i.test(f))) return 'RewriteRule [P]';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(subst) || flags.some((f) => NO_MAPPING_FLAG.test(f))) return null;
  return 'RewriteRule';
}

/**
 * The name of the mapping a server-configuration directive sets up that the prover does not follow
 * (`AliasMatch`, `ProxyPass`, `RewriteRule [P]`…), or null. `inSection`: the line stands inside a
 * per-directory section (a RewriteRule there makes an internal redirect, mapped afresh).
 */
export function unfollowedMapping(d: Directive, inSection: boolean): string | null {
  switch (d.lname) {
    case 'aliasmatch': case 'scriptaliasmatch':
      return d.args.length >= 2 ? d.name : null;
    case 'userdir': {
      // `UserDir disabled` (with or without names) turns it off; anything else maps /~user.
      const first = d.args[0]?.value.toLowerCase();
      return first === undefined || (first === 'disabled' && d.args.length === 1) ? null : d.name;
    }
    case 'proxypass': case 'proxypassmatch': {
      const target = d.args[inSection ? 0 : 1]?.value;
      return target === undefined || target === '!' ? null : d.name;
    }
    case 'rewriterule':
      return inSection ? null : rewriteMapping(d);
    case 'acceptpathinfo':
      // A URL with path info reaches the file before it: /index.php/admin is index.php.
      return d.args[0]?.value.toLowerCase() === 'on' ? `${d.name} On` : null;
    default:
      return null;
  }
}

/** Whether a main-server mapping applies in the virtual hosts too (mod_rewrite's rules do not, without RewriteOptions Inherit). */
export function inheritedByVirtualHosts(name: string): boolean {
  return !name.startsWith('RewriteRule');
}
