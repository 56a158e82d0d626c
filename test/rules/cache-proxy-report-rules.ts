/** The cache, proxy, per-module report and build-note rules, for tests that run them together. */
import autoindexXhtml from '../../rules/autoindex-xhtml.js';
import buildNotes from '../../rules/build-notes.js';
import cacheEnableForwardProxy from '../../rules/cache-enable-forward-proxy.js';
import cacheSessionIdentifiers from '../../rules/cache-session-identifiers.js';
import davLockDb from '../../rules/dav-lock-db.js';
import deflateSmallBodies from '../../rules/deflate-small-bodies.js';
import ldapTrustedClientCert from '../../rules/ldap-trusted-client-cert.js';
import preferIncludeOptional from '../../rules/prefer-include-optional.js';
import proxyScgiPathinfo from '../../rules/proxy-scgi-pathinfo.js';
import reqtimeoutDefaults from '../../rules/reqtimeout-defaults.js';
import substituteLineLimit from '../../rules/substitute-line-limit.js';
import undefinedVariable from '../../rules/undefined-variable.js';
import type { Rule } from '../../src/engine/rule.js';

export const cacheProxyReportRules: Rule[] = [
  autoindexXhtml, buildNotes, cacheEnableForwardProxy, cacheSessionIdentifiers, davLockDb, deflateSmallBodies,
  ldapTrustedClientCert, preferIncludeOptional, proxyScgiPathinfo, reqtimeoutDefaults, substituteLineLimit, undefinedVariable,
];
