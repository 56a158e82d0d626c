/**
 * Whether any connection reaches the main server, as the tree says for certain.
 *
 * httpd picks the server of a connection by its local address and port (vhost.c,
 * ap_update_vhost_given_ip, alike in 2.2 and 2.4): a `<VirtualHost>` on exactly that IP:port
 * (find_ipaddr), else one on `*:port` or `_default_:port` (find_default_server), else the main
 * server. A name-based address whose Host header names no ServerName stays with the first host on
 * it, and 2.2's IP-based hosts sharing an address ("overlaps with VirtualHost …, the first has
 * precedence") with the first: NameVirtualHost decides which host answers, never whether one does.
 * So when every address and port a Listen line may open is some host's, the main server answers no
 * request, and its sections apply only as merged into the hosts (checked on 2.4.71: the Debian
 * layout, hosts on 127.0.0.1:PORT with Listen 127.0.0.1:PORT).
 *
 * Certain only: a Listen the tree may read (in a conditional the reading cannot decide, either way),
 * none at all, one where httpd refuses it (in a `<VirtualHost>` or section), an address or port not
 * read for certain (a host name, `:*`, no port, `${VAR}`), a host in a conditional the reading
 * cannot decide, an Include whose files were not read, or several configurations read as one: the
 * main server is reachable.
 */
import type { Node, Section } from '../../ast/nodes.js';
import { conditionHolds as evaluateCondition } from '../../apache/conditions.js';
import { type CondContext, hasModule } from './module-conditions.js';
import { parseV4, parseV6 } from './ip.js';
import type { MainServerReach, Model } from './model.js';
import { cacheSlot } from '../../project/run-cache.js';

/** An address a Listen line opens: `ip` null for every local address (or one not known). */
interface Listening { ip: string | null; port: string; text: string }

/** The facts a model's reading gathers, in configuration order. */
export interface MainServerWitness {
  /** A Listen line read; `where` says why it is invalid there (a `<VirtualHost>`, a section), else null. */
  listen(args: readonly string[], invalidIn: string | null): void;
  /** A `<VirtualHost>` read; `sure` when httpd reads it whatever the modules and -D names. */
  vhost(args: readonly string[], sure: boolean): void;
  /** Something that leaves the reach unknown (an Include not followed, a Listen maybe read). */
  unknown(why: string): void;
  /** The reach, once the tree is read. */
  reach(): MainServerReach;
}

export function mainServerWitness(): MainServerWitness {
  const listens: Listening[] = [];
  const wildcardPorts = new Set<string>();
  const exact = new Set<string>();
  let why: string | null = null;
  const unknown = (reason: string) => { why ??= reason; };
  return {
    listen(args, invalidIn) {
      if (invalidIn !== null) return unknown(`a Listen line in ${invalidIn}, where httpd refuses it`);
      const at = listenAddress(args[0] ?? '');
      if (!at) return unknown(`Listen ${args.join(' ')} is not read for certain`);
      listens.push(at);
    },
    vhost(args, sure) {
      if (!sure) return;
      for (const word of args) {
        const a = vhostAddress(word);
        if (!a) return unknown(`<VirtualHost ${args.join(' ')}>: the address ${word} is not read for certain`);
        if (a.ip === null) wildcardPorts.add(a.port);
        else exact.add(`${a.ip}|${a.port}`);
      }
    },
    unknown,
    reach() {
      if (why !== null) return { reachable: true, why };
      if (!listens.length) return { reachable: true, why: 'no Listen line is read (not one main configuration)' };
      const open = listens.find((l) => !wildcardPorts.has(l.port) && (l.ip === null || !exact.has(`${l.ip}|${l.port}`)));
      if (open) return { reachable: true, why: `no <VirtualHost> is on ${open.ip === null ? '*' : open.text}:${open.port}, which Listen ${open.text ? `${open.text}:` : ''}${open.port} opens` };
      return { reachable: false };
    },
  };
}

/**
 * The address a Listen word opens (apr_parse_addr_port; `*`, `0.0.0.0` and `[::]` are every local
 * address, and so is a host name, whose addresses are not known here), or null when the port is not
 * a number.
 */
function listenAddress(word: string): Listening | null {
  const m = /^(?:(\[[^\]]*\]|[^:[\]]*):)?(\d{1,5})$/.exec(word);
  if (!m) return null;
  const ip = m[1] === undefined ? null : ipKey(m[1]);
  return { ip: ip === '4:0' || ip === '6:0' ? null : ip, port: String(Number(m[2])), text: m[1] ?? '' };
}

/** A `<VirtualHost>` address: `*:N` and `_default_:N` (ip null), an IPv4 or bracketed IPv6 address with a port; else null. */
function vhostAddress(word: string): Listening | null {
  const m = /^(\*|_default_|\[[^\]]*\]|[\d.]+):(\d{1,5})$/i.exec(word);
  if (!m) return null;
  const port = String(Number(m[2]));
  if (m[1] === '*' || m[1]!.toLowerCase() === '_default_') return { ip: null, port, text: m[1]! };
  const ip = ipKey(m[1]!);
  // 0.0.0.0 and [::] are the wildcard address in httpd's table too; counted as nothing here.
  return ip === null || ip === '4:0' || ip === '6:0' ? null : { ip, port, text: m[1]! };
}

/** One spelling of an IP address (`4:n`, `6:n`), or null for anything else (a host name). */
function ipKey(text: string): string | null {
  if (text.startsWith('[')) {
    const v6 = parseV6(text.slice(1, -1));
    return v6 === null ? null : `6:${v6}`;
  }
  const v4 = parseV4(text);
  return v4 === null ? null : `4:${v4}`;
}

/**
 * Whether a reading decides a conditional section whatever the command line says: `<IfVersion>`,
 * `<IfModule>` where the tree lists its modules (or the module is built in). Not `<IfDefine>` (the
 * -D names are the command line's), `<IfDirective>`, nor one where the tree names no modules.
 */
export function decidedForCertain(s: Section, cond: CondContext): boolean {
  return evaluateCondition(s, { version: cond.version, ...(cond.anyModule ? {} : { hasModule: (name: string) => hasModule(cond, name) }) }) !== null;
}

/** Whether nodes a reading skips may hold a Listen line (or an Include, whose files may). */
export function mayListen(nodes: readonly Node[]): boolean {
  return nodes.some((n) => (n.type === 'directive' ? LISTENING.has(n.lname) : n.type === 'section' && mayListen(n.children)));
}

const LISTENING: ReadonlySet<string> = new Set(['listen', 'include', 'includeoptional', 'use']);

/** Reachable unless every reading says no connection reaches the main server. */
export function mainServerReachable(models: readonly Model[]): boolean {
  return models.some((m) => m.mainServer?.reachable !== false);
}

/** The reach of several readings of one tree together (2.2 and 2.4): unreachable only when unreachable in each. */
export function reachOfAll(models: readonly Model[]): MainServerReach {
  return models.map((m) => m.mainServer ?? UNKNOWN).find((r) => r.reachable) ?? { reachable: false };
}

const UNKNOWN: MainServerReach = { reachable: true, why: 'not known' };

/**
 * Whether the requests of the main server's own context are left out of the proofs: no connection
 * reaches it in any of the models, and each virtual host can then probe every directory of the main
 * server's sections (no longer only those its URLs reach, compare/probes.ts), as the main server's
 * context did for the requests that reach them by a mapping the prover does not follow (UserDir,
 * AliasMatch, RewriteRule). Not where that grows past MAIN_DIRS_IN_HOSTS probe directories (a hosting
 * tree's .htaccess of every site in every site): the main server's context is kept as before.
 */
export function mainServerLeftOut(models: readonly Model[]): boolean {
  return !mainServerReachable(models) && models.every((m) => m.vhosts.length * mainServerSections(m) <= MAIN_DIRS_IN_HOSTS);
}

const MAIN_DIRS_IN_HOSTS = 200_000;

const MAIN_SECTIONS = cacheSlot('how many sections the main server has, per model', () => new WeakMap<Model, number>());

function mainServerSections(model: Model): number {
  const byModel = model.cache.get(MAIN_SECTIONS);
  let n = byModel.get(model);
  if (n === undefined) byModel.set(model, (n = model.scopes.reduce((k, s) => k + (s.vhost === '' ? 1 : 0), 0)));
  return n;
}

/** The contexts a request can be answered in: the main server (''), unless left out (mainServerLeftOut), and every virtual host. */
export function servedContexts(models: readonly Model[]): string[] {
  const vhosts = new Set(models.flatMap((m) => m.vhosts));
  return mainServerLeftOut(models) ? [...vhosts] : ['', ...vhosts];
}
