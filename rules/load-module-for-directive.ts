import type { ConfigFile } from '../src/ast/nodes.js';
import { defineRule } from '../src/engine/rule.js';
import { insertLinesAfter } from '../src/edit/fixer.js';
import { moduleDependencies, type DirectiveInfo } from '../src/apache/directive-table.js';
import { chooseMpm } from '../src/rules-kit/implicit-modules.js';
import { loadModuleLines, moduleList } from '../src/rules-kit/load-module.js';
import { effectiveLoaded, missingModules, type MissingModule } from '../src/httpd/missing-modules.js';
import { aroundIn } from '../src/project/include-chains.js';

/** Modules whose directives moved between modules in 2.4: load-implicit-modules adds them, with its own explanation. */
const LEFT_TO_LOAD_IMPLICIT = /^(authz_core|authn_core|access_compat|unixd|filter|proxy_connect|slotmem_shm|socache_shmcb|lbmethod_\w+|mpm_\w+)$/;

function leftToOthers(info: DirectiveInfo): boolean {
  return LEFT_TO_LOAD_IMPLICIT.test(info.module) || info.name === 'ProxyFtpDirCharset';
}

export default defineRule({
  meta: {
    id: 'load-module-for-directive',
    description: 'Load the module of every directive the configuration uses, so that 2.4 does not stop with "Invalid command".',
    row: 'Errors: Invalid command \'X\', perhaps misspelled or defined by a module not included in the server configuration',
    kind: 'fix',
    migratedTree: true,
  },
  create(context) {
    const file = context.file;
    return {
      File() {
        const list = moduleList(context.project, file);
        if (!list?.main()) return; // no LoadModule lines (not a main configuration, or a static build), or no main configuration
        const { lines, files } = list;
        const loaded = effectiveLoaded(list.loaded);
        if (![...loaded].some((m) => m.startsWith('mpm_'))) loaded.add(chooseMpm(files, context.options.mpm).name);
        const symbols = new Set(lines.map((l) => l.symbol));
        const missing = missingModules(files, loaded, symbols, leftToOthers, aroundIn(context.project));
        if (missing.length === 0) return;
        const kindOf = (f: ConfigFile) => context.project.files.find((s) => s.ast === f || s.path === f.path)?.kind ?? 'conf';
        const where = (m: MissingModule) => {
          const src = context.project.files.find((s) => s.path === m.file.path);
          return `${src?.display ?? m.file.path}:${m.file.text.slice(0, m.node.start).split('\n').length}`;
        };
        const what = (m: MissingModule, load: string) => {
          const also = m.alternatives.length ? ` (or mod_${m.alternatives.join(', mod_')})` : '';
          const when = kindOf(m.file) === 'htaccess' ? 'in .htaccess, where every request then gets a 500' : 'at start-up';
          return `Invalid command '${m.written}' ${when}: 2.4 needs ${load}${also}. ${m.written} is provided by mod_${m.module}, which no LoadModule line of this configuration loads`
            + ' (the 2.2 server had it compiled in, or loaded it in a file not read here); 2.4 does not know the directive without it.';
        };

        if (list.debian) {
          for (const m of missing.filter((x) => x.file === file)) {
            context.report({ node: m.node, message: `${what(m, `\`a2enmod ${m.module}\``)} This tree manages modules with Debian's mods-enabled/.` });
          }
          return;
        }
        // The lines go after the last LoadModule line of the file holding the project's last one, outside sections when possible.
        const last = lines[lines.length - 1]!;
        if (last.file !== file) return;
        const mine = lines.filter((l) => l.file === file);
        const at = [...mine].reverse().find((l) => l.ancestors.length === 0) ?? last;
        for (const m of missing) {
          const need = [...moduleDependencies(m.module).filter((d) => !loaded.has(d)), m.module];
          // Modules some builds compile in (log_config, version…) are loaded inside <IfModule !name_module>.
          const text = need.flatMap((n) => loadModuleLines(at, n));
          const load = text.map((t) => `\`${t.trim()}\``).join(' and ');
          const elsewhere = m.file === file ? '' : ` It is first used at ${where(m)}; the line goes after the last LoadModule line here.`;
          context.report({ node: m.file === file ? m.node : at.directive, message: what(m, load) + elsewhere, fix: [insertLinesAfter(file, at.directive, text)] });
        }
      },
    };
  },
});
