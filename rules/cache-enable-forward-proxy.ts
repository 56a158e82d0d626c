import type { ConfigFile, Directive } from '../src/ast/nodes.js';
import { walk } from '../src/ast/walk.js';
import { insertLinesAfter } from '../src/edit/fixer.js';
import { defineRule } from '../src/engine/rule.js';
import { asciiLower } from '../src/parse/words.js';
import type { Project } from '../src/project/project.js';
import { MAIN_SERVER, serversOf } from '../src/rules-kit/directive-scope.js';
import { gather } from '../src/rules-kit/project-facts.js';
import { readBy24 } from '../src/rules-kit/reach.js';

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

/** A ProxyRequests, CacheEnable or CacheDisable line 2.4 reads, with the servers it applies to (serversOf). */
interface Line { d: Directive; servers: string[] }

/** A file's ProxyRequests, CacheEnable and CacheDisable lines outside per-directory sections, with their servers. */
function linesOf(project: Project, f: ConfigFile): Line[] {
  const out: Line[] = [];
  walk(f, {
    directive: (d, anc) => {
      if (!['proxyrequests', 'cacheenable', 'cachedisable'].includes(d.lname) || !readBy24(anc) || anc.some((s) => PER_DIRECTORY.test(s.lname))) return;
      out.push({ d, servers: serversOf(project, f, anc) });
    },
  });
  return out;
}

const PER_DIRECTORY = /^(location|locationmatch|directory|directorymatch|files|filesmatch|proxy|proxymatch)$/;

export default defineRule({
  meta: {
    id: 'cache-enable-forward-proxy',
    description: 'Add protocol forms of CacheEnable so a forward proxy keeps caching proxied content.',
    row: "Per-module behavior changes: mod_cache CacheEnable's second parameter matches forward-proxy content only with the protocol",
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    // The lines of the whole tree, in the order httpd reads the files: ProxyRequests On in httpd.conf and the
    // CacheEnable of an Included file (or the other way round) are one forward proxy.
    const lines = () => gather(context.project, file, 'cache-enable-forward-proxy:lines', (f) => linesOf(context.project, f));
    /** The last ProxyRequests of each server (MAIN_SERVER for the main one). */
    const proxy = () => {
      const on = new Map<string, boolean>();
      for (const l of lines()) if (l.d.lname === 'proxyrequests' && l.d.args.length) for (const k of l.servers) on.set(k, asciiLower(l.d.args[0]!.value) === 'on');
      return on;
    };
    /** The URL argument of a CacheEnable (after its type) or CacheDisable. */
    const urlOf = (d: Directive) => d.args[d.lname === 'cacheenable' ? 1 : 0]?.value;
    return {
      Directive(node, ancestors) {
        if (node.lname !== 'cacheenable' && node.lname !== 'cachedisable') return;
        if (node.args.length !== (node.lname === 'cacheenable' ? 2 : 1) || !isPath(urlOf(node))) return;
        if (!readBy24(ancestors) || ancestors.some((s) => PER_DIRECTORY.test(s.lname))) return;
        const servers = serversOf(context.project, file, ancestors);
        const on = proxy();
        // A main-server line also covers the virtual hosts that turn the proxy on; a virtual host inherits the main server's value.
        const forwardProxy = servers.some((k) => (k === MAIN_SERVER
          ? on.get(MAIN_SERVER) === true || [...on].some(([s, v]) => s !== MAIN_SERVER && v)
          : on.get(k) ?? on.get(MAIN_SERVER) ?? false));
        if (!forwardProxy) return;
        const enable = node.lname === 'cacheenable';
        if (!enable && !lines().some((l) => l.d.lname === 'cacheenable')) return;
        const type = enable ? node.args[0]!.value : '';
        const path = urlOf(node)!;
        // A CacheEnable form counts only with the same cache type, in the same server.
        const have = lines().filter((l) => l.d.lname === node.lname && (!enable || l.d.args[0]?.value === type) && l.servers.some((k) => servers.includes(k))).map((l) => urlOf(l.d));
        const missing = protocolForms(path).filter((p) => !have.some((u) => covers(u, p)));
        if (missing.length === 0) return;
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
      },
    };
  },
});
