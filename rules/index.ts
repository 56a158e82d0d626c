/** Every rule, by id, in alphabetical order. test/rules/parity.test.ts checks this list against the files. */
import type { Rule } from '../src/engine/rule.js';
import allowoverrideAuthconfig from './allowoverride-authconfig.js';
import authBasicAuthoritative from './auth-basic-authoritative.js';
import authDefaultsReset from './auth-defaults-reset.js';
import autoindexXhtml from './autoindex-xhtml.js';
import buildNotes from './build-notes.js';
import cacheEnableForwardProxy from './cache-enable-forward-proxy.js';
import cacheSessionIdentifiers from './cache-session-identifiers.js';
import davLockDb from './dav-lock-db.js';
import deflateSmallBodies from './deflate-small-bodies.js';
import doubleBackslashEol from './double-backslash-eol.js';
import explicitAllowOverride from './explicit-allow-override.js';
import explicitChangedDefaults from './explicit-changed-defaults.js';
import explicitOptions from './explicit-options.js';
import filterProviderLoaded from './filter-provider-loaded.js';
import htpasswdMd5 from './htpasswd-md5.js';
import keepAliveOnOff from './keep-alive-on-off.js';
import ldapTrustedClientCert from './ldap-trusted-client-cert.js';
import loadImplicitModules from './load-implicit-modules.js';
import loadModuleBuiltin from './load-module-builtin.js';
import loadModuleForDirective from './load-module-for-directive.js';
import noDebugLevelOption from './no-debug-level-option.js';
import noDefaultType from './no-default-type.js';
import noLegacyAccessBranch from './no-legacy-access-branch.js';
import noMixedOptions from './no-mixed-options.js';
import noNameVirtualHost from './no-name-virtual-host.js';
import noRemovedDirective from './no-removed-directive.js';
import noRemovedModules from './no-removed-modules.js';
import noSslv2 from './no-sslv2.js';
import pcre2Regex from './pcre2-regex.js';
import pipedLogShell from './piped-log-shell.js';
import preferFilterProviderExpr from './prefer-filter-provider-expr.js';
import preferIncludeOptional from './prefer-include-optional.js';
import preferLogLevelDumpio from './prefer-log-level-dumpio.js';
import preferLogLevelRewrite from './prefer-log-level-rewrite.js';
import preferMaxConnectionsPerChild from './prefer-max-connections-per-child.js';
import preferMaxRequestWorkers from './prefer-max-request-workers.js';
import preferModCacheDisk from './prefer-mod-cache-disk.js';
import preferMutex from './prefer-mutex.js';
import preferRequire from './prefer-require.js';
import proxyScgiPathinfo from './proxy-scgi-pathinfo.js';
import reqtimeoutDefaults from './reqtimeout-defaults.js';
import rewriteEngineInherited from './rewrite-engine-inherited.js';
import ssiLegacyExpr from './ssi-legacy-expr.js';
import sslCaRevocationCheck from './ssl-ca-revocation-check.js';
import sslEngineOptional from './ssl-engine-optional.js';
import sslLegacyDnStringFormat from './ssl-legacy-dn-string-format.js';
import sslProxyCheckPeer from './ssl-proxy-check-peer.js';
import sslRequireOid from './ssl-require-oid.js';
import substituteLineLimit from './substitute-line-limit.js';
import thirdPartyModule from './third-party-module.js';
import undefinedVariable from './undefined-variable.js';

export const rules: Record<string, Rule> = {
  'allowoverride-authconfig': allowoverrideAuthconfig,
  'auth-basic-authoritative': authBasicAuthoritative,
  'auth-defaults-reset': authDefaultsReset,
  'autoindex-xhtml': autoindexXhtml,
  'build-notes': buildNotes,
  'cache-enable-forward-proxy': cacheEnableForwardProxy,
  'cache-session-identifiers': cacheSessionIdentifiers,
  'dav-lock-db': davLockDb,
  'deflate-small-bodies': deflateSmallBodies,
  'double-backslash-eol': doubleBackslashEol,
  'explicit-allow-override': explicitAllowOverride,
  'explicit-changed-defaults': explicitChangedDefaults,
  'explicit-options': explicitOptions,
  'filter-provider-loaded': filterProviderLoaded,
  'htpasswd-md5': htpasswdMd5,
  'keep-alive-on-off': keepAliveOnOff,
  'ldap-trusted-client-cert': ldapTrustedClientCert,
  'load-implicit-modules': loadImplicitModules,
  'load-module-builtin': loadModuleBuiltin,
  'load-module-for-directive': loadModuleForDirective,
  'no-debug-level-option': noDebugLevelOption,
  'no-default-type': noDefaultType,
  'no-legacy-access-branch': noLegacyAccessBranch,
  'no-mixed-options': noMixedOptions,
  'no-name-virtual-host': noNameVirtualHost,
  'no-removed-directive': noRemovedDirective,
  'no-removed-modules': noRemovedModules,
  'no-sslv2': noSslv2,
  'pcre2-regex': pcre2Regex,
  'piped-log-shell': pipedLogShell,
  'prefer-filter-provider-expr': preferFilterProviderExpr,
  'prefer-include-optional': preferIncludeOptional,
  'prefer-log-level-dumpio': preferLogLevelDumpio,
  'prefer-log-level-rewrite': preferLogLevelRewrite,
  'prefer-max-connections-per-child': preferMaxConnectionsPerChild,
  'prefer-max-request-workers': preferMaxRequestWorkers,
  'prefer-mod-cache-disk': preferModCacheDisk,
  'prefer-mutex': preferMutex,
  'prefer-require': preferRequire,
  'proxy-scgi-pathinfo': proxyScgiPathinfo,
  'reqtimeout-defaults': reqtimeoutDefaults,
  'rewrite-engine-inherited': rewriteEngineInherited,
  'ssi-legacy-expr': ssiLegacyExpr,
  'ssl-ca-revocation-check': sslCaRevocationCheck,
  'ssl-engine-optional': sslEngineOptional,
  'ssl-legacy-dn-string-format': sslLegacyDnStringFormat,
  'ssl-proxy-check-peer': sslProxyCheckPeer,
  'ssl-require-oid': sslRequireOid,
  'substitute-line-limit': substituteLineLimit,
  'third-party-module': thirdPartyModule,
  'undefined-variable': undefinedVariable,
};

export const allRules: readonly Rule[] = Object.values(rules);
