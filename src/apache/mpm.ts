/**
 * Which MPM a migrated tree loads: 2.2 compiled its MPM in, and a 2.4 built with loadable MPMs needs a
 * LoadModule line for one (load-implicit-modules writes it; the readings of a tree count it as loaded).
 */
import type { ConfigFile } from '../ast/nodes.js';
import { walk } from '../ast/walk.js';
import { MPM_BY_TEST } from './modules.js';

/** The MPMs a file's `<IfModule>` tests name. */
export function mpmTests(file: ConfigFile): string[] {
  const out: string[] = [];
  walk(file, { enter: (s) => { if (s.lname === 'ifmodule') { const m = MPM_BY_TEST[(s.args[0]?.value ?? '').replace(/^!/, '')]; if (m) out.push(m); } } });
  return out;
}

/** The MPM to load, from `--mpm` or the MPMs the tree's `<IfModule>` tests name: the only one named, else prefork. */
export function mpmOf(named: ReadonlySet<string>, option?: string): { name: string; why: string } {
  if (option) return { name: `mpm_${option.replace(/^mpm_/, '')}`, why: `the MPM chosen with --mpm` };
  if (named.size === 1) {
    const [only] = [...named];
    return { name: `mpm_${only}`, why: `the ${only} MPM, the only one the configuration has settings for` };
  }
  const among = named.size ? ` (the configuration has settings for ${[...named].sort().join(', ')}; pass --mpm to choose another)` : ' (pass --mpm to choose another)';
  return { name: 'mpm_prefork', why: `prefork, 2.2's default MPM on Unix${among}` };
}
