/**
 * The access-control directives of httpd by what they are (semantics §2, §3), named once for every
 * reader: the access evaluator, the rules, the explanations. Lower-case names.
 */
import { directivesOfModule } from './directive-table.js';

/** 2.2's host-based access directives (mod_authz_host in 2.2): what `AllowOverride Limit` and `<Limit>` govern. */
export const HOST_ACCESS: ReadonlySet<string> = new Set(['order', 'allow', 'deny']);

/** The 2.2 access directives 2.4 keeps only in mod_access_compat: Order, Allow, Deny, Satisfy (from the directive table). */
export const COMPAT_ACCESS: ReadonlySet<string> = new Set(directivesOfModule('access_compat').map((n) => n.toLowerCase()));

/** The directives that decide who gets in, in either version: the compat ones and Require. */
export const ACCESS_DIRECTIVES: ReadonlySet<string> = new Set([...COMPAT_ACCESS, 'require']);

/** The Authz*Authoritative and Auth*DefaultAuthoritative switches of 2.2, gone in 2.4 (semantics §3.2). */
export const AUTHORITATIVE: ReadonlySet<string> = new Set([
  'authzuserauthoritative', 'authzgroupfileauthoritative', 'authzdbmauthoritative', 'authzownerauthoritative',
  'authzdefaultauthoritative', 'authzldapauthoritative', 'authdefaultauthoritative', 'authzdbdauthoritative',
]);

/**
 * A line that takes part in an access decision as the migration rewrites it: an access directive,
 * AuthMerging, or any Authz…Authoritative switch (third-party modules' too).
 */
export function isAccessLine(lname: string): boolean {
  return ACCESS_DIRECTIVES.has(lname) || lname === 'authmerging' || /^authz\w*authoritative$/.test(lname);
}

/** 2.4 `Require` providers and the module that registers each. */
export const REQUIRE_PROVIDER_MODULE: Readonly<Record<string, string>> = {
  all: 'authz_core', env: 'authz_core', method: 'authz_core', expr: 'authz_core',
  ip: 'authz_host', host: 'authz_host', local: 'authz_host', 'forward-dns': 'authz_host',
  user: 'authz_user', 'valid-user': 'authz_user', group: 'authz_groupfile', 'file-group': 'authz_groupfile',
  'file-owner': 'authz_owner', 'dbm-group': 'authz_dbm', 'dbm-file-group': 'authz_dbm', 'dbd-group': 'authz_dbd',
  'ldap-user': 'authnz_ldap', 'ldap-group': 'authnz_ldap', 'ldap-dn': 'authnz_ldap', 'ldap-attribute': 'authnz_ldap',
  'ldap-filter': 'authnz_ldap', ssl: 'ssl', 'ssl-verify-client': 'ssl',
};

/**
 * The methods httpd 2.4 knows from start-up (ap_method_registry_init, and HEAD as GET). A
 * configuration file's <Limit> registers any other name; a .htaccess file's cannot, and httpd answers
 * 500 there ("Could not register method 'PURGE' for <Limit from .htaccess configuration"). Names are
 * case-sensitive: `get` is another method. Checked on the real 2.4 (PURGE, get and INVALID give 500).
 */
export const REGISTERED_METHODS: ReadonlySet<string> = new Set([
  'GET', 'HEAD', 'PUT', 'POST', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH', 'PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE',
  'LOCK', 'UNLOCK', 'VERSION-CONTROL', 'CHECKOUT', 'UNCHECKOUT', 'CHECKIN', 'UPDATE', 'LABEL', 'REPORT', 'MKWORKSPACE',
  'MKACTIVITY', 'BASELINE-CONTROL', 'MERGE',
]);

/** The method a name stands for in a method mask (`<Limit>`, `Require method`): HEAD is GET (ap_method_number_of gives M_GET). */
export function methodOf(name: string): string {
  return name === 'HEAD' ? 'GET' : name;
}
