/**
 * Which LoadModule lines a configuration file needs for `apache2 -t`, and the policy for adding
 * them (documented in apache-t.test.ts):
 *   - a file that loads modules itself (any LoadModule line) gets nothing added: it is responsible
 *     for its module set, so a LoadModule the migration forgot shows up as "Invalid command";
 *   - so does the output of a rule whose job is adding or fixing LoadModule lines;
 *   - any other file (a fragment, a vhost, an .htaccess) gets exactly the modules whose directives
 *     it uses outside a positive `<IfModule>` of a module that is not built in (httpd skips those
 *     bodies when the module is absent), from src/apache/directive-table.ts, plus the module of each
 *     Require provider it names (`Require ip` → authz_host), with dependencies, and an MPM.
 */
import type { ConfigFile, Section } from '../../src/ast/nodes.js';
import { walk } from '../../src/ast/walk.js';
import { condition } from '../../src/ast/query.js';
import { moduleDependencies, MODULES, providersOfDirective } from '../../src/apache/directive-table.js';
import { moduleOfTest } from '../../src/apache/conditions.js';
import { REQUIRE_PROVIDER_MODULE } from '../../src/apache/access-directives.js';
import { implicitNeeds } from '../../src/rules-kit/implicit-modules.js';
import { loadLines } from '../../src/rules-kit/load-module.js';

/** Rules whose output must bring its own LoadModule lines (their fixtures get none added). */
export const MODULE_RULES: ReadonlySet<string> = new Set([
  'load-module-for-directive', 'load-implicit-modules', 'no-removed-modules', 'prefer-mod-cache-disk', 'third-party-module',
]);

export function loadsModules(file: ConfigFile): boolean {
  let found = false;
  walk(file, { directive: (d) => { if (d.lname === 'loadmodule') found = true; } });
  return found;
}

export function loadsMpm(file: ConfigFile): boolean {
  let found = false;
  walk(file, { directive: (d) => { if (d.lname === 'loadmodule' && /^mpm_\w+_module$/.test(d.args[0]?.value ?? '')) found = true; } });
  return found;
}

/** A main configuration: it sets ServerRoot, so it must bring everything, its MPM included. */
export function isMain(file: ConfigFile): boolean {
  let found = false;
  walk(file, { directive: (d, ancestors) => { if (d.lname === 'serverroot' && ancestors.length === 0) found = true; } });
  return found;
}

/** Inside a positive `<IfModule>` of a module that is not built in: httpd skips it when the module is absent. */
const guarded = (ancestors: readonly Section[]) => ancestors.some((s) => {
  if (s.lname !== 'ifmodule') return false;
  const { name, negated } = condition(s);
  return !negated && !MODULES[moduleOfTest(name)]?.builtin;
});


/** The modules (short names, MPM first) to load for a file that does not load its own. */
export function neededModules(file: ConfigFile): string[] {
  const modules = new Set<string>();
  let mpms: Set<string> | null = null;
  const use = (lname: string, ancestors: readonly Section[]) => {
    if (guarded(ancestors)) return;
    const providers = providersOfDirective(lname);
    if (!providers.length || providers.some((p) => p.builtin)) return;
    const mpm = providers.filter((p) => p.module.startsWith('mpm_')).map((p) => p.module);
    if (mpm.length === providers.length) {
      mpms = new Set(mpms ? [...mpms].filter((m) => mpm.includes(m)) : mpm);
      return;
    }
    modules.add(providers[0]!.module);
  };
  walk(file, {
    directive: (d, ancestors) => {
      use(d.lname, ancestors);
      if (d.lname !== 'require' || guarded(ancestors)) return;
      const words = d.args.map((a) => a.value);
      const provider = REQUIRE_PROVIDER_MODULE[(words[0]?.toLowerCase() === 'not' ? words[1] : words[0]) ?? ''];
      if (provider) modules.add(provider);
    },
    enter: (s, ancestors) => { if (s.lname !== 'ifmodule') use(`<${s.lname}`, ancestors); },
  });
  const out = new Set<string>();
  const add = (m: string) => { for (const dep of moduleDependencies(m)) add(dep); out.add(m); };
  const candidates: string[] = mpms ? [...(mpms as Set<string>)] : [];
  const mpm = candidates.includes('mpm_prefork') ? 'mpm_prefork' : candidates[0] ?? 'mpm_prefork';
  out.add(mpm);
  for (const m of [...modules].sort()) add(m);
  return [...out];
}

/**
 * The modules the main configuration loads for a file that loads some modules itself but is no
 * main configuration (conf.d/ssl.conf with its own `LoadModule ssl_module`): what
 * load-implicit-modules writes into the main file for it (its MPM, authz_core, socache_shmcb for
 * `SSLSessionCache shmcb:`…), less the modules this httpd has built in. Nothing the file's own
 * directives need from other modules is added: the file must load those itself.
 */
export function mainLoadsFor(file: ConfigFile): string[] {
  const loaded = new Set(loadLines(file).map((l) => l.name));
  return implicitNeeds([file], loaded).map((n) => n.name).filter((n) => !MODULES[n]?.builtin);
}
