/**
 * The modules a 2.2 tree relied on without loading them, which 2.4 must load
 * (semantics §6.2 "New in 2.4 that a 2.2 configuration implicitly relied on").
 */
import type { ConfigFile, Directive, Node, Section } from '../ast/nodes.js';
import { walk } from '../ast/walk.js';
import { memo } from '../ast/memo.js';
import { mpmOf, mpmTests } from '../apache/mpm.js';
import { moduleOfTest } from '../apache/conditions.js';
import { alongSomeWay, type Around, UNCONDITIONAL } from '../project/include-chains.js';
import { moduleOfDirective, providersOfDirective } from '../apache/directive-table.js';
import { readBy24 } from './reach.js';
import { COMPAT_ACCESS } from '../apache/access-directives.js';
import { isAccessFile, type Project } from '../project/project.js';
import { compatLines, neverReadAccessFiles } from '../access/migrate/index.js';
import { conditionHolds, type CondContext, modules22, modules24 } from '../access/model/index.js';
import { BUILTIN_DEBIAN_24 } from '../apache/modules.js';
import { gather } from './project-facts.js';

/** Whether a line is no reason to load a module (selfGuarded, unusedLines): readIn24Nodes passes over it. */
export type LineSkip = (d: Directive, ancestors: readonly Section[]) => boolean;

export interface ImplicitNeed {
  /** Short module name: `authz_core`. */
  name: string;
  /** Why, as a phrase: "`Require` moved out of the core". */
  why: string;
}

const SOCACHE: Record<string, string> = { shmcb: 'socache_shmcb', shm: 'socache_shmcb', dbm: 'socache_dbm', dc: 'socache_dc' };

/**
 * The MPM to load: `--mpm`, else the only one the `<IfModule>` tests of the project's files (`current` in place of its
 * copy) name, else prefork (2.2's Unix default). Each file's tests are read once per project.
 */
export function chooseProjectMpm(project: Project, current: ConfigFile, option?: string): { name: string; why: string } {
  if (option) return mpmOf(new Set(), option);
  return mpmOf(new Set(gather(project, current, 'chooseMpm', mpmTests)), option);
}

/** What 2.2's core did that 2.4 moved to modules: implicitNeeds adds them wherever no line loads them. */
const ALWAYS: readonly ImplicitNeed[] = [
  { name: 'unixd', why: 'User, Group and the Unix security basics moved from the core to mod_unixd' },
  { name: 'authn_core', why: 'AuthType, AuthName and <AuthnProviderAlias> moved to mod_authn_core' },
  { name: 'authz_core', why: 'Require and the default authorization moved to mod_authz_core' },
];

/** So every migrated 2.4 tree has them (loaded, or built in). */
const PRESENT_IN_24: ReadonlySet<string> = new Set(ALWAYS.map((n) => n.name));

/** `<IfModule !mod_authz_core.c>` and the like: the 2.2 branch of a dual-version block, which no migrated 2.4 tree reads. */
function deadIn24(s: Section): boolean {
  if (s.lname !== 'ifmodule') return false;
  const test = s.args[0]?.value ?? '';
  return test.startsWith('!') && PRESENT_IN_24.has(moduleOfTest(test.slice(1)));
}

const readIn24 = (ancestors: readonly Section[]) => readBy24(ancestors) && !ancestors.some(deadIn24);

/**
 * The directives and sections of the files that a migrated 2.4 tree reads: not inside an
 * `<IfVersion>` false for 2.4, nor inside the 2.2 branch of a dual-version block. `around(file)`:
 * the sections around the Include lines that read a file (src/project/include-chains.ts); `skip`:
 * directives to leave out, told the sections around them along each way (those Include lines' too).
 */
export function readIn24Nodes(files: readonly ConfigFile[], around: Around = () => UNCONDITIONAL, skip?: LineSkip): { directives: Directive[]; sections: Section[] } {
  const directives: Directive[] = [];
  const sections: Section[] = [];
  for (const f of files) {
    const ways = around(f);
    const read = (anc: readonly Section[]) => alongSomeWay(ways, anc, readIn24);
    const kept = (d: Directive, anc: readonly Section[]) => (skip ? alongSomeWay(ways, anc, (all) => readIn24(all) && !skip(d, all)) : read(anc));
    walk(f, { directive: (d, anc) => { if (kept(d, anc)) directives.push(d); }, enter: (s, anc) => { if (read(anc)) sections.push(s); } });
  }
  return { directives, sections };
}

/**
 * `files` without the access files that hold 2.2 access lines and that httpd never opens (no AllowOverride lets
 * it, or no AccessFileName names them there): those lines had no effect in 2.2 and need no mod_access_compat in
 * 2.4, where prefer-require says so on the file (found by a helper's bug hunt: an .htaccess only a host with
 * AccessFileName .acl could have read kept the module loaded, so the tree could not run without it).
 */
export function openedFiles(project: Project, files: readonly ConfigFile[]): ConfigFile[] {
  const holding = files.filter((f) => isAccessFile(project, f.path) && compatLines(f.children).length > 0);
  if (!holding.length) return [...files];
  const never = neverReadAccessFiles(project, holding);
  return files.filter((f) => !never.has(f));
}

/**
 * What the tree needs that 2.2 gave it without a LoadModule line, in the order the lines should be written.
 * `unread`: files httpd reads that were not read here, in words (`the files of \`Include conf.d/*.conf\``
 * with `--no-follow-includes`, `the .htaccess files below /srv/www/x`): they may hold Order, Allow,
 * Deny or Satisfy, so mod_access_compat is needed as if they did.
 */
export function implicitNeeds(files: readonly ConfigFile[], loaded: ReadonlySet<string>, mpmOption?: string, around?: Around, unread?: string, skip?: LineSkip): ImplicitNeed[] {
  return needsOf(viewOf(files.map((f) => readShare(f, around, skip))), loaded, mpmOption, unread);
}

/** What implicitNeeds reads of one file: the first line 2.4 reads of each name, and the few values it looks for in any line. */
export interface ReadShare {
  /** The first directive of each name (lower case) that 2.4 reads. */
  first: ReadonlyMap<string, Directive>;
  /** A `balancer://` URL in a line or section 2.4 reads. */
  balancer: boolean;
  /** The `lbmethod=` values of those lines, lower case. */
  lbmethods: readonly string[];
  /** The SSLSessionCache lines' cache kinds, in order, lower case. */
  socache: readonly string[];
  /** The MPMs its `<IfModule>` tests name (mpmOf). */
  mpms: readonly string[];
}

/** Directives of 2.2's core (or of mod_proxy) that 2.4 moved to a module of their own: a line 2.2 read needs that module. */
const MOVED_OUT: readonly string[] = ['addoutputfilterbytype', 'allowconnect', 'proxyftpdircharset'];

/**
 * A line of a moved directive inside `<IfModule>` of the module it moved to (`<IfModule mod_proxy_ftp.c>`
 * ProxyFtpDirCharset): 2.2 read it only where that module was loaded, so it is no reason to load it. Loading it
 * would turn the block on in 2.4 (found by the whole-tree fuzzer: the block's Order lines became a second run's rewrite).
 */
function selfGuarded(d: Directive, ancestors: readonly Section[]): boolean {
  if (!MOVED_OUT.includes(d.lname)) return false;
  const mod = moduleOfDirective(d.lname)?.module;
  return ancestors.some((s) => s.lname === 'ifmodule' && !(s.args[0]?.value ?? '').startsWith('!') && moduleOfTest(s.args[0]?.value ?? '') === mod);
}

/**
 * selfGuarded, or a line of a moved directive inside an `<IfModule>` that 2.2 read as false (`modules22`): the
 * tree loads modules and not that one (AllowCONNECT in `<IfModule mod_proxy.c>` with no mod_proxy). 2.2 never read
 * it, and the module it moved to would not even load (found by the whole-tree fuzzer: mod_proxy_connect without
 * mod_proxy, "undefined symbol: ap_proxy_tunnel_create"). An MPM test stays undecided: 2.2 compiled its MPM in.
 */
function unreadMoved(modules22: CondContext): LineSkip {
  return (d, ancestors) => selfGuarded(d, ancestors) || (MOVED_OUT.includes(d.lname) && ancestors.some((s) =>
    s.lname === 'ifmodule' && !moduleOfTest((s.args[0]?.value ?? '').replace(/^!/, '')).startsWith('mpm_') && conditionHolds(s, modules22) === false));
}

/**
 * An `<IfModule>` that neither 2.2 nor the migrated 2.4 tree reads: the tree loads modules, and the one it tests is
 * loaded by neither (`<IfModule mod_status.c>` with no mod_status), or the one `!` tests by both. Not a test of an MPM
 * (2.2 compiled its MPM in), nor of a module some 2.4 builds compile in (mod_version on Debian), nor of one the
 * `--httpd` binary compiles in (`builtin`).
 */
function readByNeither(s: Section, c22: CondContext, c24: CondContext, builtin: readonly string[] = []): boolean {
  if (s.lname !== 'ifmodule') return false;
  const name = moduleOfTest((s.args[0]?.value ?? '').replace(/^!/, ''));
  if (name.startsWith('mpm_') || BUILTIN_DEBIAN_24.has(name) || builtin.includes(name)) return false;
  return conditionHolds(s, c22) === false && conditionHolds(s, c24) === false;
}

/**
 * The lines that are no reason to load a module (`skip` of readShare and readIn24Nodes): unreadMoved's, and an Order,
 * Allow, Deny or Satisfy line inside an `<IfModule>` that neither 2.2 nor the migrated 2.4 tree reads (readByNeither):
 * 2.2 never read it and 2.4 will not either, so it keeps no mod_access_compat loaded (found on a tree with
 * `<IfModule mod_status.c>` around a `<Location /server-status>` with Order/Deny/Allow and no mod_status loaded: the
 * migrated tree loaded mod_access_compat for those lines alone). prefer-require reports the block.
 */
export function unusedLines(project: Project, builtin: readonly string[] = []): LineSkip {
  const c22 = modules22(project);
  const c24 = modules24(project);
  const moved = unreadMoved(c22);
  return (d, ancestors) => moved(d, ancestors) || (COMPAT_ACCESS.has(d.lname) && ancestors.some((s) => readByNeither(s, c22, c24, builtin)));
}

/**
 * The outermost `<IfModule>` blocks of `nodes` that neither 2.2 nor the migrated 2.4 tree reads (readByNeither) and that
 * hold Order, Allow, Deny or Satisfy lines, which unusedLines leaves out: prefer-require reports each block.
 */
export function unreadCompatBlocks(nodes: readonly Node[], project: Project, builtin: readonly string[] = []): Section[] {
  // The project's readings only once the file has an <IfModule> (prefer-require asks on every file and pass).
  let conds: [CondContext, CondContext] | undefined;
  const unread = (s: Section) => s.lname === 'ifmodule' && readByNeither(s, ...(conds ??= [modules22(project), modules24(project)]), builtin);
  const out: Section[] = [];
  const visit = (list: readonly Node[]): void => {
    for (const n of list) {
      if (n.type !== 'section') continue;
      if (!unread(n)) visit(n.children);
      else if (compatLines(n.children).length > 0) out.push(n);
    }
  };
  visit(nodes);
  return out;
}

/**
 * One file's ReadShare: each file is walked once however often the rules ask (load-implicit-modules asks on every file).
 * `skip`: the lines that are no reason to load a module (selfGuarded, or unusedLines' for the project).
 */
export function readShare(file: ConfigFile, around?: Around, skip: LineSkip = selfGuarded): ReadShare {
  const { directives, sections } = readIn24Nodes([file], around, skip);
  const first = new Map<string, Directive>();
  const lbmethods: string[] = [];
  const socache: string[] = [];
  let balancer = sections.some((s) => /^balancer:\/\//i.test(s.args[0]?.value ?? ''));
  for (const d of directives) {
    if (!first.has(d.lname)) first.set(d.lname, d);
    for (const a of d.args) {
      if (/^balancer:\/\//i.test(a.value)) balancer = true;
      const m = /^lbmethod=(\w+)$/i.exec(a.value)?.[1];
      if (m) lbmethods.push(m.toLowerCase());
    }
    if (d.lname === 'sslsessioncache') {
      const kind = /^(\w+):/.exec(d.args[0]?.value ?? '')?.[1]?.toLowerCase();
      if (kind) socache.push(kind);
    }
  }
  return { first, balancer, lbmethods, socache, mpms: mpmTests(file) };
}

/** What implicitNeeds reads of the files together. */
export interface ReadView {
  /** The first line 2.4 reads with one of the names (lower case), in file order. */
  firstOf(lnames: Iterable<string>): Directive | undefined;
  balancer: boolean;
  lbmethods: ReadonlySet<string>;
  /** The SSLSessionCache kinds, in file order. */
  socache: readonly string[];
  mpms: ReadonlySet<string>;
}

/** The view of the files' shares, in file order (a null share: a file httpd does not open). */
export function viewOf(shares: readonly (ReadShare | null)[]): ReadView {
  return projectView(shares, -1, null);
}

interface ShareIndex {
  /** For each name, the files whose share has a line of it, in order. */
  byName: Map<string, number[]>;
  balancer: number[];
  lbmethods: Map<string, number[]>;
  socache: { at: number; kind: string }[];
  mpms: Map<string, number[]>;
}

function indexShares(shares: readonly (ReadShare | null)[]): ShareIndex {
  const index: ShareIndex = { byName: new Map(), balancer: [], lbmethods: new Map(), socache: [], mpms: new Map() };
  const push = <K>(m: Map<K, number[]>, k: K, at: number) => { const l = m.get(k); if (!l) m.set(k, [at]); else if (l[l.length - 1] !== at) l.push(at); };
  shares.forEach((s, at) => {
    if (!s) return;
    for (const l of s.first.keys()) push(index.byName, l, at);
    if (s.balancer) index.balancer.push(at);
    for (const m of s.lbmethods) push(index.lbmethods, m, at);
    for (const kind of s.socache) index.socache.push({ at, kind });
    for (const m of s.mpms) push(index.mpms, m, at);
  });
  return index;
}

/**
 * The view of the project's shares (by file index, indexed once per list) with the share of file `at` replaced by
 * `own`: each question costs the names asked about, not the number of files (the rule asks on every file and pass).
 */
export function projectView(shares: readonly (ReadShare | null)[], at: number, own: ReadShare | null): ReadView {
  const index = memo(shares, 'implicit-modules:shareIndex', () => indexShares(shares));
  const elsewhere = (list: readonly number[] | undefined) => !!list && (list.length > 1 || (list.length === 1 && list[0] !== at));
  const merged = <K>(m: Map<K, number[]>, mine: readonly K[]) => {
    const out = new Set<K>();
    for (const [k, list] of m) if (elsewhere(list)) out.add(k);
    for (const k of mine) out.add(k);
    return out;
  };
  return {
    firstOf(lnames) {
      let best: { at: number; d: Directive } | undefined;
      const offer = (i: number, d: Directive | undefined) => {
        if (d && (!best || i < best.at || (i === best.at && d.start < best.d.start))) best = { at: i, d };
      };
      for (const l of lnames) {
        const list = index.byName.get(l);
        const i = list?.[0] === at ? list[1] : list?.[0];
        if (i !== undefined) offer(i, shares[i]!.first.get(l));
        offer(at, own?.first.get(l));
      }
      return best?.d;
    },
    balancer: elsewhere(index.balancer) || !!own?.balancer,
    lbmethods: merged(index.lbmethods, own?.lbmethods ?? []),
    socache: [...index.socache.filter((e) => e.at < at), ...(own?.socache.map((kind) => ({ at, kind })) ?? []), ...index.socache.filter((e) => e.at > at)].map((e) => e.kind),
    mpms: merged(index.mpms, own?.mpms ?? []),
  };
}

/** implicitNeeds from what the files hold together. */
export function needsOf(view: ReadView, loaded: ReadonlySet<string>, mpmOption?: string, unread?: string): ImplicitNeed[] {
  const uses = (...lnames: string[]) => view.firstOf(lnames)?.name;
  const needs: ImplicitNeed[] = [];
  const add = (name: string, why: string) => { if (!loaded.has(name) && !needs.some((n) => n.name === name)) needs.push({ name, why }); };

  if (![...loaded].some((m) => /^mpm_/.test(m))) {
    const mpm = mpmOf(view.mpms, mpmOption);
    add(mpm.name, `2.2 had its MPM compiled in; a 2.4 built with loadable MPMs stops with "No MPM loaded." — this loads ${mpm.why}`);
  }
  for (const n of ALWAYS) add(n.name, n.why);
  const compat = uses(...COMPAT_ACCESS);
  if (compat) add('access_compat', `${compat} and the other 2.2 access directives (Order, Allow, Deny, Satisfy) come only from mod_access_compat in 2.4`);
  if (unread) {
    add('access_compat', `${unread} were not read, and may hold Order, Allow, Deny or Satisfy, which come only from mod_access_compat in 2.4; a run that reads them drops the line when none is left`);
  }
  for (const lname of MOVED_OUT) {
    const d = uses(lname);
    const mod = moduleOfDirective(lname)!.module;
    if (d) add(mod, `${d} moved to mod_${mod}`);
  }
  if (loaded.has('proxy_balancer') || view.balancer) {
    add('slotmem_shm', 'mod_proxy_balancer keeps its state in shared memory from mod_slotmem_shm; without it AH01177');
    const methods = new Set(view.lbmethods);
    if (methods.size === 0) methods.add('byrequests');
    for (const m of [...methods].sort()) add(`lbmethod_${m}`, `load-balancing method ${m} is a module of its own in 2.4; without it "unknown lbmethod"`);
  }
  for (const kind of view.socache) {
    const mod = SOCACHE[kind];
    if (mod) add(mod, `SSLSessionCache ${kind}: needs the ${mod} provider module in 2.4`);
  }
  return needs;
}

/** In each file, the first directive or section 2.4 reads whose only provider is one of `names` (`Require`: authz_core; `Order`: access_compat). */
export function firstUsesOf(files: readonly ConfigFile[], names: ReadonlySet<string>, around?: Around): { file: ConfigFile; node: Directive | Section }[] {
  const out: { file: ConfigFile; node: Directive | Section }[] = [];
  for (const file of files) {
    const ways = around?.(file) ?? UNCONDITIONAL;
    let found: Directive | Section | null = null;
    const sole = (lname: string) => { const p = providersOfDirective(lname); return p.length === 1 && names.has(p[0]!.module); };
    walk(file, {
      directive: (d, anc) => { if (!found && sole(d.lname) && alongSomeWay(ways, anc, readIn24)) found = d; },
      enter: (sec, anc) => { if (!found && sole(`<${sec.lname}`) && alongSomeWay(ways, anc, readIn24)) found = sec; },
    });
    if (found) out.push({ file, node: found });
  }
  return out;
}
