/**
 * Require lines whose answer depends on who the user is in a way no configuration file says: an
 * LDAP directory (`ldap-group cn=staff`), the owner or group of the file (`file-owner`), a database
 * (`dbd-group`). Each distinct line is an opaque property that an authenticated user has or lacks;
 * the representative credentials take every combination (compare/partition.ts), and both versions
 * read the same line as the same property, so two trees that agree on all of them agree whatever the
 * directory holds. Without a user such a line answers as `Require user` does (AUTHZ_DENIED_NO_USER
 * in 2.4).
 */

/** The Require words (2.2) and providers (2.4) decided by an opaque property of the user. */
export const USER_PREDICATES: ReadonlySet<string> = new Set([
  'ldap-user', 'ldap-group', 'ldap-dn', 'ldap-attribute', 'ldap-filter', 'file-owner', 'file-group', 'dbd-group', 'dbm-file-group',
]);

/** The property a Require line names: its provider (lower case) and words, as written after `Require`. */
export function predicateKey(name: string, args: readonly string[]): string {
  return [name.toLowerCase(), ...args].join(' ');
}
