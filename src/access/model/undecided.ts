/**
 * What the deciders cannot answer: access lines inside `<If>`, `<ElseIf>` and `<Else>`, whose
 * condition httpd evaluates per request (an ap_expr over headers, variables, time…), and the 2.4
 * Require providers decide24 does not model (`expr`, `ssl`, `ssl-verify-client`; `ldap-*` and
 * `file-owner` are opaque properties of the user, user-predicates.ts). A request that meets
 * either is neither compared nor proven: the comparison lists it as a gap (compare/partition.ts).
 */
import type { AuthzNode } from './model.js';
import { USER_PREDICATES } from './user-predicates.js';

/**
 * The 2.4 Require providers decide24 answers (src/access/decide/access24.ts `provider`); any other leaves the request undecided.
 * Not `forward-dns`: it grants a client whose address is among the A records of the name, whatever the
 * client's reverse name (checked on 2.4.71), which no request of the model (address, double-reverse name) says.
 */
export const MODELLED_PROVIDERS: ReadonlySet<string> = new Set([
  'all', 'env', 'method', 'ip', 'local', 'host', 'valid-user', 'user', 'group', 'dbm-group', ...USER_PREDICATES,
]);

/** The sections whose body applies only when a per-request condition holds. */
export const PER_REQUEST_SECTIONS: ReadonlySet<string> = new Set(['if', 'elseif', 'else']);

/** The first provider of a Require tree the deciders do not model, or null. */
export function unmodelledProvider(n: AuthzNode): string | null {
  if (n.kind === 'provider') return MODELLED_PROVIDERS.has(n.name) ? null : n.name;
  for (const c of n.children) {
    const p = unmodelledProvider(c);
    if (p !== null) return p;
  }
  return null;
}

/** Why a section's requests are not decided: access lines inside `<If …>` (its name as written) at `where` (file:line). */
export function conditionalReason(sectionName: string, where: string): string {
  return `the access lines inside <${sectionName}> at ${where} (this tool does not evaluate <If>, <ElseIf> and <Else> conditions)`;
}

/** Why a section's requests are not decided: a `Require <provider>` line at `where` (file:line). */
export function providerReason(provider: string, where: string): string {
  return `"Require ${provider}" at ${where} (this tool does not model the ${provider} provider)`;
}

/** The gap a comparison reports for the requests that meet an undecided section, such as `GET /e/f.html`. */
export function undecidedGap(reason: string, example: string): string {
  return `the requests that meet ${reason} are not decided (${example} and the like)`;
}
