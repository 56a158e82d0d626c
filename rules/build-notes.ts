import type { ConfigFile, Directive } from '../src/ast/nodes.js';
import { directives } from '../src/ast/walk.js';
import { defineRule } from '../src/engine/rule.js';
import { moduleOfDirective } from '../src/apache/directive-table.js';
import { COMPAT_ACCESS } from '../src/apache/access-directives.js';
import { openedFiles, readIn24Nodes, unusedLines } from '../src/rules-kit/implicit-modules.js';
import { aroundIn } from '../src/project/include-chains.js';

/** A 2.4 module a 2.2 configuration needs, and why. */
interface Need { module: string; name: string; why: string }

const mod = (name: string, why: string): Need => ({ module: `${name}_module`, name, why });

/** What each loaded 2.2 module needs in 2.4 (semantics §6.2). */
const FOR_LOADED: Record<string, Need[]> = {
  disk_cache_module: [mod('cache_disk', 'mod_disk_cache is mod_cache_disk in 2.4')],
  mem_cache_module: [mod('cache_disk', 'mod_mem_cache is gone; mod_cache_disk (or mod_cache_socache) replaces it')],
  authn_alias_module: [mod('authn_core', '<AuthnProviderAlias> moved from mod_authn_alias to mod_authn_core')],
  authn_default_module: [mod('authn_core', 'mod_authn_default is gone; its default is in mod_authn_core')],
  authz_default_module: [mod('authz_core', 'mod_authz_default is gone; its default is in mod_authz_core')],
  proxy_balancer_module: [
    mod('slotmem_shm', 'mod_proxy_balancer keeps its state in shared memory from mod_slotmem_shm'),
    mod('lbmethod_byrequests', 'load-balancing methods are modules of their own; byrequests is the default'),
  ],
};

/** The 2.4 module of a directive every 2.4 build provides (from the directive table). */
const moduleOf = (lname: string): string => moduleOfDirective(lname)!.module;

/** What directives used anywhere in the tree need in 2.4. */
function forDirectives(all: Directive[]): Need[] {
  const has = (...names: string[]) => all.some((d) => names.includes(d.lname));
  const out: Need[] = [mod('authz_core', 'Require and the default authorization decision')];
  if (has('authtype', 'authname')) out.push(mod(moduleOf('authtype'), 'AuthType and AuthName'));
  if (has('user', 'group')) out.push(mod(moduleOf('user'), 'User and Group'));
  if (has(...COMPAT_ACCESS)) out.push(mod(moduleOf('order'), 'Order, Allow, Deny and Satisfy'));
  if (has('addoutputfilterbytype')) out.push(mod(moduleOf('addoutputfilterbytype'), 'AddOutputFilterByType'));
  if (has('allowconnect')) out.push(mod(moduleOf('allowconnect'), 'AllowCONNECT'));
  if (has('proxyftpdircharset')) out.push(mod(moduleOf('proxyftpdircharset'), 'ProxyFtpDirCharset'));
  if (all.some((d) => d.lname === 'sslsessioncache' && /^shmcb:/i.test(d.args[0]?.value ?? ''))) out.push(mod('socache_shmcb', 'SSLSessionCache shmcb:'));
  for (const m of new Set(all.flatMap((d) => d.args.map((a) => /^lbmethod=(\w+)$/i.exec(a.value)?.[1]?.toLowerCase()).filter((x) => x && x !== 'byrequests')))) {
    out.push(mod(`lbmethod_${m}`, `lbmethod=${m}`));
  }
  return out;
}

export default defineRule({
  meta: {
    id: 'build-notes',
    description: 'Note, once per tree, how to rebuild 2.2\'s build and which modules 2.4 must build and load.',
    row: 'Build-time configuration: config.nice reuse, mod_cache_disk, load-balancing method modules, LoadModule lines',
    kind: 'report',
    migratedTree: true,
  },
  create(context) {
    return {
      FileExit(file: ConfigFile) {
        const own = directives(file, 'loadmodule');
        if (own.length === 0) return;
        // One verdict per tree: the first file (in reading order) with LoadModule lines carries it,
        // and it counts the modules every file of the tree loads (this file as it now reads).
        const inProject = context.project.files.some((f) => f.path === file.path);
        const files = inProject ? context.project.files.map((f) => (f.path === file.path ? file : f.ast)) : [file];
        if (files.find((f) => directives(f, 'loadmodule').length > 0) !== file) return;
        const loads = files.flatMap((f) => directives(f, 'loadmodule'));
        const loaded = new Set(loads.map((d) => d.args[0]?.value ?? ''));
        // The directives a migrated 2.4 tree reads: not those of a dead <IfModule !mod_authz_core.c> branch nor of an access file httpd never opens,
        // nor a moved directive inside <IfModule> of its own module (ProxyFtpDirCharset in <IfModule mod_proxy_ftp.c>) or of one
        // 2.2 read as false (AllowCONNECT in <IfModule mod_proxy.c> with no mod_proxy), as load-implicit-modules.
        const read = readIn24Nodes(openedFiles(context.project, files), aroundIn(context.project), unusedLines(context.project, context.options.builtin ?? [])).directives;
        const needs = [...loads.flatMap((d) => FOR_LOADED[d.args[0]?.value ?? ''] ?? []), ...forDirectives(read)];
        const dir = (/^(.*\/)[^/]*$/.exec(own[0]!.args[1]?.value ?? '')?.[1]) ?? 'modules/';
        const seen = new Set<string>();
        const wanted = needs.filter((n) => !loaded.has(n.module) && !seen.has(n.module) && seen.add(n.module));
        const lines = wanted.map((n) => `LoadModule ${n.module} ${dir}mod_${n.name}.so (${n.why})`);
        const mpm = [...loaded].some((m) => /^mpm_\w+_module$/.test(m)) ? '' : ' If 2.4 is built with a loadable MPM, also load exactly one of mod_mpm_prefork, mod_mpm_worker or mod_mpm_event, else it stops with "No MPM loaded.".';
        context.report({
          node: own[0]!,
          severity: 'info',
          message: 'Building 2.4: the configure command line used for 2.2 is recorded in build/config.nice in the 2.2 installation\'s build directory '
            + '(for example /usr/local/apache2/build/config.nice); run it from the 2.4 source tree, which works in most cases. '
            + 'Every module, third-party ones included, must be rebuilt for 2.4. '
            + (lines.length ? `Build these modules and load them: ${lines.join('; ')}.` : 'No further modules are needed by this configuration.')
            + mpm,
        });
      },
    };
  },
});
