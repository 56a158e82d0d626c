/**
 * Modules that a directive needs for what its arguments name rather than for the directive itself:
 * the providers other modules register (semantics §3.1). Without the module httpd 2.4 knows the
 * directive and still refuses the value: `Require valid-user` without mod_authz_user stops it with
 * "Unknown Authz provider: valid-user", `Dav On` without mod_dav_fs with "Unknown DAV provider:
 * filesystem" (both at start-up, checked on 2.4.71), and `AuthType Basic` without mod_auth_basic makes
 * every request there answer 500 ("AuthType Basic configured without corresponding module").
 */
import { REQUIRE_PROVIDER_MODULE } from './access-directives.js';

/** `AuthType` values and the module that implements each (2.2's too: auth_basic, auth_digest). */
export const AUTH_TYPE_MODULE: Readonly<Record<string, string>> = { basic: 'auth_basic', digest: 'auth_digest' };

/** `Dav` values and the module that registers each provider: `On` is mod_dav_fs's `filesystem`. */
export const DAV_PROVIDER_MODULE: Readonly<Record<string, string>> = { on: 'dav_fs', filesystem: 'dav_fs' };

/**
 * URL schemes of mod_proxy and the module that handles each. mod_proxy alone knows ProxyPass and
 * answers every request for a URL no loaded module handles with 500 (AH01144 "No protocol handler
 * was valid for the URL", tested on 2.4.71).
 */
export const PROXY_SCHEME_MODULE: Readonly<Record<string, string>> = {
  http: 'proxy_http', https: 'proxy_http', ajp: 'proxy_ajp', ftp: 'proxy_ftp', balancer: 'proxy_balancer',
  fcgi: 'proxy_fcgi', scgi: 'proxy_scgi', ws: 'proxy_wstunnel', wss: 'proxy_wstunnel',
};

const URL = (a: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(a);

/** Directives whose URL argument mod_proxy forwards requests to (BalancerMember: see proxiedUrlIndex). */
const PROXY_TARGETS: ReadonlySet<string> = new Set(['proxypass', 'proxypassmatch']);

/** A RewriteRule flag list that proxies (`[P]`, `[L,P]`, `[proxy]`). */
const PROXY_FLAG = /^\[(?:[^\]]*,)?\s*(?:p|proxy)\s*(?:,[^\]]*)?\]$/i;

/**
 * Where a directive names the URL mod_proxy forwards requests to: ProxyPass/ProxyPassMatch's and
 * BalancerMember's URL argument, or the substitution of a `RewriteRule … [P]`; -1 when none.
 */
export function proxiedUrlIndex(lname: string, args: readonly string[]): number {
  // BalancerMember's URL is its last word (a balancer name may come first).
  if (lname === 'balancermember') {
    const last = [...args].reverse().findIndex(URL);
    return last < 0 ? -1 : args.length - 1 - last;
  }
  if (PROXY_TARGETS.has(lname)) return args.findIndex(URL);
  return lname === 'rewriterule' && args.length >= 3 && PROXY_FLAG.test(args[2]!) ? 1 : -1;
}

/** The module a proxied URL needs, and the words of its line up to the URL (for the message). */
function proxyTarget(lname: string, args: readonly string[]): { module: string; shown: number; scheme: string } | null {
  const at = proxiedUrlIndex(lname, args);
  const scheme = at >= 0 ? /^([a-z][a-z0-9+.-]*):\/\//i.exec(args[at]!)?.[1]?.toLowerCase() : undefined;
  const module = scheme ? PROXY_SCHEME_MODULE[scheme] : undefined;
  return module && scheme ? { module, shown: at + 1, scheme } : null;
}

/**
 * The module a directive's value needs, with what 2.4 says without it and how many of its words
 * show the value (`shown`); null when the value needs none (or an unknown one).
 */
export function providerModule(lname: string, args: readonly string[]): { module: string; error: string; when: 'start-up' | 'request'; shown: number } | null {
  const proxied = proxyTarget(lname, args);
  if (proxied) return { module: proxied.module, error: `No protocol handler was valid for the URL … (scheme '${proxied.scheme}')`, when: 'request', shown: proxied.shown };
  const first = (args[0] ?? '').toLowerCase();
  if (lname === 'require') {
    const word = first === 'not' ? (args[1] ?? '').toLowerCase() : first;
    const module = REQUIRE_PROVIDER_MODULE[word];
    return module ? { module, error: `Unknown Authz provider: ${word}`, when: 'start-up', shown: first === 'not' ? 2 : 1 } : null;
  }
  if (lname === 'authtype') {
    const module = AUTH_TYPE_MODULE[first];
    return module ? { module, error: `AuthType ${args[0]} configured without corresponding module`, when: 'request', shown: 1 } : null;
  }
  if (lname === 'dav') {
    const module = DAV_PROVIDER_MODULE[first];
    return module ? { module, error: 'Unknown DAV provider: filesystem', when: 'start-up', shown: 1 } : null;
  }
  return null;
}
