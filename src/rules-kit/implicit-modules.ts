/**
 * The modules a 2.2 tree relied on without loading them, which 2.4 must load
 * (semantics §6.2 "New in 2.4 that a 2.2 configuration implicitly relied on").
 */
import type { ConfigFile, Directive, Section } from '../ast/nodes.js';
import { walk } from '../ast/walk.js';
import { MPM_BY_TEST } from '../apache/modules.js';
import { moduleOfDirective } from '../apache/directive-table.js';
import { readBy24 } from './reach.js';
import { COMPAT_ACCESS } from '../apache/access-directives.js';

export interface ImplicitNeed {
  /** Short module name: `authz_core`. */
  name: string;
  /** Why, as a phrase: "`Require` moved out of the core". */
  why: string;
}

const SOCACHE: Record<string, string> = { shmcb: 'socache_shmcb', shm: 'socache_shmcb', dbm: 'socache_dbm', dc: 'socache_dc' };

/** The MPM to load: `--mpm`, else the only one the tree's `<IfModule>` tests name, else prefork (2.2's Unix default). */
export function chooseMpm(files: readonly ConfigFile[], option?: string): { name: string; why: string } {
  if (option) return { name: `mpm_${option.replace(/^mpm_/, '')}`, why: `the MPM chosen with --mpm` };
  const named = new Set<string>();
  for (const f of files) walk(f, { enter: (s) => { if (s.lname === 'ifmodule') { const m = MPM_BY_TEST[(s.args[0]?.value ?? '').replace(/^!/, '')]; if (m) named.add(m); } } });
  if (named.size === 1) {
    const [only] = [...named];
    return { name: `mpm_${only}`, why: `the ${only} MPM, the only one the configuration has settings for` };
  }
  const among = named.size ? ` (the configuration has settings for ${[...named].sort().join(', ')}; pass --mpm to choose another)` : ' (pass --mpm to choose another)';
  return { name: 'mpm_prefork', why: `prefork, 2.2's default MPM on Unix${among}` };
}

/** What the tree needs that 2.2 gave it without a LoadModule line, in the order the lines should be written. */
export function implicitNeeds(files: readonly ConfigFile[], loaded: ReadonlySet<string>, mpmOption?: string): ImplicitNeed[] {
  const all: Directive[] = [];
  const sections: Section[] = [];
  for (const f of files) {
    walk(f, { directive: (d, anc) => { if (readBy24(anc)) all.push(d); }, enter: (s, anc) => { if (readBy24(anc)) sections.push(s); } });
  }
  const uses = (...lnames: string[]) => all.find((d) => lnames.includes(d.lname))?.name;
  const needs: ImplicitNeed[] = [];
  const add = (name: string, why: string) => { if (!loaded.has(name) && !needs.some((n) => n.name === name)) needs.push({ name, why }); };

  if (![...loaded].some((m) => /^mpm_/.test(m))) {
    const mpm = chooseMpm(files, mpmOption);
    add(mpm.name, `2.2 had its MPM compiled in; a 2.4 built with loadable MPMs stops with "No MPM loaded." — this loads ${mpm.why}`);
  }
  add('unixd', 'User, Group and the Unix security basics moved from the core to mod_unixd');
  add('authn_core', 'AuthType, AuthName and <AuthnProviderAlias> moved to mod_authn_core');
  add('authz_core', 'Require and the default authorization moved to mod_authz_core');
  const compat = uses(...COMPAT_ACCESS);
  if (compat) add('access_compat', `${compat} and the other 2.2 access directives (Order, Allow, Deny, Satisfy) come only from mod_access_compat in 2.4`);
  for (const lname of ['addoutputfilterbytype', 'allowconnect', 'proxyftpdircharset']) {
    const d = uses(lname);
    const mod = moduleOfDirective(lname)!.module;
    if (d) add(mod, `${d} moved to mod_${mod}`);
  }
  if (loaded.has('proxy_balancer') || all.some((d) => d.args.some((a) => /^balancer:\/\//i.test(a.value))) || sections.some((s) => /^balancer:\/\//i.test(s.args[0]?.value ?? ''))) {
    add('slotmem_shm', 'mod_proxy_balancer keeps its state in shared memory from mod_slotmem_shm; without it AH01177');
    const methods = new Set(all.flatMap((d) => d.args.map((a) => /^lbmethod=(\w+)$/i.exec(a.value)?.[1]?.toLowerCase()).filter((m): m is string => !!m)));
    if (methods.size === 0) methods.add('byrequests');
    for (const m of [...methods].sort()) add(`lbmethod_${m}`, `load-balancing method ${m} is a module of its own in 2.4; without it "unknown lbmethod"`);
  }
  for (const d of all) {
    if (d.lname !== 'sslsessioncache') continue;
    const kind = /^(\w+):/.exec(d.args[0]?.value ?? '')?.[1]?.toLowerCase();
    const mod = kind ? SOCACHE[kind] : undefined;
    if (mod) add(mod, `SSLSessionCache ${kind}: needs the ${mod} provider module in 2.4`);
  }
  return needs;
}
