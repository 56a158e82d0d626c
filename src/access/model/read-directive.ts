/** Reads the access-control directives of one section into model items, for 2.2 or 2.4 (semantics §2.2, §2.3, §3.2). */
import type { Directive } from '../../ast/nodes.js';
import type { RunCache } from '../../project/run-cache.js';
import { ipWord, type Subnet } from './ip.js';
import { asciiLower } from '../../parse/words.js';
import { ACCESS_DIRECTIVES, AUTHORITATIVE, REQUIRE_PROVIDER_MODULE } from '../../apache/access-directives.js';
import type { AuthzNode, HostEntry, Item, Mask, OrderValue, SettingKey, Version } from './model.js';

const SETTINGS: ReadonlySet<string> = new Set<SettingKey>([
  'authtype', 'authname', 'authgroupfile', 'authdbmgroupfile', 'authuserfile', 'authbasicprovider', 'allowoverride', 'authzuserauthoritative', 'authzgroupfileauthoritative',
  'authzdbmauthoritative', 'authzownerauthoritative', 'authzdefaultauthoritative', 'authzldapauthoritative',
]);

export { AUTHORITATIVE };

/** Words of a Require/Allow argument that follow an inline `#` (httpd has no inline comments: semantics §1.2). */
export function commentStart(words: readonly string[]): number {
  const i = words.findIndex((w) => w.startsWith('#'));
  return i === -1 ? words.length : i;
}

/**
 * Whether a word after an inline `#` of an Allow/Deny line can still match a client's name: 2.2 took
 * it as a host name (semantics §1.2), and one made of letters, digits, `-`, `_` and dots (`local`,
 * `net`) matches every name ending in it. `#` and words with other characters match no DNS name.
 */
export function commentWordMatches(word: string): boolean {
  return /^\.?[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/i.test(word);
}

/**
 * Whether a host entry can match a client's name: not one holding a `#` (no DNS name does), nor an
 * inline-comment word no name ends in.
 */
export function hostCanMatch(e: Extract<HostEntry, { kind: 'host' }>): boolean {
  return !e.name.includes('#') && (!e.comment || commentWordMatches(e.name));
}

/**
 * The names a 2.4 `Require host` tests: its text up to the first `#`, wherever that `#` is
 * (host_check_authorization, 2.4.32 and later: `Require host a.example b.example#c d.example`
 * tests a.example and b.example). Nothing when the text starts with `#` (AH10120, denied).
 */
export function hostNamesBeforeComment(args: readonly string[]): string[] {
  const out: string[] = [];
  for (const a of args) {
    const hash = a.indexOf('#');
    if (hash === -1) { out.push(a); continue; }
    if (hash > 0) out.push(a.slice(0, hash));
    break;
  }
  return out;
}

/** Classifies one Allow/Deny word (allow_cmd, semantics §2.3). */
export function hostEntry(word: string, comment: boolean, cache: RunCache): HostEntry | string {
  const lw = asciiLower(word); // host names compare blind to ASCII case only (apr_tolower), as in_domain does
  if (lw.startsWith('env=!')) return { kind: 'env', text: word, name: word.slice(5).toLowerCase(), negated: true };
  if (lw.startsWith('env=')) return { kind: 'env', text: word, name: word.slice(4).toLowerCase(), negated: false };
  if (lw === 'all') return { kind: 'all', text: word };
  const r = ipWord(cache, word);
  if (r.ok) return { kind: 'ip', text: word, subnet: r.subnet };
  if (word.includes('/') || !r.notIp) return r.message;
  return { kind: 'host', text: word, name: lw, comment };
}

export interface Read {
  items: Item[];
  errors: string[];
}

/** Reads one directive into items (and errors), or nothing when it is not about access. */
const ACCESS_NAMES: ReadonlySet<string> = new Set([...ACCESS_DIRECTIVES, 'authmerging', 'authzsendforbiddenonfailure', ...AUTHORITATIVE, ...SETTINGS, 'sslrequiressl', 'sslrequire']);

/**
 * A 2.4 `<AuthzProviderAlias base alias args…>`: `Require alias` runs the base provider with the
 * alias's arguments (the Require line's own are ignored), under the section's own directives merged in
 * (authz_alias_check_authorization). `modelled` is false when that body holds any directive.
 */
export interface ProviderAlias {
  base: string;
  args: readonly string[];
  modelled: boolean;
}

export function readDirective(
  d: Directive, mask: Mask, version: Version, modules: ReadonlySet<string>, cache: RunCache, aliases?: ReadonlyMap<string, ProviderAlias>,
): Read | null {
  if (!ACCESS_NAMES.has(d.lname)) return null;
  const words = d.args.map((a) => a.value);
  const errors: string[] = [];
  const items: Item[] = [];
  const compatName = d.lname === 'order' || d.lname === 'allow' || d.lname === 'deny' || d.lname === 'satisfy';
  if (compatName && version === '2.4' && !modules.has('access_compat')) {
    return { items, errors: [`Invalid command '${d.name}', perhaps misspelled or defined by a module not included in the server configuration`] };
  }
  switch (d.lname) {
    case 'order': {
      const v = (words[0] ?? '').toLowerCase();
      if (words.length !== 1) errors.push("order takes one argument, 'allow,deny', 'deny,allow', or 'mutual-failure'");
      else if (v !== 'allow,deny' && v !== 'deny,allow' && v !== 'mutual-failure') errors.push('unknown order');
      else items.push({ k: 'order', mask, value: v as OrderValue });
      break;
    }
    case 'allow': case 'deny': {
      if ((words[0] ?? '').toLowerCase() !== 'from' || words.length < 2) {
        errors.push("allow and deny must be followed by 'from'");
        break;
      }
      const rest = words.slice(1);
      const cut = commentStart(rest);
      const entries: HostEntry[] = [];
      rest.forEach((w, i) => {
        const e = hostEntry(w, i >= cut, cache);
        if (typeof e === 'string') errors.push(e);
        else {
          if (version === '2.4' && e.kind === 'host' && e.text.includes('#')) errors.push('No comments are allowed here');
          entries.push(e);
        }
      });
      items.push({ k: d.lname, mask, entries: entries.slice() }); // a copy without the room push left
      break;
    }
    case 'satisfy': {
      const v = (words[0] ?? '').toLowerCase();
      if (v !== 'any' && v !== 'all') errors.push("Satisfy either 'any' or 'all'.");
      else items.push({ k: 'satisfy', mask, any: v === 'any' });
      break;
    }
    case 'require': {
      if (words.length === 0) { errors.push('Require requires at least one argument'); break; }
      if (version === '2.2') items.push({ k: 'require', mask, words });
      else {
        const node = requireNode(words, mask, modules, errors, cache, aliases);
        if (node) items.push({ k: 'authz', node });
      }
      break;
    }
    case 'authmerging': {
      const v = (words[0] ?? '').toLowerCase();
      if (version === '2.2') { errors.push(`Invalid command '${d.name}', perhaps misspelled or defined by a module not included in the server configuration`); break; }
      if (v !== 'off' && v !== 'and' && v !== 'or') errors.push('AuthMerging must be one of: Off | And | Or');
      else items.push({ k: 'authmerging', value: v });
      break;
    }
    case 'authzsendforbiddenonfailure': {
      // mod_authz_core (2.4 only), a FLAG: 403 instead of 401 when an authenticated user is refused.
      const v = (words[0] ?? '').toLowerCase();
      if (version === '2.2') { errors.push(`Invalid command '${d.name}', perhaps misspelled or defined by a module not included in the server configuration`); break; }
      if (words.length !== 1 || (v !== 'on' && v !== 'off')) errors.push("AuthzSendForbiddenOnFailure must be On or Off");
      else items.push({ k: 'set', key: 'authzsendforbiddenonfailure', value: v });
      break;
    }
    case 'sslrequiressl': case 'sslrequire':
      items.push({ k: 'set', key: 'sslrequire', value: d.name });
      break;
    default:
      if (AUTHORITATIVE.has(d.lname) && version === '2.4') {
        errors.push(`Invalid command '${d.name}', perhaps misspelled or defined by a module not included in the server configuration`);
        break;
      }
      if (!SETTINGS.has(d.lname)) return null;
      items.push({ k: 'set', key: d.lname as SettingKey, value: words.join(' ') });
  }
  return { items, errors };
}

/**
 * readDirective for one model. Lines repeat from section to section (`Order deny,allow`, `Deny from
 * all` in every virtual host): each spelling outside `<Limit>` is read once, and the sections that
 * hold it share its items, which nothing changes.
 */
export function directiveReader(
  version: Version, modules: ReadonlySet<string>, cache: RunCache, aliases?: ReadonlyMap<string, ProviderAlias>,
): (d: Directive, mask: Mask) => Read | null {
  const read = new Map<string, Read | null>();
  return (d, mask) => {
    if (!ACCESS_NAMES.has(d.lname)) return null;
    // A Require line reads differently before and after the <AuthzProviderAlias> that names its provider.
    if (mask !== null || (aliases?.size && d.lname === 'require')) return readDirective(d, mask, version, modules, cache, aliases);
    let key = d.name;
    for (const a of d.args) key += ` ${a.value.length}:${a.value}`; // each word's length first: a quoted word may hold anything
    let r = read.get(key);
    if (r === undefined) read.set(key, (r = readDirective(d, null, version, modules, cache, aliases)));
    return r;
  };
}

/** A 2.4 Require line as a tree leaf (add_authz_provider, semantics §3.2). */
export function requireNode(
  words: readonly string[], mask: Mask, modules: ReadonlySet<string>, errors: string[], cache: RunCache, aliases?: ReadonlyMap<string, ProviderAlias>,
): AuthzNode | null {
  let negate = false;
  let rest = [...words];
  if (rest[0]?.toLowerCase() === 'not') { negate = true; rest = rest.slice(1); }
  const name = rest[0] ?? '';
  const args = rest.slice(1);
  const alias = aliases?.get(name);
  if (alias) {
    // An alias whose section sets directives of its own is left to undecided.ts (an unmodelled provider name).
    if (!alias.modelled) return { kind: 'provider', name, args, negate, mask };
    return requireNode([...(negate ? ['not'] : []), alias.base, ...alias.args], mask, modules, errors, cache);
  }
  const mod = REQUIRE_PROVIDER_MODULE[name];
  if (mod === undefined || (!modules.has(mod) && mod !== 'authz_core')) {
    errors.push(`Unknown Authz provider: ${name}`);
    return null;
  }
  const node: AuthzNode = { kind: 'provider', name, args, negate, mask };
  const exprError = expressionError(name, args);
  if (exprError !== null) errors.push(`Cannot parse expression in require line: ${exprError}`);
  if (name === 'all') {
    const a = args.join(' ').toLowerCase();
    if (a !== 'granted' && a !== 'denied') errors.push("Argument for 'Require all' must be 'granted' or 'denied'");
  } else if (name === 'ip') {
    if (args.length === 0) errors.push("'require ip' requires an argument");
    const subnets: Subnet[] = [];
    for (const w of args) {
      const r = ipWord(cache, w);
      if (r.ok) subnets.push(r.subnet);
      else errors.push(`ip address '${w}' appears to be invalid${r.notIp ? '' : `: ${r.message}`}`);
    }
    node.subnets = subnets.slice(); // a copy without the room push left: a proof reads 10,000s of these
  } else if (name === 'host') {
    node.args = hostNamesBeforeComment(args);
  }
  return node;
}

/** The providers whose argument httpd parses as an ap_expr: a condition (`expr`), or a string (2.4.8 on). */
const EXPRESSION_PROVIDERS: ReadonlySet<string> = new Set(['expr', 'user', 'group', 'host']);

/**
 * Why httpd cannot parse a Require line's expression, in the few cases that are certain without a
 * full ap_expr parser (checked on 2.4.71): `Require expr` with nothing after it, and a `%{` that no
 * `}` closes (in `expr`, `user`, `group`, `host`). Null otherwise, including expressions this does not check.
 */
export function expressionError(provider: string, args: readonly string[]): string | null {
  if (!EXPRESSION_PROVIDERS.has(provider)) return null;
  const text = args.join(' ');
  if (provider === 'expr' && text.trim() === '') return 'syntax error, unexpected $end';
  const open = text.lastIndexOf('%{');
  if (open !== -1 && !text.includes('}', open)) return 'a %{ opens a variable no } closes';
  return null;
}
