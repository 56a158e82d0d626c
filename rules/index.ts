/** Every rule, by id, in alphabetical order. test/rules/parity.test.ts checks this list against the files. */
import type { Rule } from '../src/engine/rule.js';
import autoindexXhtml from './autoindex-xhtml.js';
import buildNotes from './build-notes.js';
import cacheEnableForwardProxy from './cache-enable-forward-proxy.js';
import cacheSessionIdentifiers from './cache-session-identifiers.js';
import davLockDb from './dav-lock-db.js';
import deflateSmallBodies from './deflate-small-bodies.js';
import keepAliveOnOff from './keep-alive-on-off.js';
import ldapTrustedClientCert from './ldap-trusted-client-cert.js';
import noDefaultType from './no-default-type.js';
import noNameVirtualHost from './no-name-virtual-host.js';
import preferIncludeOptional from './prefer-include-optional.js';
import preferMaxConnectionsPerChild from './prefer-max-connections-per-child.js';
import preferMaxRequestWorkers from './prefer-max-request-workers.js';
import proxyScgiPathinfo from './proxy-scgi-pathinfo.js';
import reqtimeoutDefaults from './reqtimeout-defaults.js';
import substituteLineLimit from './substitute-line-limit.js';
import undefinedVariable from './undefined-variable.js';

export const rules: Record<string, Rule> = {
  'autoindex-xhtml': autoindexXhtml,
  'build-notes': buildNotes,
  'cache-enable-forward-proxy': cacheEnableForwardProxy,
  'cache-session-identifiers': cacheSessionIdentifiers,
  'dav-lock-db': davLockDb,
  'deflate-small-bodies': deflateSmallBodies,
  'keep-alive-on-off': keepAliveOnOff,
  'ldap-trusted-client-cert': ldapTrustedClientCert,
  'no-default-type': noDefaultType,
  'no-name-virtual-host': noNameVirtualHost,
  'prefer-include-optional': preferIncludeOptional,
  'prefer-max-connections-per-child': preferMaxConnectionsPerChild,
  'prefer-max-request-workers': preferMaxRequestWorkers,
  'proxy-scgi-pathinfo': proxyScgiPathinfo,
  'reqtimeout-defaults': reqtimeoutDefaults,
  'substitute-line-limit': substituteLineLimit,
  'undefined-variable': undefinedVariable,
};

export const allRules: readonly Rule[] = Object.values(rules);
