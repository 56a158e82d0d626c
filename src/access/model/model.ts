/**
 * The request model and the compiled per-section access state that both
 * evaluators (2.2 and 2.4) work on.
 */
import type { Section } from '../../ast/nodes.js';
import type { Subnet } from './ip.js';
import type { CondContext } from './module-conditions.js';
import type { Version } from './version.js';
import type { RunCache } from '../../project/run-cache.js';
import type { OptionsState } from '../../apache/options.js';

export type { Version };

export interface Credentials {
  user: string;
  /** Groups the user belongs to (compared case-insensitively, like the group files). */
  groups: readonly string[];
  /** 'bad' is a wrong password (or an unknown user). */
  password: 'good' | 'bad';
  /** The opaque properties (user-predicates.ts `predicateKey`: `ldap-group cn=staff`) the user has. */
  holds?: readonly string[];
}

/** One request, as the evaluators see it. */
export interface Request {
  /** The context's key: '' for the main server, else the `<VirtualHost>` key. */
  vhost: string;
  /** The URL path. */
  path: string;
  /** The file the URL maps to (or `proxy:URL` for proxied requests). */
  file: string;
  method: string;
  /** Client address (IPv4 or IPv6 text). */
  ip: string;
  /** The name the double-reverse lookup yields, or null. */
  host: string | null;
  /** Environment variables present, in lower case. */
  env: readonly string[];
  credentials: Credentials | null;
  /** `vhost\0path\0file` (and `\0file` for a plainFile one), precomputed for the merge cache. */
  key?: string;
  /**
   * The URL maps to an existing regular file, which the directory walk does not take for a directory where the options
   * in force turn FollowSymLinks off or SymLinksIfOwnerMatch on (decide/file-as-directory.ts). Unset: the path is a
   * directory, or a file the walk takes for one (the default options), and a `<Directory>` naming it applies.
   */
  plainFile?: true;
  /**
   * Where the path is probed both ways (plainFile): this is the one that takes it for a directory. Only said in the
   * request's description; the deciders read it as an unset plainFile.
   */
  directory?: true;
  /** The DocumentRoot the URL → file mapping assumed, when the files loaded set none for the context. */
  docroot?: string;
  /**
   * True when mod_ssl's access check refuses the request where SSLRequireSSL or SSLRequire applies: a
   * plain-HTTP request, or one an SSLRequire expression rejects (unset: the check lets it through).
   */
  sslRefused?: true;
}

export type Status = 200 | 401 | 403 | 500;

export interface Outcome {
  status: Status;
  /** The module (or phase) that decided. */
  by: string;
}

/** Methods a directive applies to: null for all, else the `<Limit>` / `<LimitExcept>` list. */
export type Mask = null | { except: boolean; methods: readonly string[] };

/** One Allow/Deny word. */
export type HostEntry =
  | { kind: 'all'; text: string }
  | { kind: 'ip'; text: string; subnet: Subnet }
  | { kind: 'host'; text: string; name: string; comment: boolean }
  | { kind: 'env'; text: string; name: string; negated: boolean };

export type OrderValue = 'allow,deny' | 'deny,allow' | 'mutual-failure';

/** A 2.4 Require tree node. */
export type AuthzNode =
  | { kind: 'provider'; name: string; args: string[]; negate: boolean; mask: Mask; subnets?: Subnet[] }
  | { kind: 'container'; op: 'and' | 'or'; negate: boolean; mask: Mask; children: AuthzNode[] };

/** One access-related directive of a section, in order. */
export type Item =
  | { k: 'order'; mask: Mask; value: OrderValue }
  | { k: 'allow' | 'deny'; mask: Mask; entries: HostEntry[] }
  | { k: 'satisfy'; mask: Mask; any: boolean }
  /** A 2.2 Require line: the words after `Require`. */
  | { k: 'require'; mask: Mask; words: string[] }
  /** A 2.4 Require line or container. */
  | { k: 'authz'; node: AuthzNode }
  | { k: 'authmerging'; value: 'off' | 'and' | 'or' }
  | { k: 'set'; key: SettingKey; value: string };

export type SettingKey =
  | 'authtype' | 'authname' | 'authgroupfile' | 'authdbmgroupfile' | 'allowoverride'
  /** mod_authn_file's password file and mod_auth_basic's providers (decide/password-file.ts). */
  | 'authuserfile' | 'authbasicprovider'
  | 'authzuserauthoritative' | 'authzgroupfileauthoritative' | 'authzdbmauthoritative'
  | 'authzownerauthoritative' | 'authzdefaultauthoritative' | 'authzldapauthoritative'
  /** 2.4 AuthzSendForbiddenOnFailure: 'on' or 'off' (mod_authz_core's record, merged: inherited unless set). */
  | 'authzsendforbiddenonfailure'
  /** SSLRequireSSL or SSLRequire (the name of the last one read): mod_ssl's access check, inherited, never turned off. */
  | 'sslrequire';

export type ScopeKind = 'directory' | 'directorymatch' | 'files' | 'filesmatch' | 'location' | 'locationmatch' | 'htaccess' | 'proxy';

/** One section that holds per-directory configuration (or a .htaccess file). */
export interface Scope {
  kind: ScopeKind;
  /** The section's argument as written (path, pattern), or the .htaccess directory. */
  pattern: string;
  /** For regex forms. */
  regex: RegExp | null;
  /** Why this tool cannot evaluate the regex of a regex form PCRE accepts (src/apache/pcre.ts): it then matches nothing here. */
  unevaluable?: string;
  /** The `<Directory>` this `<Files>` is nested in, if any. */
  within: Scope | null;
  /** '' for the main server, else the virtual host key. */
  vhost: string;
  /** Position in configuration order. */
  order: number;
  items: Item[];
  /** The section node (null for a .htaccess file). */
  node: Section | null;
  /** The file holding it. */
  path: string;
  /** Startup errors found in this section (the server would not start). */
  errors: string[];
  /**
   * Why no request that meets the section can be decided here (the first reason, with where it is):
   * access lines inside `<If>`/`<ElseIf>`/`<Else>`, whose condition is evaluated per request, or a
   * 2.4 Require provider the deciders do not model (`expr`, `ldap-*`…). See undecided.ts.
   */
  undecided?: string;
  /**
   * The first other file an Include inside the section reads access lines from (httpd reads them as
   * the section's own): a rewrite of the section alone would leave them as they are.
   */
  includedLinesFrom?: string;
  /**
   * The first access line of the section whose words hold a `${NAME}` (`Allow from ${TRUSTED}`), as
   * written: httpd replaces it before reading the line, so what the line does is known only when
   * httpd starts, and the model's reading of the literal text proves nothing about it.
   */
  variableLine?: string;
  /** For a .htaccess: whether it holds any directive or section at all (2.4 refuses every one when nothing is allowed). */
  hasContent?: boolean;
  /**
   * In a .htaccess (or a section of one): the first line of each AllowOverride need of its lines other than the access
   * lines (items say theirs), with what it needs (htaccessNeed: `DirectorySlash` needs Indexes). Where AllowOverride
   * does not grant it, httpd 2.2 and 2.4 answer 500 ("DirectorySlash not allowed here"): found by a helper's hunt.
   */
  overrideNeeds?: { name: string; need: string }[];
  /**
   * For a .htaccess read in its own directory: its file name, which decides the contexts that read it
   * (see accessFilesIn). Unset for a loose one (read under the neutral server): every context reads it.
   */
  accessName?: string;
  /**
   * A `<Directory>` (not a regex one) or a .htaccess with `Options` lines: its options after them. They decide
   * whether the directory walk takes a file for a directory (decide/file-as-directory.ts).
   */
  options?: OptionsState;
  /** In a .htaccess (or a section of one): the words of each `Options` line, which AllowOverride may refuse (decide/merge.ts). */
  optionLines?: string[][];
}

/** One line that maps URLs in a way the prover does not follow. */
export interface UnfollowedMapping {
  /** What it is (`AliasMatch`, `RewriteRule [P]`, `AcceptPathInfo On`). */
  name: string;
  path: string;
  /** Offset of the line in its file. */
  offset: number;
  /** For a main-server line: whether the virtual hosts inherit it. */
  inherited: boolean;
  /** The literal beginnings of the URLs it maps and of their targets ('' when any; see src/apache/url-mappings.ts). */
  url: string;
  target: string;
}

/** An error httpd reports for one line: at start-up in a configuration file, as 500 in a .htaccess file. */
export interface ErrorAt {
  path: string;
  /** Offsets of the line in its file. */
  start: number;
  end: number;
  message: string;
  /** `file:line` as users see the file. */
  where: string;
}

/** Whether a connection may reach the main server (main-server.ts): reachable, with the first reason, or not. */
export type MainServerReach = { reachable: true; why: string } | { reachable: false };

/** The compiled configuration of one tree, read for one version. */
export interface Model {
  version: Version;
  /** Loaded modules, by short name (`authz_host`), in LoadModule order. */
  modules: readonly string[];
  scopes: Scope[];
  /** Virtual-host keys, in order. */
  vhosts: string[];
  /**
   * Whether a connection may reach the main server (main-server.ts): not when every address and port
   * a Listen line may open is a <VirtualHost>'s, for certain. Unset: not known, reachable.
   */
  mainServer?: MainServerReach;
  /** The ServerRoot a relative DocumentRoot was taken against (null: not known, kept as written). */
  serverRoot?: string | null;
  /** DocumentRoot per context ('' = main server), made absolute against serverRoot. */
  docroots: Map<string, string>;
  /** Alias URL prefix → directory, per context. */
  aliases: Map<string, [string, string][]>;
  /** The AccessFileName list each context sets itself ('' = main server): its last AccessFileName line (a context without one: see src/apache/access-file-name.ts). */
  accessFileNames?: Map<string, readonly string[]>;
  /** The access files the model holds by directory: the names present, each context reads the first of its list among them. */
  accessFilesIn?: Map<string, Set<string>>;
  /**
   * URL-to-file mappings the prover does not follow (AliasMatch, ProxyPass… see src/apache/url-mappings.ts),
   * per context ('' = main server); a main-server one marked `inherited` applies in every virtual host too.
   */
  unfollowed?: Map<string, UnfollowedMapping[]>;
  /** Startup errors anywhere (outside sections). */
  errors: string[];
  /** The server's own options after its `Options` lines outside sections, per context ('' = main server), where it has any. */
  serverOptions?: Map<string, OptionsState>;
  /**
   * True when some `Options` line may turn FollowSymLinks off or SymLinksIfOwnerMatch on for a directory walk
   * (decide/file-as-directory.ts); unset, every walk takes a file for a directory as with the default options.
   */
  symlinkOptions?: true;
  /** Why no request of a context ('' = main server, whose reason holds for every context) can be decided: access lines in an `<If>` outside any section. */
  undecidedIn?: Map<string, string>;
  /** Every error of a directive or section line, in a section or not, with where it is. */
  errorsAt: ErrorAt[];
  /**
   * 'migrated': read .htaccess files as the migration leaves them: an explicit
   * AllowOverride (2.2's default All where none was set) with AuthConfig added
   * wherever Limit was granted (the AllowOverride rule's job).
   */
  htaccessOverride?: 'real' | 'migrated';
  /** 'migrated': directories of .htaccess files 2.2 refused under Limit, whose AllowOverride gets no AuthConfig. */
  keepOverrideFor?: readonly string[];
  /** 'migrated': directories where the migration adds a <Directory> with AllowOverride All (no <Directory> covered them). */
  overrideAddedFor?: readonly string[];
  /** How <IfModule>, <IfDefine> and <IfVersion> evaluated for this model. */
  cond?: CondContext;
  /** The run's memo (src/project/run-cache.ts): what the deciders and the prover cache about this model lives there. */
  cache: RunCache;
}
