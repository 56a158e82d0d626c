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

/** The module a directive's value needs, with what 2.4 says without it; null when the value needs none (or an unknown one). */
export function providerModule(lname: string, args: readonly string[]): { module: string; error: string; when: 'start-up' | 'request' } | null {
  const first = (args[0] ?? '').toLowerCase();
  if (lname === 'require') {
    const word = first === 'not' ? (args[1] ?? '').toLowerCase() : first;
    const module = REQUIRE_PROVIDER_MODULE[word];
    return module ? { module, error: `Unknown Authz provider: ${word}`, when: 'start-up' } : null;
  }
  if (lname === 'authtype') {
    const module = AUTH_TYPE_MODULE[first];
    return module ? { module, error: `AuthType ${args[0]} configured without corresponding module`, when: 'request' } : null;
  }
  if (lname === 'dav') {
    const module = DAV_PROVIDER_MODULE[first];
    return module ? { module, error: 'Unknown DAV provider: filesystem', when: 'start-up' } : null;
  }
  return null;
}
