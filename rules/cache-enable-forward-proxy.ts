import type { Directive, Section } from '../src/ast/nodes.js';
import { walk } from '../src/ast/walk.js';
import { insertLinesAfter } from '../src/edit/fixer.js';
import { defineRule } from '../src/engine/rule.js';

/**
 * The protocol forms that together cover what `/` covered for a 2.2 forward proxy. `*:` matches
 * any host and any port; a bare `http://` matches port 80 only (cache_util.c, and tested on 2.4.71).
 */
export const PROXY_PROTOCOLS = ['http://*:', 'https://*:', 'ftp://*:'];

/**
 * What a path-only URL also matched in 2.2 on a forward proxy: 2.2's uri_meets_conditions compared
 * only the path when the filter had no protocol, so `/images` matched `http://any.host/images/…`.
 * 2.4 needs the protocol form: `http://*:/images` (`/` becomes `http://*:`).
 */
export const protocolForms = (path: string) => PROXY_PROTOCOLS.map((p) => (path === '/' ? p : p + path));

/** Lines already written that cover a protocol form (`http://*:` also as `http://*:/`). */
const covers = (url: string | undefined, form: string) => url === form || (form.endsWith(':') && url === `${form}/`);

/** A local path, the only kind of URL 2.2 matched against proxied URLs by their path alone. */
const isPath = (url: string | undefined) => url !== undefined && url.startsWith('/');

type Scope = Section | null;

/** The server a directive belongs to: its `<VirtualHost>`, or null for the main server. */
function scopeOf(ancestors: readonly Section[]): Scope {
  return [...ancestors].reverse().find((s) => s.lname === 'virtualhost') ?? null;
}

export default defineRule({
  meta: {
    id: 'cache-enable-forward-proxy',
    description: 'Add protocol forms of CacheEnable so a forward proxy keeps caching proxied content.',
    row: "Per-module behavior changes: mod_cache CacheEnable's second parameter matches forward-proxy content only with the protocol",
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    const proxyOn = new Map<Scope, boolean>();
    /** The server-level CacheEnable and CacheDisable lines of each server. */
    const lines = new Map<Scope, Directive[]>();
    const candidates: { node: Directive; scope: Scope }[] = [];
    /** The URL argument of a CacheEnable (after its type) or CacheDisable. */
    const urlOf = (d: Directive) => d.args[d.lname === 'cacheenable' ? 1 : 0]?.value;
    return {
      File() {
        walk(file, {
          directive: (d, anc) => {
            const scope = scopeOf(anc);
            if (d.lname === 'proxyrequests' && d.args.length) proxyOn.set(scope, d.args[0]!.value.toLowerCase() === 'on');
            if (d.lname === 'cacheenable' || d.lname === 'cachedisable') lines.set(scope, [...(lines.get(scope) ?? []), d]);
          },
        });
      },
      Directive(node, ancestors) {
        if (node.lname !== 'cacheenable' && node.lname !== 'cachedisable') return;
        if (node.args.length !== (node.lname === 'cacheenable' ? 2 : 1) || !isPath(urlOf(node))) return;
        if (ancestors.some((s) => /^(location|locationmatch|directory|directorymatch|files|filesmatch|proxy|proxymatch)$/.test(s.lname))) return;
        candidates.push({ node, scope: scopeOf(ancestors) });
      },
      FileExit() {
        const forwardProxy = (scope: Scope) => scope === null
          ? proxyOn.get(null) === true || [...proxyOn].some(([s, on]) => s !== null && on)
          : proxyOn.get(scope) ?? proxyOn.get(null) ?? false;
        const caches = [...lines.values()].flat().some((d) => d.lname === 'cacheenable');
        for (const { node, scope } of candidates) {
          if (!forwardProxy(scope)) continue;
          const enable = node.lname === 'cacheenable';
          if (!enable && !caches) continue;
          const type = enable ? node.args[0]!.value : '';
          const path = urlOf(node)!;
          // A CacheEnable form counts only with the same cache type.
          const same = (d: Directive) => d.lname === node.lname && (!enable || d.args[0]?.value === type);
          const have = (lines.get(scope) ?? []).filter(same).map(urlOf);
          const missing = protocolForms(path).filter((p) => !have.some((u) => covers(u, p)));
          if (missing.length === 0) continue;
          const prefix = enable ? `${node.name} ${node.args[0]!.raw}` : node.name;
          const added = missing.map((p) => `${prefix} ${p}`);
          const under = path === '/' ? '' : ` under the path ${path}`;
          const message = enable
            ? `In 2.2, "CacheEnable ${type} ${path}" also cached what this forward proxy (ProxyRequests On) fetched from any host${under}. `
              + 'In 2.4 a URL without a protocol matches only local paths, so that proxied content is no longer cached. '
              + `To keep caching it, add after this line: ${added.join(' / ')}. `
            : `In 2.2, "CacheDisable ${path}" also kept this forward proxy (ProxyRequests On) from caching what it fetched from any host${under}. `
              + 'In 2.4 a URL without a protocol matches only local paths, so a CacheEnable with a protocol caches that proxied content. '
              + `To keep it uncached, add after this line: ${added.join(' / ')}. `;
          context.report({
            node,
            message: message + '("*:" stands for any host and any port: a bare http:// would match port 80 only.)',
            fix: [insertLinesAfter(file, node, added)],
          });
        }
      },
    };
  },
});
