import type { ConfigFile, Section } from '../src/ast/nodes.js';
import { directives, walk } from '../src/ast/walk.js';
import { fileMemo, memo } from '../src/ast/memo.js';
import { defineRule } from '../src/engine/rule.js';
import { removeLine } from '../src/edit/fixer.js';
import type { Project } from '../src/project/project.js';
import { only24 } from '../src/access/model/index.js';
import { loadedNames } from '../src/rules-kit/load-module.js';
import { mainConfigs } from '../src/rules-kit/directive-scope.js';
import { someIncludeUnseen, readBy24 } from '../src/rules-kit/reach.js';
import { refusedInHtaccess } from '../src/rules-kit/refused-in-htaccess.js';

/** The ports of the project's `NameVirtualHost *:port` lines (`*` for a bare `*`), as the files were read. */
function wildcardNamePorts(project: Project): Set<string> {
  return memo(project, 'no-name-virtual-host:ports', () => new Set(project.files.flatMap((f) => directives(f.ast, 'namevirtualhost'))
    .flatMap((d) => d.args.map((a) => /^\*(?::(\w+|\*))?$/.exec(a.value)?.[1] ?? (a.value === '*' ? '*' : null)))
    .filter((p): p is string => p !== null)));
}

/** The port of a `_default_` address of a `<VirtualHost>` (`*` for `_default_` or `_default_:*`), or null. */
function defaultPort(s: Section): string | null {
  for (const a of s.args) {
    const m = /^_default_(?::(\w+|\*))?$/i.exec(a.value);
    if (m) return m[1] ?? '*';
  }
  return null;
}

/** A tree that loads a module only 2.4 has (a first run loads authz_core) is read as 2.4. */
function migrated(project: Project, file: ConfigFile): boolean {
  return [...loadedNames(project, file)].some(only24);
}

/** A file's <VirtualHost> blocks in order. */
function virtualHosts(file: ConfigFile): Section[] {
  const out: Section[] = [];
  walk(file, { enter: (s) => { if (s.lname === 'virtualhost') out.push(s); } });
  return out;
}

/** The address words of a `<VirtualHost>` (not `_default_`), lower case, with `:*` dropped. */
function addresses(s: Section): string[] {
  return s.args.map((a) => a.value.toLowerCase().replace(/:\*$/, '')).filter((a) => !a.startsWith('_default_'));
}

const hostOf = (addr: string) => addr.replace(/:[^:\]]*$/, '');
/** The port of an address, or null for none or `*` (any port). */
const portOf = (addr: string) => { const p = /:([^:\]]*)$/.exec(addr)?.[1]; return p === undefined || p === '*' ? null : p; };

interface Host { path: string; section: Section; addrs: string[] }

/**
 * The hosts that never answered in 2.2, by file and place in it, with the earlier host that answered
 * for each: one of its addresses is an earlier host's too, and no NameVirtualHost line names that
 * address's host part, so 2.2 read them as IP-based (the first answers every request, "overlaps with
 * VirtualHost …, the first has precedence"). 2.4 makes any address several hosts share name-based.
 * By place in the file (`path\0n`), as a later pass of the fix loop reads a re-parse.
 */
function shadowedHosts(project: Project): Map<string, { host: Host; addr: string }> {
  return memo(project, 'no-name-virtual-host:shadowed', () => {
    const named = project.files.flatMap((f) => directives(f.ast, 'namevirtualhost')).flatMap((d) => d.args.map((a) => a.value.toLowerCase()));
    // 2.2 found the NameVirtualHost of an IP address by the address alone (find_ipaddr), whatever the port; that of
    // `*` by its port (find_default_server): only `*`, `*:*` or the same port, so `NameVirtualHost *:80` left the
    // hosts on `*:443` IP-based.
    const nameBased = (addr: string) => named.some((n) => hostOf(n) === hostOf(addr) && (hostOf(addr) !== '*' || portOf(n) === null || portOf(n) === portOf(addr)));
    const firstOn = new Map<string, Host>();
    const out = new Map<string, { host: Host; addr: string }>();
    for (const f of project.files) {
      virtualHosts(f.ast).forEach((section, n) => {
        const host: Host = { path: f.path, section, addrs: addresses(section) };
        for (const addr of host.addrs) {
          if (nameBased(addr)) continue;
          const first = firstOn.get(addr);
          if (!first) firstOn.set(addr, host);
          else if (!out.has(`${f.path}\0${n}`)) out.set(`${f.path}\0${n}`, { host: first, addr });
        }
      });
    }
    return out;
  });
}

export default defineRule({
  meta: {
    id: 'no-name-virtual-host',
    description: 'Remove NameVirtualHost, which 2.4 ignores with a warning, and report the hosts that answer in 2.4 but never did in 2.2: a _default_ host that joins the name-based hosts, and hosts that shared an address without NameVirtualHost.',
    row: 'Directives with changed or removed effect: NameVirtualHost',
    kind: 'fix',
  },
  create(context) {
    // Not in a tree already migrated (a first write removed its NameVirtualHost lines): one that loads
    // 2.4's modules is read as 2.4, where such hosts are name-based as meant. Nor where a NameVirtualHost
    // line may be out of sight: no main configuration (Debian's ports.conf names the addresses), or an
    // Include that read no file. Decided once per file.
    let shadowed: Map<string, { host: Host; addr: string }> | undefined;
    const shadowedHere = () => (shadowed ??= migrated(context.project, context.file) || !mainConfigs(context.project, context.file).length || someIncludeUnseen(context.project)
      ? new Map<string, { host: Host; addr: string }>() : shadowedHosts(context.project));
    return {
      'Directive:namevirtualhost'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        const addr = node.args.map((a) => a.raw).join(' ');
        const refused = refusedInHtaccess(context.project, context.file, node);
        if (refused !== null) {
          context.report({ node, message: `${refused} Name-based hosting is configured in the server configuration, where 2.4 needs no NameVirtualHost.` });
          return;
        }
        context.report({
          node,
          message: `NameVirtualHost ${addr} is removed: 2.2 needed it for name-based hosting, 2.4 ignores it (AH00548) and treats every address:port used by several <VirtualHost> blocks as name-based.`,
          fix: [removeLine(context.file, node)],
        });
      },
      'Section:virtualhost'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        const first = shadowedHere().size ? shadowedHere().get(`${context.file.path}\0${fileMemo(context.project, context.file, 'no-name-virtual-host:hosts', () => virtualHosts(context.file)).indexOf(node)}`) : undefined;
        if (first) {
          const name = (s: Section) => s.children.find((c) => c.type === 'directive' && c.lname === 'servername');
          const theirs = name(first.host.section);
          context.report({
            node: node.open,
            severity: 'error',
            message: `<VirtualHost ${node.args.map((a) => a.raw).join(' ')}> never answered in 2.2: no NameVirtualHost names ${first.addr}, so 2.2 read the hosts on it as IP-based and the first one, <VirtualHost ${first.host.section.args.map((a) => a.raw).join(' ')}>${theirs && theirs.type === 'directive' ? ` (ServerName ${theirs.args[0]?.raw ?? ''})` : ''}, answered every request ("overlaps with VirtualHost …, the first has precedence"). `
              + `2.4 makes an address several hosts share name-based: this host now answers the requests whose Host header names it. Remove it to keep what 2.2 answered, or keep it if name-based hosting was meant.`,
          });
        }
        const port = defaultPort(node);
        if (port === null) return;
        const named = wildcardNamePorts(context.project);
        const hit = [...named].find((p) => p === '*' || port === '*' || p === port);
        if (hit === undefined) return;
        context.report({
          node: node.open,
          severity: 'error',
          message: `<VirtualHost ${node.args.map((a) => a.raw).join(' ')}> never answered in 2.2, where NameVirtualHost *:${hit} made that port name-based and a _default_ host served only addresses and ports no other host used. `
            + `2.4 reads _default_ as *: the host joins the name-based hosts of *:${hit}, and where it comes first it answers every request whose Host header names no ServerName (apache2 -S shows it as the default server). `
            + 'Remove it to keep what 2.2 answered, or give it the address and ServerName it is meant to serve.',
        });
      },
    };
  },
});
