import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_DIRECTIVES } from '../../src/explain/directives.js';
import { explain, MESSAGES } from '../../src/explain/messages.js';
import { REMOVED } from '../../src/apache/modules.js';

const ids = (m: string) => explain(m).map((e) => e.id);
const rules = (m: string) => [...new Set(explain(m).flatMap((e) => e.ruleIds))];

/** Exact texts from httpd-oracle.md §6 (real 2.4.71) and httpd-semantics.md §5, with the rules and entry they must lead to. */
const CASES: [string, string, string[]][] = [
  ["(2)No such file or directory: AH00104: unable to start piped log program 'logger -t httpd'", 'AH00104', ['piped-log-shell']],
  ['AH00526: Syntax error on line 30 of /tmp/X/httpd.conf:\nInvalid command \'Order\', perhaps misspelled or defined by a module not included in the server configuration', 'unknown-order', ['prefer-require', 'load-implicit-modules']],
  ["Invalid command 'Allow', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-order', ['prefer-require', 'load-implicit-modules']],
  ["Invalid command 'Deny', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-order', ['prefer-require', 'load-implicit-modules']],
  ["Invalid command 'Satisfy', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-order', ['prefer-require', 'load-implicit-modules']],
  ["AH00526: Syntax error on line 30 of /tmp/X/httpd.conf:\nInvalid command 'Require', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-require', ['load-implicit-modules', 'prefer-require']],
  ["Invalid command 'AddOutputFilterByType', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-addoutputfilterbytype', ['load-implicit-modules']],
  ["AH00526: Syntax error on line 9 of /tmp/u24/httpd.conf:\nInvalid command 'User', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-user', ['load-implicit-modules']],
  ["Invalid command 'LockFile', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-acceptmutex', ['prefer-mutex']],
  ["Invalid command 'AcceptMutex', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-acceptmutex', ['prefer-mutex']],
  ["Invalid command 'SSLMutex', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-acceptmutex', ['prefer-mutex']],
  ["Invalid command 'RewriteLog', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-rewritelog', ['prefer-log-level-rewrite']],
  ["Invalid command 'RewriteLogLevel', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-rewritelog', ['prefer-log-level-rewrite']],
  ['[Sat Nov 21 13:23:23.319200 2026] [core:warn] [pid 25572:tid 25572] AH00117: Ignoring deprecated use of DefaultType in line 30 of /tmp/dcase/t.conf.', 'AH00117', ['no-default-type']],
  ['AH00548: NameVirtualHost has no effect and will be removed in the next release /tmp/dcase/t.conf:30', 'AH00548', ['no-name-virtual-host']],
  // Logged by the real 2.4.71: a request for /srv2/index.php%3fs=1 under RewriteRule ^/srv2/(.*)$ /$1 [PT] (403; 2.2 served /index.php?s=1).
  ['[Sat Nov 28 11:08:56.536758 2026] [rewrite:error] [pid 4062:tid 4080] [client 127.0.0.1:38428] AH10508: Unsafe URL with %3f URL rewritten without UnsafeAllow3F', 'AH10508', []],
  // apache2 -t of the real 2.4.71 on a virtual host with SSLEngine optional.
  ["[Sat Nov 28 11:11:15.704395 2026] [ssl:notice] [pid 4650:tid 4650] AH10510: 'SSLEngine optional' is no longer supported", 'AH10510', ['ssl-engine-optional']],
  ['AH00526: Syntax error on line 30 of /tmp/dcase/t.conf:\nKeepAlive must be On or Off', 'keepalive-flag', ['keep-alive-on-off']],
  // Real apache2 -t 2.4.68 texts (Debian), for errors other rules fix.
  ['AH00526: Syntax error on line 8 of /tmp/ex/t.conf:\nEither all Options must start with + or -, or no Option may.', 'options-mixed', ['no-mixed-options']],
  ['AH00526: Syntax error on line 9 of /tmp/ex/t.conf:\nSSLProtocol: SSLv2 is no longer supported', 'sslv2', ['no-sslv2']],
  ['AH00526: Syntax error on line 8 of /tmp/ex/t.conf:\nRegex could not be compiled', 'regex', ['pcre2-regex']],
  ["AH00526: Syntax error on line 9 of /tmp/ex/t.conf:\nRewriteRule: cannot compile regular expression '('", 'regex', ['pcre2-regex']],
  ['AH00526: Syntax error on line 11 of /tmp/ex/t.conf:\nUnknown filter provider DEFLATE', 'filter-provider', ['filter-provider-loaded']],
  ['[Sat Nov 21 13:00:00 2026] [core:crit] [pid 1] AH00025: configuration error:  couldn\'t check user: /private/index.html', 'AH00025-user', ['load-implicit-modules']],
  ['[authz_core:error] [pid 7] [client 127.0.0.1:5000] AH01630: client denied by server configuration: /var/www/html/server-status', 'AH01630', ['prefer-require']],
  ['[access_compat:error] [pid 7] [client 127.0.0.1:5000] AH01797: client denied by server configuration: /var/www/html/server-status', 'AH01797', ['prefer-require']],
  ['client denied by server configuration: /path', 'client-denied', ['prefer-require']],
  ['AH00534: apache2: Configuration error: No MPM loaded.', 'AH00534', ['load-implicit-modules', 'build-notes']],
  ['AH00526: Syntax error on line 30 of /tmp/X/httpd.conf:\nUnknown Authz provider: foo', 'unknown-authz-provider', ['prefer-require', 'load-implicit-modules', 'load-module-for-directive']],
  ["Include/IncludeOptional: No matches for the wildcard '*.conf' in '/etc/httpd/sites', failing", 'include-no-match', ['prefer-include-optional']],
  ["apache2: Syntax error on line 33 of /dev/shm/famc-ctIq/httpd.conf: Include/IncludeOptional: No matches for the wildcard '*.conf' in '/dev/shm/famc-ctIq/empty', failing", 'include-no-match', ['prefer-include-optional']],
  ['[Sat Nov 21 14:19:37.888970 2026] [core:warn] [pid 18633:tid 18633] AH00111: Config variable ${NOT_SET_FAMC} is not defined', 'AH00111', ['undefined-variable']],
  ['[core:warn] [pid 3] AH00111: Config variable ${APACHE_LOG_DIR} is not defined', 'AH00111', ['undefined-variable']],
  ['negative Require directive has no effect in <RequireAny> directive', 'negative-require', ['prefer-require']],
  ["ip address '300.1.2.3' appears to be invalid: The specified IP address is invalid.", 'invalid-ip', ['prefer-require']],
  ['The specified network mask is invalid.', 'invalid-mask', ['prefer-require']],
  ['order not allowed in <VirtualHost> context', 'access-context', ['prefer-require']],
  ['Require not allowed here', 'access-context', ['prefer-require']],
  ["order takes one argument, 'allow,deny', 'deny,allow', or 'mutual-failure'", 'order-syntax', ['prefer-require']],
  ["Satisfy either 'any' or 'all'.", 'order-syntax', ['prefer-require']],
  ['[authz_core:error] AH01627: AuthType configured with no corresponding authorization directives', 'AH01627', ['prefer-require']],
  ['[core:alert] [client 10.0.0.1:1] /srv/www/.htaccess: Invalid command \'Order\', perhaps misspelled or defined by a module not included in the server configuration', 'unknown-order', ['prefer-require', 'load-implicit-modules']],
  ['AH02295: Options in .htaccess forbidden by AllowOverride', 'AH02295', ['explicit-allow-override']],
  ['AH02296: Unknown directive RewriteLog perhaps misspelled or defined by a module not included in the server configuration', 'unknown-rewritelog', ['prefer-log-level-rewrite']],
  ["apache2: Syntax error on line 30 of /tmp/X/t.conf: module unixd_module is built-in and can't be loaded", 'built-in', ['load-implicit-modules']],
  ['[core:crit] AH00136: Server MUST relinquish startup privileges before accepting connections.  Please ensure mod_unixd or other system security module is loaded.', 'AH00136', ['load-implicit-modules']],
  ["AH01177: Failed to lookup provider 'shm' for 'slotmem': is mod_slotmem_shm loaded??", 'AH01177', ['load-implicit-modules', 'build-notes']],
  ["'shmcb' session cache not supported (known names: ). Maybe you need to load the appropriate socache module (mod_socache_shmcb?).", 'socache', ['load-implicit-modules']],
  ['[ssl:info] AH02005: SSL Proxy: Peer certificate CN mismatch: Certificate CN: a Requested hostname: b', 'AH02005', ['ssl-proxy-check-peer']],
  ['[substitute:error] [pid 9] [client 127.0.0.1:1] AH01328: Line too long, URI /app/big.js', 'AH01328', ['substitute-line-limit']],
  ['[ssl:info] AH02004: SSL Proxy: Peer certificate is expired', 'AH02004', ['ssl-proxy-check-peer']],
  ['configuration error:  couldn\'t check user.  Check your authn provider!: /uri', '22-authn-provider', []],
  // Real apache2 2.4.68 texts (-t on small configs, and error-log lines of requests), found by a helper's bug hunt.
  ['[Thu Nov 26 18:53:14.386087 2026] [core:alert] [pid 20036:tid 20038] [client 127.0.0.1:36068] /srv/www/a/.htaccess: Require not allowed here', 'htaccess-authconfig', ['allowoverride-authconfig', 'explicit-allow-override']],
  ['[core:alert] [pid 20586:tid 20588] [client 127.0.0.1:49794] /srv/www/c/.htaccess: Require not allowed in <Limit> context', 'htaccess-authconfig', ['allowoverride-authconfig', 'explicit-allow-override']],
  ['[core:alert] [pid 20036:tid 20043] [client 127.0.0.1:36100] /srv/www/d/.htaccess: <RequireAll not allowed here', 'htaccess-authconfig', ['allowoverride-authconfig', 'explicit-allow-override']],
  ['[core:alert] [pid 20036:tid 20045] [client 127.0.0.1:36114] /srv/www/f/.acl: Satisfy not allowed here', 'htaccess-authconfig', ['allowoverride-authconfig', 'explicit-allow-override']],
  ['/srv/www/a/.htaccess: AuthMerging not allowed here', 'htaccess-authconfig', ['allowoverride-authconfig', 'explicit-allow-override']],
  ['[core:alert] [pid 20036:tid 20040] [client 127.0.0.1:36082] /srv/www/b/.htaccess: order not allowed here', 'htaccess-limit', ['explicit-allow-override']],
  ['AH00526: Syntax error on line 10 of /tmp/t.conf:\norder not allowed here', 'access-context', ['prefer-require']],
  ['Require not allowed in <VirtualHost> context', 'access-context', ['prefer-require']],
  ['apache2: Syntax error on line 3 of /x/httpd.conf: Syntax error on line 1 of /x/a.conf: <RequireAll not allowed here', 'access-context', ['prefer-require']],
  ['AH00526: Syntax error on line 11 of /tmp/t.conf:\nNo comments are allowed here', 'no-comments', ['prefer-require']],
  ["AH00526: Syntax error on line 11 of /tmp/t.conf:\nArgument for 'Require all' must be 'granted' or 'denied'", 'require-all-argument', ['prefer-require']],
  ["[core:alert] [pid 20036:tid 20042] [client 127.0.0.1:36092] /srv/www/c/.htaccess: Could not register method 'PURGE' for <Limit from .htaccess configuration", 'htaccess-limit-method', ['prefer-require']],
  ['AH00526: Syntax error on line 12 of /tmp/t.conf:\nUnknown Authz provider: Valid-User', 'authz-provider-case', ['prefer-require']],
  ["AH00526: Syntax error on line 10 of /tmp/t.conf:\nInvalid command '<RequireAll', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-requireall', ['load-implicit-modules']],
  ["Invalid command '<RequireAny', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-requireall', ['load-implicit-modules']],
  ["Invalid command '<RequireNone', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-requireall', ['load-implicit-modules']],
  ["Invalid command 'AuthMerging', perhaps misspelled or defined by a module not included in the server configuration", 'unknown-requireall', ['load-implicit-modules']],
  // Real apache2 -t 2.4.71 texts (Debian) for LoadModule lines 2.4 cannot load, found by a helper's bug hunt.
  ['apache2: Syntax error on line 7 of /tmp/r3/t.conf: Cannot load /usr/lib/apache2/modules/mod_authz_default.so into server: /usr/lib/apache2/modules/mod_authz_default.so: cannot open shared object file: No such file or directory', 'cannot-load-authz_default', ['no-removed-modules']],
  ['apache2: Syntax error on line 6 of /tmp/r3/t.conf: Cannot load modules/mod_authz_default.so into server: /tmp/r3/modules/mod_authz_default.so: cannot open shared object file: No such file or directory', 'cannot-load-authz_default', ['no-removed-modules']],
  ['apache2: Syntax error on line 7 of /tmp/r3/t.conf: Cannot load /usr/lib/apache2/modules/mod_disk_cache.so into server: /usr/lib/apache2/modules/mod_disk_cache.so: cannot open shared object file: No such file or directory', 'cannot-load-disk_cache', ['prefer-mod-cache-disk']],
  ['apache2: Syntax error on line 6 of /tmp/r3/t.conf: Cannot load /tmp/r3/lib/mod_disk_cache.so into server: /tmp/r3/lib/mod_disk_cache.so: undefined symbol: ap_cache_cacheable_headers_in', 'cannot-load-disk_cache', ['prefer-mod-cache-disk']],
  ['apache2: Syntax error on line 6 of /tmp/r3/t.conf: Cannot load modules/mod_rewrite.so into server: /tmp/r3/modules/mod_rewrite.so: cannot open shared object file: No such file or directory', 'cannot-load-standard', []],
  ['apache2: Syntax error on line 6 of /tmp/r3/t.conf: Cannot load /usr/lib/apache2/modules/mod_cache_disk.so into server: /usr/lib/apache2/modules/mod_cache_disk.so: undefined symbol: ap_cache_cacheable_headers_in', 'cannot-load-standard', []],
  ['apache2: Syntax error on line 6 of /tmp/r3/t.conf: Cannot load modules/libphp5.so into server: /tmp/r3/modules/libphp5.so: cannot open shared object file: No such file or directory', 'cannot-load-module', ['third-party-module']],
  ['apache2: Syntax error on line 6 of /tmp/r3/t.conf: Cannot load /tmp/r3/lib/mod_junk.so into server: /tmp/r3/lib/mod_junk.so: invalid ELF header', 'cannot-load-module', ['third-party-module']],
];

describe('explain', () => {
  it.each(CASES)('explains %s', (message, id, ruleIds) => {
    expect(ids(message)[0]).toBe(id);
    expect(rules(message)).toEqual(ruleIds);
  });

  it('prefers the specific message over the AH00526 line before it', () => {
    const two = 'AH00526: Syntax error on line 30 of /tmp/X/httpd.conf:\nInvalid command \'Order\', perhaps misspelled or defined by a module not included in the server configuration';
    expect(ids(two)).toEqual(['unknown-order']);
    expect(ids('AH00526: Syntax error on line 3 of /x.conf:\nInvalid command \'Frobnicate\', perhaps misspelled')).toEqual(['AH00526', 'invalid-command']);
  });

  it('names the rule for every module 2.4 removed, and one entry for a LoadModule line it cannot load', () => {
    for (const name of Object.keys(REMOVED)) {
      const line = `apache2: Syntax error on line 2 of /x/t.conf: Cannot load modules/mod_${name}.so into server: /x/modules/mod_${name}.so: cannot open shared object file: No such file or directory`;
      expect(ids(line), name).toEqual([`cannot-load-${name}`]);
      expect(rules(line), name).toEqual([name === 'disk_cache' ? 'prefer-mod-cache-disk' : 'no-removed-modules']);
    }
    expect(ids('Cannot load /x/mod_cache_disk.so into server: …')).toEqual(['cannot-load-standard']);
    expect(ids('Cannot load /x/mod_foo_cache_disk.so into server: …')).toEqual(['cannot-load-module']);
  });

  it('matches directive names case-insensitively and as whole words', () => {
    expect(ids("Invalid command 'order', perhaps misspelled")).toEqual(['unknown-order']);
    expect(ids("Invalid command 'Orderly', perhaps misspelled")).toEqual(['invalid-command']);
    expect(ids("Invalid command 'Users', perhaps misspelled")).toEqual(['invalid-command']);
  });

  it('explains every directive of the removed and moved lists', () => {
    for (const d of UNKNOWN_DIRECTIVES) {
      for (const name of d.names) expect(explain(`Invalid command '${name}', perhaps misspelled`)[0]?.remedy).toBe(d.remedy);
    }
  });

  it('gives one entry for a .htaccess access error, not the server-level one too', () => {
    expect(ids('[client 127.0.0.1:1] /srv/www/a/.htaccess: Require not allowed here')).toEqual(['htaccess-authconfig']);
    expect(ids('/srv/www/b/.htaccess: order not allowed here')).toEqual(['htaccess-limit']);
    expect(ids('Unknown Authz provider: Valid-User')).toEqual(['authz-provider-case']);
    expect(ids('Unknown Authz provider: valid-user')).toEqual(['unknown-authz-provider']);
  });

  it('says what httpd really does, not what the upgrade notes claim (semantics §1.2, §3.2, §3.5, §4.2)', () => {
    const [noComments] = explain('No comments are allowed here');
    expect(noComments!.cause).toMatch(/Allow or Deny/);
    expect(noComments!.cause).not.toMatch(/Require line/);
    const [ah01797] = explain('AH01797: client denied by server configuration: /srv/www/x');
    expect(ah01797!.cause).not.toMatch(/these rules take precedence/);
    expect(ah01797!.cause).toMatch(/both grant/);
    expect(ah01797!.remedy).toMatch(/Require ip 127\.0\.0\.1, not Require local/);
    const [caseEntry] = explain('Unknown Authz provider: Valid-User');
    expect(caseEntry!.cause).toMatch(/case-sensitive/);
    expect(caseEntry!.remedy).toMatch(/lower case/);
  });

  it('finds nothing in an unrelated line', () => {
    expect(explain('[mpm_event:notice] AH00489: Apache/2.4.71 configured -- resuming normal operations')).toEqual([]);
  });

  it('names rules that exist or are being written', () => {
    const pending = new Set(['load-implicit-modules', 'prefer-require']);
    for (const id of new Set(MESSAGES.flatMap((e) => e.ruleIds))) {
      expect(pending.has(id) || existsSync(resolve(import.meta.dirname, `../../rules/${id}.ts`)), id).toBe(true);
    }
  });

  it('gives every entry a cause and a remedy in full sentences', () => {
    for (const e of MESSAGES) {
      expect(e.cause, e.id).toMatch(/^([A-Z(]|mod_|httpd ).*\.$/);
      expect(e.remedy, e.id).toMatch(/^([A-Z]|mod_|httpd ).*[.)]$/);
    }
  });
});
