/**
 * The error-message guide: every start-up and request-time message of the upgrade notes and
 * semantics §5 (plus the oracle's §6 texts), with its cause, its remedy and the rules that
 * find or fix the cause. Patterns match the text anywhere in a log line, so timestamps,
 * `[module:level]` prefixes, AH codes, quotes, paths and line numbers may vary.
 */
import { moduleDirectives, UNKNOWN_DIRECTIVES } from './directives.js';
import { moduleNames, REMOVED, STANDARD_24 } from '../apache/modules.js';
import { THIRD_PARTY_DIRECTIVE_PREFIXES, THIRD_PARTY_HINTS } from '../apache/third-party.js';

export interface ExplainEntry {
  /** A short stable key (the AH code when there is one). */
  id: string;
  pattern: RegExp;
  cause: string;
  remedy: string;
  /** Rules that report or fix the cause. */
  ruleIds: string[];
  /** A catch-all, shown only when no specific entry matches. */
  generic?: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Invalid command 'X', …" (start-up) and "Unknown directive X …" (.htaccess, AH02296), for each known X. */
const directiveEntries: ExplainEntry[] = UNKNOWN_DIRECTIVES.map((d) => ({
  id: `unknown-${d.names[0]!.toLowerCase()}`,
  pattern: new RegExp(`(?:Invalid command|Unknown directive)\\s+['"]?<?(?:${d.names.map(escape).join('|')})['"]?(?=[\\s,.]|$)`, 'i'),
  cause: d.cause, remedy: d.remedy, ruleIds: d.ruleIds,
}));

/**
 * "Invalid command 'X'" for a directive of a standard 2.4 module that is not loaded, one entry per module: a 2.2
 * build often compiled in what 2.4 ships as a loadable module, and load-module-for-directive writes its line.
 */
const moduleDirectiveEntries: ExplainEntry[] = moduleDirectives().map((d) => ({
  id: `unknown-mod-${d.module}`,
  pattern: new RegExp(`(?:Invalid command|Unknown directive)\\s+['"]?(?:${d.names.map(escape).join('|')})['"]?(?=[\\s,.]|$)`, 'i'),
  cause: `The directive comes from mod_${d.module}, which ships with httpd 2.4 but is not loaded: a 2.2 build may have compiled it in, or the configuration never had its LoadModule line.`,
  remedy: `Load ${d.load}.`,
  ruleIds: ['load-module-for-directive'],
}));

/** "Invalid command 'X'" for a directive of a well-known third-party module (src/apache/third-party.ts), one entry per module. */
const thirdPartyDirectiveEntries: ExplainEntry[] = Object.entries(THIRD_PARTY_DIRECTIVE_PREFIXES).map(([symbol, prefixes]) => ({
  id: `third-party-${symbol}`,
  pattern: new RegExp(`(?:Invalid command|Unknown directive)\\s+['"]?(?:${prefixes.map(escape).join('|')})\\w*['"]?(?=[\\s,.]|$)`, 'i'),
  cause: `The directive comes from a third-party module (${symbol}) that is not loaded: a build for 2.2 cannot be loaded into 2.4, so its LoadModule line was dropped or never reached. ${THIRD_PARTY_HINTS[symbol] ?? ''}`.trim(),
  remedy: 'Install a build of the module for 2.4 (its distribution package, or apxs -i -c from its source) and load it, or delete its directives if it is no longer used.',
  ruleIds: ['third-party-module'],
}));

const entry = (id: string, pattern: RegExp, cause: string, remedy: string, ruleIds: string[], generic = false): ExplainEntry =>
  ({ id, pattern, cause, remedy, ruleIds, ...(generic ? { generic } : {}) });

const ACCESS = ['prefer-require'];

/**
 * How a .htaccess error shows in the error log: `[client IP:port] FILE: message` (core:alert, no AH
 * code), or a pasted `…/.htaccess: message`. A configuration file's error reads "Syntax error on line N
 * of FILE: message" instead, so `FILE:` alone does not tell them apart.
 */
const HTACCESS_ALERT = String.raw`(?:\[client [^\]]*\]\s+\S+|\.htaccess):\s*`;
/** Access directives of override category Limit, and of AuthConfig (semantics §1.9), as httpd names them in "X not allowed here". */
const LIMIT_ACCESS = '(?:order|allow|deny)';
const AUTHCONFIG_ACCESS = '(?:require|satisfy|<require(?:all|any|none)|authmerging)';
/**
 * Sections a .htaccess file may hold under any AllowOverride category (measured on 2.4.71: accepted under
 * AllowOverride Limit alone, and under AuthConfig alone). httpd refuses them ("<IfModule not allowed here",
 * the name as the file spells it) only where no category is granted, which for a file 2.4 reads means
 * that no AllowOverride applies at all.
 */
/**
 * "X not allowed in <Files> context" for an access directive comes only from a .htaccess file, even with the
 * path left out: in a configuration file <Files> and <FilesMatch> allow every access directive (2.4.71 -t,
 * at server level and in <VirtualHost>), while a .htaccess <Files> allows only what AllowOverride grants.
 */
const IN_FILES = 'not allowed in <Files(?:Match)?> context';
const ANY_OVERRIDE_SECTIONS = '<(?:IfModule|IfDefine|IfVersion|Files|FilesMatch)';
const MODULES = ['load-implicit-modules'];

/**
 * "Cannot load FILE into server: FILE: why" (mod_so; the path as the LoadModule line wrote it, then as
 * resolved), matched by the module's file name: a module 2.4 removed or renamed, one 2.4 ships, or any other.
 */
const cannotLoad = (sos: string[]) => `Cannot load (?:[^\\n]*?/)?(?:${sos.map(escape).join('|')}) into server`;
const KNOWN_SO = [...STANDARD_24, ...Object.keys(REMOVED)].map((n) => moduleNames(n).so);

/** One entry per module 2.4 does not have (src/apache/modules.ts's REMOVED), with the rule that rewrites its LoadModule line. */
const removedModuleEntries: ExplainEntry[] = Object.entries(REMOVED).map(([name, info]) => {
  const so = moduleNames(name).so;
  const next = info.renamedTo ?? info.absorbedBy;
  const remedy = info.renamedTo
    ? `Write LoadModule ${next}_module …/mod_${next}.so (the module's 2.4 file) in the line's place, after the modules it needs as before.`
    : info.absorbedBy
      ? `Delete the LoadModule line; mod_${next} does its work (LoadModule ${next}_module modules/mod_${next}.so, if it is not loaded yet).`
      : 'Delete the LoadModule line, and load the modules that replace it if their directives are used.';
  return entry(`cannot-load-${name}`, new RegExp(cannotLoad([so]), 'i'),
    `${info.advice} httpd 2.4 has no ${so}, so the LoadModule line that loads it stops the server at start-up.`,
    remedy, [name === 'disk_cache' ? 'prefer-mod-cache-disk' : 'no-removed-modules']);
});

export const MESSAGES: ExplainEntry[] = [
  ...directiveEntries,
  ...moduleDirectiveEntries,
  ...thirdPartyDirectiveEntries,
  // Directives whose effect changed (upgrade notes "Errors" and "Directives with changed or removed effect").
  entry('AH00117', /Ignoring deprecated use of DefaultType/i, 'DefaultType has no effect in 2.4; any value other than none only triggers this warning.',
    'Delete the DefaultType line; use AddType or ForceType (or mod_mime defaults) for the types you need.', ['no-default-type']),
  entry('AH00104', /unable to start piped log program/i, 'httpd 2.4 starts a piped log program directly, without /bin/sh: a program named without a path is not looked up in PATH, shell syntax in the command reaches the program as arguments, and mod_log_forensic also makes the program ServerRoot-relative.',
    'Write "|$command" to have 2.4 run it through the shell as 2.2 did, or name the program by its absolute path (ForensicLog: "|/bin/sh -c \'command\'").', ['piped-log-shell']),
  entry('AH00548', /NameVirtualHost has no effect/i, 'NameVirtualHost does nothing in 2.4: an address and port used by several virtual hosts is name-based anyway.',
    'Delete the NameVirtualHost lines.', ['no-name-virtual-host']),
  entry('keepalive-flag', /KeepAlive must be On or Off/i, 'httpd 2.4 accepts only On or Off for KeepAlive; 2.2 read any value other than Off or 0 as On.',
    'Write KeepAlive On (for values such as 5 or yes) or KeepAlive Off (for 0).', ['keep-alive-on-off']),
  entry('AH00025-user', /couldn't check user(?!\.\s+Check your authn provider)/i, 'No module checks the user: in 2.4 AuthType and the authentication core are in mod_authn_core, which is not loaded.',
    'Load mod_authn_core: LoadModule authn_core_module modules/mod_authn_core.so.', MODULES),
  entry('AH00025-authz', /couldn't check (?:authorization|access)/i, 'No module made the authorization or access decision: mod_authz_core (and mod_authz_host, or mod_access_compat for Order/Allow/Deny) is not loaded.',
    'Load mod_authz_core and the provider modules the configuration uses.', [...MODULES, ...ACCESS]),
  entry('22-authn-provider', /couldn't check user\.\s+Check your authn provider/i, '(2.2 message) No authentication provider answered: the module named by AuthBasicProvider is not loaded.',
    'Load the provider module (mod_authn_file for AuthBasicProvider file) or correct AuthBasicProvider.', []),
  entry('22-authtype-not-set', /couldn't perform authentication\.\s+AuthType not set/i, '(2.2 message) A 2.4 Require line such as Require all granted was read by 2.2, which takes it as a user requirement with no AuthType.',
    'Keep 2.2 access control (Order/Allow/Deny) until the server runs 2.4.', ACCESS),
  // Request-level access results.
  entry('AH01797', /AH01797/, 'mod_access_compat denied the request: the Order/Allow/Deny host rules that apply, inherited ones included, refused the client. They do not take precedence over Require lines, whatever the upgrading guide says: under Satisfy All (the default) the host rules and the Require lines must both grant, so a Require all granted does not lift an inherited Deny from all; under Satisfy Any this line is logged even when authentication then admits the request.',
    'Find the Order/Allow/Deny lines that apply to the path (inherited ones too: a Deny from all in <Directory /> reaches every directory) and convert them to Require with the same hosts (Allow from 127.0.0.1 → Require ip 127.0.0.1, not Require local, which also admits ::1, all of 127.0.0.0/8 and the server\'s own addresses), so one model decides.', ACCESS),
  entry('AH01630', /AH01630/, 'mod_authz_core denied the request: the Require lines that apply (after merging) evaluated to denied.',
    'Check the merged Require lines for the URL (AuthMerging, RequireAny/RequireAll) and grant the client explicitly.', ACCESS),
  entry('client-denied', /client denied by server configuration/i, 'Access control refused the client (AH01797: Order/Allow/Deny; AH01630: Require).',
    'Find the Order/Allow/Deny or Require lines that apply to the path in the message and convert or correct them.', ACCESS, true),
  entry('AH01631', /authorization failure for "/i, 'The user was authenticated but no Require line granted access.', 'Check the Require user/group lines; with mod_authz_dbm write Require dbm-group.', ACCESS),
  entry('AH01629', /authorization failure \(no authenticated user\)/i, 'A Require line needs an authenticated user, but no authentication happened.', 'Add AuthType, AuthName and a provider, or change the Require line.', ACCESS),
  entry('AH01627', /AuthType configured with no corresponding authorization directives/i, 'AuthType is set but no Require line applies; 2.4 answers 500 where 2.2 allowed the request.',
    'Add the intended Require line (for example Require valid-user), or delete AuthType.', ACCESS),
  entry('AH01624', /directive contains only negative authorization directives/i, 'A <RequireAll>/<RequireNone> (or the directory) holds only negated Require lines, which can never grant.',
    'Add a positive Require line to the container.', ACCESS),
  entry('AH00027', /No authentication done but request not allowed without authentication/i, 'No module authenticated a user, yet httpd found the request needs one. In a 2.2 configuration moved to 2.4 this is usually mod_authz_core not being loaded (2.2 had no such module): with no module to make the authorization decision, httpd asks every request for a user, so every URL answers 500 (real 2.4.71 on Debian squeeze\'s 2.2 tree). Otherwise a Require line needs a user (Require valid-user, user or group) but the location has no AuthType.',
    'Load mod_authz_core (LoadModule authz_core_module modules/mod_authz_core.so) if it is not loaded; otherwise add AuthType, AuthName and a provider, or use Require all granted or Require ip <network>.', [...MODULES, ...ACCESS]),
  entry('AH01796', /AuthType \S+ configured without corresponding module/i, 'The module for the AuthType (mod_auth_basic or mod_auth_digest) is not loaded.', 'Load it, for example LoadModule auth_basic_module modules/mod_auth_basic.so.', MODULES),
  entry('AH01753', /unable to get the remote host name/i, 'Require host needs the client\'s host name (double-reverse lookup), which failed.', 'Use Require ip for numeric networks, or fix reverse DNS.', ACCESS),
  entry('AH10120', /(?:dubious empty|ignoring comment in) 'Require host/i, 'A comment after Require host was read as a host name.', 'Move the comment to its own line.', ACCESS),
  entry('AH01664', /No group file was specified/i, 'Require group is used with mod_authz_groupfile but no AuthGroupFile is set (with DBM groups, 2.4 wants Require dbm-group).',
    'Set AuthGroupFile, or write Require dbm-group for mod_authz_dbm.', ACCESS),
  entry('AH01666', /user doesn't appear in group file|is not part of the 'require'ed group/i, 'The user is not in any group the Require group line names.', 'Check the group file and the Require group line.', ACCESS),
  // Start-up errors from Require and compat syntax (oracle §6).
  // httpd's exact text ("Unknown Authz provider: X"), matched case-sensitively: the case of X is the point.
  entry('authz-provider-case', /Unknown Authz provider: *\S*[A-Z]/, 'Require names its provider with a capital letter: 2.4 provider names are case-sensitive (Require Valid-User names no provider), where 2.2 accepted any case. Loading a module does not help.',
    'Write the provider name in lower case (Require valid-user, Require user, Require group).', ACCESS),
  entry('unknown-authz-provider', /Unknown Authz provider(?!: *\S*[A-Z])/, 'Require names a provider no loaded module supplies: its module is missing, the name is misspelled (2.4 provider names are case-sensitive and lower case), or it is 2.2 syntax (Require group with DBM groups is Require dbm-group).',
    'Load the provider module (mod_authz_host for ip/host/local, mod_authz_user for user/valid-user, mod_authz_groupfile for group, mod_authnz_ldap for ldap-*), or rewrite the line.', [...ACCESS, ...MODULES, 'load-module-for-directive']),
  entry('negative-require', /(negative Require|<RequireNone>) directive has no effect/i, 'A Require not … line, or a <RequireNone>, stands alone in an implicit or explicit <RequireAny>, where it can never grant.', 'Put it in a <RequireAll> with a positive Require line.', ACCESS),
  entry('no-comments', /No comments are allowed here/i, 'A comment follows an Allow or Deny line on the same line (Allow from 127.0.0.1 # local): httpd has no inline comments, and 2.4 (2.4.32 and later) refuses the # host name, where 2.2 took # and the words after it as host names that never matched.',
    'Move the comment to its own line (prefer-require, converting the line, drops the # but keeps each word after it as a Require host, as 2.2 read it; delete those by hand).', ACCESS),
  entry('invalid-ip', /ip address '[^']*' appears to be invalid/i, 'A Require ip argument is not an address or network; ip address \'#\' means a comment follows on the same line, which httpd reads as more arguments (it has no inline comments).',
    'Correct the address or network mask, and move any comment to its own line.', ACCESS),
  entry('require-all-argument', /Argument for 'Require all' must be 'granted' or 'denied'/i, 'Require all takes exactly one word, granted or denied: another word, or anything after it such as a comment on the same line (httpd has no inline comments), is refused.',
    'Write Require all granted or Require all denied alone on its line, with any comment on a line of its own.', ACCESS),
  entry('htaccess-limit-method', /Could not register method '[^']*' for <Limit/i, 'A <Limit> or <LimitExcept> in a .htaccess file names a method httpd does not know (method names are case-sensitive: get is not GET). 2.4 registers new methods only from the configuration files, so every request below that .htaccess gets a 500.',
    'Write the method as httpd knows it (GET, POST…), or register it at start-up with a <Limit METHOD> in a configuration file (an empty one in a <Location> that matches nothing will do).', ACCESS),
  entry('invalid-mask', /The specified network mask is invalid/i, 'An Allow/Deny/Require ip network has a bad mask (such as /33).', 'Correct the mask.', ACCESS),
  entry('htaccess-authconfig', new RegExp(`${HTACCESS_ALERT}${AUTHCONFIG_ACCESS} not allowed (?:here|in <)|(?<![\\w<])${AUTHCONFIG_ACCESS} ${IN_FILES}`, 'i'), 'The AllowOverride of the directory does not grant AuthConfig, which Require, Satisfy, <RequireAll>/<RequireAny>/<RequireNone> and AuthMerging need in a .htaccess file (or no AllowOverride applies: 2.4 then still reads the file but allows nothing in it). Converting Allow from … to Require ip … under AllowOverride Limit gives exactly this 500.',
    'Add AuthConfig to the AllowOverride of the <Directory> above the .htaccess (AllowOverride Limit AuthConfig), or write AllowOverride explicitly where none applies.', ['allowoverride-authconfig', 'explicit-allow-override']),
  entry('htaccess-limit', new RegExp(`${HTACCESS_ALERT}${LIMIT_ACCESS} not allowed (?:here|in <)|(?<![\\w<])${LIMIT_ACCESS} ${IN_FILES}`, 'i'), 'The AllowOverride of the directory does not grant Limit, which Order, Allow and Deny need in a .htaccess file (or no AllowOverride applies: 2.2 defaulted to All, while 2.4 still reads the file but allows nothing in it).',
    'Add Limit to the AllowOverride of the <Directory> above the .htaccess, or write AllowOverride explicitly where none applies (AllowOverride All keeps the 2.2 default).', ['explicit-allow-override']),
  entry('htaccess-no-override', new RegExp(`(?<![\\w<])${ANY_OVERRIDE_SECTIONS} not allowed here`, 'i'), 'No AllowOverride applies to the directory of the .htaccess file: 2.2 defaulted to All, while 2.4 still reads the file but allows nothing in it, not even <IfModule>, <IfDefine>, <IfVersion>, <Files> or <FilesMatch>, so every request below it gets a 500.',
    'Write AllowOverride explicitly in the <Directory> above the .htaccess (AllowOverride All keeps the 2.2 default; AllowOverride None stops 2.4 reading the file).', ['explicit-allow-override']),
  entry('htaccess-override', new RegExp(`${HTACCESS_ALERT}(?!(?:${LIMIT_ACCESS}|${AUTHCONFIG_ACCESS}|${ANY_OVERRIDE_SECTIONS}) not)<?[\\w-]+ not allowed (?:here|in <)`, 'i'), 'The AllowOverride of the directory does not grant the category the .htaccess directive needs (FileInfo for RewriteEngine, RewriteRule, Header, ErrorDocument, SetEnvIf, AddType or SetHandler; Indexes for DirectoryIndex, IndexIgnore or ExpiresActive; Options for Options; AuthConfig for AuthType, AuthName or AuthUserFile), or no AllowOverride applies: 2.2 defaulted to All, while 2.4 still reads the file but allows nothing in it.',
    'Add the category to the AllowOverride of the <Directory> above the .htaccess, or write AllowOverride explicitly where none applies (AllowOverride All keeps the 2.2 default).', ['explicit-allow-override']),
  entry('htaccess-option', /Option \S+ not allowed here/i, 'The .htaccess file sets an option that the AllowOverride of its directory does not grant: AllowOverride Options=… grants only the options it lists, and a plain AllowOverride Options does not grant MultiViews (AllowOverride All does).',
    'Name the option in the AllowOverride line (AllowOverride Options=Indexes,MultiViews, or All), or remove it from the Options line of the .htaccess.', []),
  entry('access-context', new RegExp(`(?<!${HTACCESS_ALERT})(?<![\\w<])(?:${LIMIT_ACCESS}|${AUTHCONFIG_ACCESS}) not allowed (?:here|in <(?!Files(?:Match)?> context))`, 'i'), 'An access directive sits where it is not allowed: Order, Allow, Deny, Satisfy, Require or a <Require…> container at server level or directly in <VirtualHost>.',
    'Move it into a <Directory> or <Location>.', ACCESS),
  entry('order-syntax', /order takes one argument|Satisfy either 'any' or 'all'/i, 'An Order or Satisfy value is misspelled (Order deny, allow with a space, Satisfy some).', 'Write Order deny,allow / allow,deny, Satisfy any / all, or convert to Require.', ACCESS),
  // Other start-up errors a rule fixes (texts from apache2 -t, 2.4.68).
  entry('options-mixed', /Either all Options must start with \+ or -, or no Option may/i, 'An Options line mixes words with + or - and words without; 2.2 accepted that, 2.4 refuses it.',
    'Write every word with + or - (to change what is inherited), or none (to set the list).', ['no-mixed-options']),
  entry('sslv2', /SSLv2 is no longer supported/i, 'SSLProtocol names SSLv2, which 2.4\'s mod_ssl does not support.', 'Remove the SSLv2 word from the line (a -SSLv2 may stay).', ['no-sslv2']),
  entry('regex', /Regex could not be compiled|cannot compile regular expression/i, 'A regular expression (in a *Match section, RewriteRule or the like) does not compile with 2.4\'s PCRE2, which refuses escapes 2.2\'s PCRE read as the letter itself (\\i).',
    'Correct the expression: write the letter without the backslash, or escape what was meant.', ['pcre2-regex']),
  entry('filter-provider', /Unknown filter provider/i, 'AddOutputFilterByType names a filter no loaded module provides: 2.4\'s mod_filter refuses it, where 2.2 skipped the filter.',
    'Load the module of the filter (mod_deflate for DEFLATE), or wrap the line in <IfModule mod_X.c> to answer as 2.2 did.', ['filter-provider-loaded']),
  entry('filter-provider-syntax', /FilterProvider takes three arguments/i, 'In 2.2 FilterProvider took four words (filter, provider, dispatch such as resp=Content-Type, match); 2.4\'s takes three, the last a boolean expression, and refuses the 2.2 form.',
    'Write the condition as an expression: FilterProvider COMPRESS DEFLATE resp=Content-Type $text/html becomes FilterProvider COMPRESS DEFLATE "%{CONTENT_TYPE} =~ m#text/html#i".', ['prefer-filter-provider-expr']),
  // Modules.
  entry('AH00534', /No MPM loaded/i, 'httpd 2.4 was built with loadable MPMs and none is loaded.', 'Load exactly one: LoadModule mpm_prefork_module modules/mod_mpm_prefork.so (or mpm_worker, mpm_event).', [...MODULES, 'build-notes']),
  entry('AH00136', /MUST relinquish startup privileges/i, 'Started as root without mod_unixd, httpd cannot switch to the User.', 'Load mod_unixd and set User and Group.', MODULES),
  ...removedModuleEntries,
  entry('cannot-load-standard', new RegExp(cannotLoad(STANDARD_24.map((n) => moduleNames(n).so)), 'i'), 'The module ships with httpd 2.4, but httpd could not load the file the LoadModule line names (the text after the colon says why). No such file: a relative path is read from the ServerRoot, and 2.4 packages keep their modules elsewhere than the 2.2 tree did (Debian: /usr/lib/apache2/modules) or in a package of their own (mod_ssl, mod_ldap). An undefined symbol: the file is a 2.2 build, or the module needs another one loaded on an earlier line (mod_cache_disk needs mod_cache).',
    'Point the LoadModule line at the 2.4 module file (apachectl -V shows the HTTPD_ROOT a relative path is read from when no ServerRoot is set) or install the package that provides it, and load the modules it needs before it.', []),
  entry('cannot-load-module', new RegExp(`Cannot load (?!${cannotLoad(KNOWN_SO).slice('Cannot load '.length)})[^\\n]*? into server`, 'i'), 'httpd could not load the file of a module that does not ship with it (the text after the colon says why: no such file, or a build for another httpd version, which shows as an undefined symbol); such a module must be built for 2.4 and installed.',
    'Install the module\'s 2.4 build (its distribution package, or apxs -i -c from its source) and point the LoadModule line at it, or delete the line if the module is no longer used.', ['third-party-module']),
  entry('built-in', /module \w+ is built-in and can't be loaded/i, 'The module is compiled into this httpd, so its LoadModule line is refused.', 'Delete that LoadModule line (or wrap it in <IfModule !name>).', MODULES),
  entry('lbmethod', /unknown lbmethod/i, 'Load-balancing methods are separate modules in 2.4 (mod_lbmethod_byrequests, bytraffic, bybusyness, heartbeat).', 'Load the module for the lbmethod in use.', [...MODULES, 'build-notes']),
  entry('AH01177', /Failed to lookup provider 'shm'/i, 'mod_proxy_balancer needs shared memory from mod_slotmem_shm.', 'LoadModule slotmem_shm_module modules/mod_slotmem_shm.so.', [...MODULES, 'build-notes']),
  entry('socache', /'shmcb' session cache not supported/i, 'SSLSessionCache shmcb: needs mod_socache_shmcb in 2.4.', 'LoadModule socache_shmcb_module modules/mod_socache_shmcb.so.', MODULES),
  // Includes and variables.
  entry('include-no-match', /No matches for the wildcard/i, 'In 2.4 an Include whose wildcard matches no file is an error; 2.2 skipped it silently.', 'Write IncludeOptional instead of Include (or fix the pattern).', ['prefer-include-optional']),
  entry('include-no-dir', /Include directory '[^']*' not found|Could not open directory/i, 'The directory of an Include wildcard does not exist.', 'Create it, correct the path, or use IncludeOptional.', ['prefer-include-optional']),
  entry('include-wildcard-dir', /Wildcard patterns not allowed in Include/i, '(2.2 message) 2.2 allows a wildcard only in the last path component.', 'Move the wildcard to the file name, or run 2.4, which allows it anywhere.', []),
  entry('include-depth', /Exceeded maximum include depth/i, 'Includes nest more than 128 deep, usually a file that includes itself.', 'Break the include cycle.', []),
  entry('AH00111', /Config variable \$\{[^}]*\} is not defined/i, 'httpd 2.4 found the ${NAME} neither among Define variables nor in the environment, and kept the text as written.', 'Define NAME value before the line, or export NAME in the environment httpd starts with.', ['undefined-variable']),
  entry('unexpanded-variable', /\$\{[A-Za-z_]\w*\}/, 'The message shows a ${NAME} reference httpd could not expand: NAME is neither set by Define nor in the environment httpd started with, so the text stayed as written (a user, path or directory named ${APACHE_RUN_USER}, ${APACHE_LOG_DIR}…). Debian\'s APACHE_* variables come from /etc/apache2/envvars, which apache2ctl reads and a bare apache2 does not.',
    'Start httpd through apache2ctl (or source envvars first), export the variable, or Define it before the line that uses it.', ['undefined-variable'], true),
  // .htaccess and AllowOverride.
  entry('AH02295', /in \.htaccess forbidden by AllowOverride/i, 'AllowOverride defaults to None in 2.4 (All in 2.2), so the .htaccess directive is refused.', 'Set AllowOverride for the directory (for example AllowOverride All, as 2.2 did).', ['explicit-allow-override']),
  entry('AH00114', /Useless use of AllowOverride/i, 'AllowOverride only works in <Directory>; in <Location> or <Files> it does nothing.', 'Move it into the matching <Directory>.', []),
  entry('AH00529', /unable to check htaccess file/i, 'httpd cannot read a .htaccess file or search its directory (permissions).', 'Fix the permissions, or set AllowOverride None where .htaccess is not wanted.', []),
  // mod_ssl proxy checks (changed defaults).
  entry('AH02004', /SSL Proxy: Peer certificate is expired/i, 'SSLProxyCheckPeerExpire defaults to On in 2.4: the backend certificate has expired, and the proxy answers 502.', 'Renew the backend certificate, or write SSLProxyCheckPeerExpire Off to keep 2.2\'s behaviour.', ['ssl-proxy-check-peer']),
  entry('AH02005', /SSL Proxy: Peer certificate (?:CN mismatch|does not match for hostname)/i, 'SSLProxyCheckPeerCN/SSLProxyCheckPeerName default to On in 2.4: the backend certificate does not name the host, and the proxy answers 502.',
    'Give the backend a certificate for its name, or write SSLProxyCheckPeerCN Off and SSLProxyCheckPeerName Off to keep 2.2\'s behaviour.', ['ssl-proxy-check-peer']),
  entry('AH01328', /Line too long, URI/i, 'mod_substitute met a response line longer than its limit (1 MB by default in 2.4; 2.2 had none) and failed the response.',
    'Raise the limit next to the Substitute lines, for example SubstituteMaxLineLength 10m (2.4.11 and later).', ['substitute-line-limit']),
  // Behaviour of later 2.4 releases, found on the real 2.4.71 (not in the upgrade notes).
  entry('AH10508', /Unsafe URL with %3f URL rewritten without UnsafeAllow3F/i, 'httpd 2.4.60 and later (CVE-2024-38474) answer 403 when a RewriteRule\'s substitution gets a question mark from a back-reference or variable before any question mark written in it: $1 of a request path holding %3f, as in RewriteRule ^/(.*)$ /$1, decodes to "?". 2.2 split the result into path and query string and served it. A substitution that writes its own question mark first (index.php?q=$1) is not affected, nor is one with the B flag, which escapes the back-reference.',
    'If such requests must keep working, add the UnsafeAllow3F flag to that RewriteRule ([L,UnsafeAllow3F]), knowing it lets a captured %3f set the query string again; otherwise leave it: the 403 is the fix.', []),
  entry('AH10510', /'SSLEngine optional' is no longer supported/i, 'httpd 2.4.64 and later no longer upgrade a plain-HTTP connection to TLS (RFC 2817, CVE-2025-49812): the virtual host with SSLEngine optional is served without TLS, so where SSLRequireSSL or SSLRequire applies a plain-HTTP request gets 403 where 2.2 answered 426 Upgrade Required.',
    'Serve TLS from a virtual host with SSLEngine on (its own port), send plain-HTTP clients there (Redirect), then delete the SSLEngine optional line.', ['ssl-engine-optional']),
  // Catch-alls.
  entry('invalid-command', /Invalid command\s+'[^']*'|Unknown directive\s+\S+/i, 'httpd does not know the directive: it is misspelled, its module is not loaded, or it was removed in 2.4.', 'Load the module that provides it, or remove or replace it (see the upgrade notes).', MODULES, true),
  entry('AH00526', /Syntax error on line \d+ of [^:]+:?/i, 'httpd refused a line of the configuration at start-up; the next log line says why.', 'Look up the message on the following line.', [], true),
  entry('AH00014', /Configuration check failed/i, 'The configuration test (apache2 -t, apachectl configtest) failed in a check run once the configuration was read; an earlier line of its output names the cause.', 'Look up the preceding error.', [], true),
  entry('AH00016', /Configuration Failed/i, 'Start-up failed after the configuration was read; an earlier line of the log names the cause.', 'Look up the preceding error.', [], true),
];

/** The entries that explain a message (one or more log lines): specific ones in order of appearance, else the catch-alls. */
export function explain(message: string): ExplainEntry[] {
  const found = MESSAGES.map((e) => ({ e, at: message.search(e.pattern) })).filter((x) => x.at >= 0);
  const specific = found.filter((x) => !x.e.generic).sort((a, b) => a.at - b.at);
  return (specific.length ? specific : found.sort((a, b) => a.at - b.at)).map((x) => x.e);
}
