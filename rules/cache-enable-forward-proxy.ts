import type { Directive, Section } from '../src/ast/nodes.js';
import { walk } from '../src/ast/walk.js';
import { insertLinesAfter } from '../src/edit/fixer.js';
import { defineRule } from '../src/engine/rule.js';

/**
 * The protocol forms that together cover what `/` covered for a 2.2 forward proxy. `*:` matches
 * any host and any port; a bare `http://` matches port 80 only (cache_util.c, and tested on 2.4.71).
 */
export const PROXY_PROTOCOLS = ['http://*:', 'https://*:', 'ftp://*:'];

/** Lines already written that cover a protocol on every port. */
const covers = (url: string | undefined, form: string) => url === form || url === `${form}/`;

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
    const enables = new Map<Scope, Directive[]>();
    const candidates: { node: Directive; scope: Scope }[] = [];
    return {
      File() {
        walk(file, {
          directive: (d, anc) => {
            const scope = scopeOf(anc);
            if (d.lname === 'proxyrequests' && d.args.length) proxyOn.set(scope, d.args[0]!.value.toLowerCase() === 'on');
            if (d.lname === 'cacheenable') enables.set(scope, [...(enables.get(scope) ?? []), d]);
          },
        });
      },
      'Directive:cacheenable'(node, ancestors) {
        if (node.args.length !== 2 || node.args[1]!.value !== '/') return;
        if (ancestors.some((s) => /^(location|locationmatch|directory|directorymatch|files|filesmatch|proxy|proxymatch)$/.test(s.lname))) return;
        candidates.push({ node, scope: scopeOf(ancestors) });
      },
      FileExit() {
        const forwardProxy = (scope: Scope) => scope === null
          ? proxyOn.get(null) === true || [...proxyOn].some(([s, on]) => s !== null && on)
          : proxyOn.get(scope) ?? proxyOn.get(null) ?? false;
        for (const { node, scope } of candidates) {
          if (!forwardProxy(scope)) continue;
          const type = node.args[0]!.value;
          const have = (enables.get(scope) ?? []).filter((d) => d.args[0]?.value === type).map((d) => d.args[1]?.value);
          const missing = PROXY_PROTOCOLS.filter((p) => !have.some((u) => covers(u, p)));
          if (missing.length === 0) continue;
          const lines = missing.map((p) => `${node.name} ${node.args[0]!.raw} ${p}`);
          context.report({
            node,
            message: `In 2.2, "CacheEnable ${type} /" also cached everything this forward proxy (ProxyRequests On) fetched. `
              + 'In 2.4 a URL without a protocol matches only local paths, so proxied content is no longer cached. '
              + `To keep caching it, add after this line: ${lines.join(' / ')}. `
              + '("*:" stands for any host and any port: a bare http:// would match port 80 only.)',
            fix: [insertLinesAfter(file, node, lines)],
          });
        }
      },
    };
  },
});
