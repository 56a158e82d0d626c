/**
 * Directives that map a URL to a file (or to a proxied resource) otherwise than DocumentRoot and a
 * literal Alias/ScriptAlias do: the access prover (src/access/compare/probes.ts urlMapping) does
 * not follow them, so it cannot tell which <Location> and which file-system section meet on one
 * request through them (semantics §4.5).
 */
import type { Directive, Section } from '../ast/nodes.js';
import { fnmatch, hasWildcard } from '../project/fnmatch.js';

/** Rewrite flags that end a rule without mapping the URL to a file (redirect, forbidden, gone). */
const NO_MAPPING_FLAG = /^(r|redirect)(=|$)|^(f|forbidden|g|gone)$/i;

/**
 * How a RewriteRule in server or virtual-host context maps the URL, or null when it maps nothing. A full
 * http(s) URL without [R] is a mapping too when it names this server: mod_rewrite strips a prefix
 * `scheme://host[:port]` with the request's scheme that names the server (reduce_uri,
 * ap_matches_request_vhost; 2.2 and 2.4 alike) and maps the rest as a path, the request's URL staying
 * the same. `self` is then that URL's host (`*` when a variable or back-reference gives it) and scheme.
 */
function rewriteMapping(d: Directive): { name: string; self?: SelfUrl } | null {
  const subst = d.args[1]?.value;
  if (subst === undefined || subst === '-') return null;
  // A full URL redirects (or, with [P], proxies: a mapping the proof does not follow either).
  const flags = (d.args[2]?.value ?? '').replace(/^\[|\]$/g, '').split(',').map((f) => f.trim());
  if (flags.some((f) => /^(p|proxy)$/i.test(f))) return { name: 'RewriteRule [P]' };
  if (flags.some((f) => NO_MAPPING_FLAG.test(f))) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(subst)) {
    const self = httpUrl(subst);
    return self === null ? null : { name: 'RewriteRule', self };
  }
  return { name: 'RewriteRule' };
}

/** The host and scheme of a full URL that may name this server. */
export interface SelfUrl {
  /** Lower case; `*` when a variable or back-reference gives it. */
  host: string;
  https: boolean;
}

/** The host (`*` when a variable or back-reference gives it) and scheme of an http(s) URL; null for another scheme. */
function httpUrl(url: string): SelfUrl | null {
  const m = /^http(s?):\/\/([^/?#]*)/i.exec(url);
  if (!m) return null;
  const authority = m[2]!.replace(/^[^@]*@/, '');
  const host = /[$%]/.test(authority) ? '*' : authority.replace(/:[^:\]]*$/, '').toLowerCase();
  return { host, https: m[1] !== '' };
}

/**
 * The host names a line gives the server it is in, lower case, for mod_rewrite's test of whether a URL
 * names this server: ServerName (`[scheme://]host[:port]`), ServerAlias (wildcards allowed), and the
 * addresses of Listen and <VirtualHost> (`host:port`, `*` matching none).
 */
export function serverHostNames(n: Directive | Section): string[] {
  const host = (w: string) => w.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/:[^:\]]*$/, '').toLowerCase();
  switch (n.lname) {
    case 'servername': case 'serveralias': case 'virtualhost':
      return n.args.map((a) => host(a.value)).filter((h) => h !== '' && h !== '*' && h !== '_default_');
    case 'listen': {
      const addr = n.args[0]?.value ?? '';
      return /^\d+$/.test(addr) ? [] : [host(addr)].filter((h) => h !== '');
    }
    default:
      return [];
  }
}

/**
 * Whether a full URL (`self` of a mapping) may name the server of a context: its scheme is the context's
 * (`https` under SSLEngine on), and its host is one of `names` (serverHostNames, wildcards as ServerAlias takes
 * them), comes from a variable, or may be anything when the main server has no ServerName (httpd then takes
 * the machine's name, unknown here).
 */
export function mayNameServer(self: SelfUrl, https: boolean, names: readonly string[], mainNamed: boolean): boolean {
  if (self.https !== https) return false;
  if (self.host === '*' || !mainNamed) return true;
  return names.some((n) => (hasWildcard(n) ? fnmatch(n, self.host) : n === self.host));
}

/**
 * A mapping the prover does not follow: what it is, and the literal beginnings of the URLs it maps
 * and of the places it maps them to ('' when any; PROXIED for a proxied resource), so that only
 * sections that can meet through it are held back.
 */
export interface MappingReach {
  name: string;
  url: string;
  target: string;
  /** A full http(s) URL, which maps only when it names the server; see rewriteMapping. */
  self?: SelfUrl;
  /**
   * A `UserDir enabled|disabled <names>` line: it switches users on or off and names no directory, so /~user maps to
   * mod_userdir's default (public_html in each home) only where no UserDir line naming directories is in force.
   */
  userDirDefault?: true;
}

/** The target of a proxying mapping: it meets <Proxy> sections, not file-system ones. */
export const PROXIED = 'proxy:';

/** The literal beginning of a regex: what every match starts with ('' unless anchored with ^). */
export function regexLiteralPrefix(re: string): string {
  if (!re.startsWith('^')) return '';
  let out = '';
  for (let i = 1; i < re.length; i++) {
    const c = re[i]!;
    if (c === '\\' && i + 1 < re.length && /[^A-Za-z0-9]/.test(re[i + 1]!)) { out += re[++i]; continue; }
    if ('\\.[]()*+?{}|$^'.includes(c)) {
      // A quantifier makes the character before it optional.
      return '*?{'.includes(c) ? out.slice(0, -1) : out;
    }
    out += c;
  }
  return out;
}

/** The literal beginning of a substitution: what comes before its first back-reference or variable. */
function substitutionPrefix(subst: string): string {
  const i = subst.search(/[$%]/);
  return i < 0 ? subst : subst.slice(0, i);
}

/** The literal beginning of a wildcard path: what comes before its first *, ? or [. */
export function wildcardLiteralPrefix(p: string): string {
  const i = p.search(/[*?[]/);
  return i < 0 ? p : p.slice(0, i);
}

/**
 * Where a UserDir, AliasMatch or ScriptAliasMatch line maps URLs to on disk, for the .htaccess files httpd reads
 * there. `prefixes`: for each absolute target, what every path it maps to begins with: the part before its first
 * `$n` (AliasMatch) or `*` (UserDir), or the target and a `/` when it has none (a UserDir path without `*` holds
 * the users' directories). `homes`: a target below the users' home directories (a relative UserDir such as
 * `UserDir public_html`), which only the password database names.
 */
export function mappedPrefixes(d: Directive): { prefixes: string[]; homes?: string } {
  let targets: string[];
  let fixed: (target: string) => string;
  if (d.lname === 'aliasmatch' || d.lname === 'scriptaliasmatch') {
    targets = d.args.length === 2 ? [d.args[1]!.value] : [];
    fixed = substitutionPrefix;
  } else if (d.lname === 'userdir') {
    const words = d.args.map((a) => a.value);
    // `UserDir disabled|enabled [names]` switches users on or off; any other line lists the directories (mod_userdir).
    // A word with a `:` that is not a path is a URL the request is redirected to; `*` stands for the user's name.
    targets = words.length === 0 || /^(dis|en)abled$/i.test(words[0]!) ? [] : words.filter((w) => w.startsWith('/') || !w.includes(':'));
    fixed = (t) => t.split('*')[0]!;
  } else {
    return { prefixes: [] };
  }
  const prefixes = targets.filter((t) => t.startsWith('/')).map((t) => {
    const f = fixed(t);
    return f === t && !t.endsWith('/') ? `${t}/` : f;
  });
  const homes = d.lname === 'userdir' ? targets.find((t) => !t.startsWith('/')) : undefined;
  return homes === undefined ? { prefixes } : { prefixes, homes };
}

/**
 * The mapping a server-configuration directive sets up that the prover does not follow
 * (`AliasMatch`, `ProxyPass`, `RewriteRule [P]`…), or null. `inSection`: the line stands inside a
 * per-directory section (a RewriteRule there makes an internal redirect, mapped afresh).
 */
export function unfollowedMapping(d: Directive, inSection: boolean): MappingReach | null {
  const arg = (i: number) => d.args[i]?.value;
  switch (d.lname) {
    case 'aliasmatch': case 'scriptaliasmatch':
      return d.args.length >= 2 ? { name: d.name, url: regexLiteralPrefix(arg(0)!), target: substitutionPrefix(arg(1)!) } : null;
    case 'userdir': {
      // `UserDir disabled` (with or without names) turns it off; anything else maps /~user.
      const first = arg(0)?.toLowerCase();
      if (first === undefined || (first === 'disabled' && d.args.length === 1)) return null;
      // `UserDir enabled|disabled [names]` only switches users (mod_userdir set_user_dir): the directories stay those of
      // another UserDir line, or the default public_html below each home directory, anywhere.
      if (first === 'enabled' || first === 'disabled') return { name: d.name, url: '/~', target: '', userDirDefault: true };
      const dirs = d.args.map((a) => a.value);
      // An absolute path names where the users' directories are; a relative one is below each home directory, anywhere.
      const target = dirs.length === 1 && dirs[0]!.startsWith('/') ? wildcardLiteralPrefix(dirs[0]!) : '';
      return { name: d.name, url: '/~', target };
    }
    case 'proxypass': case 'proxypassmatch': {
      const target = arg(inSection ? 0 : 1);
      if (target === undefined || target === '!') return null;
      const url = inSection ? '' : d.lname === 'proxypass' ? arg(0)! : regexLiteralPrefix(arg(0)!);
      return { name: d.name, url, target: PROXIED };
    }
    case 'rewriterule': {
      const m = inSection ? null : rewriteMapping(d);
      if (!m) return null;
      // A substitution that is a path may be a URL mapped again (through any Alias): its target is anywhere.
      const reach: MappingReach = { name: m.name, url: regexLiteralPrefix(arg(0) ?? ''), target: m.name.endsWith('[P]') ? PROXIED : '' };
      return m.self === undefined ? reach : { ...reach, self: m.self };
    }
    case 'acceptpathinfo':
      // A URL with path info reaches the file before it: /index.php/admin is index.php.
      return arg(0)?.toLowerCase() === 'on' ? { name: `${d.name} On`, url: '', target: '' } : null;
    default:
      return null;
  }
}

/** Whether a main-server mapping applies in the virtual hosts too (mod_rewrite's rules do not, without RewriteOptions Inherit). */
export function inheritedByVirtualHosts(name: string): boolean {
  return !name.startsWith('RewriteRule');
}
