import { isAccessFile } from '../src/project/project.js';
import { defineRule } from '../src/engine/rule.js';
import { chooseProjectMpm } from '../src/rules-kit/implicit-modules.js';
import { loadModuleLine, loadModuleLines, loadsStandardFile, moduleList } from '../src/rules-kit/load-module.js';
import { firstNeed, modulePlace } from '../src/rules-kit/module-place.js';
import { effectiveLoaded, firstPerModule, leftToImplicit, missingIn, type MissingModule, modulesToLoad } from '../src/httpd/missing-modules.js';
import { fromOwnTrees, gather } from '../src/rules-kit/project-facts.js';
import { aroundIn } from '../src/project/include-chains.js';

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
        const { lines } = list;
        const loaded = effectiveLoaded(list.loaded);
        if (![...loaded].some((m) => m.startsWith('mpm_'))) loaded.add(chooseProjectMpm(context.project, file, context.options.mpm).name);
        const symbols = new Set(lines.map((l) => l.symbol));
        // Each file's share once per project and set of modules (a later pass's re-parse of a file: that file's only):
        // the rule runs on every file, and each asked about every file (250 one-vhost files: 4.4 s).
        const around = aroundIn(context.project);
        const key = `load-module-for-directive:${[...loaded].sort().join(',')}:${[...symbols].sort().join(',')}`;
        const missing = fromOwnTrees(context.project, file, key, () => firstPerModule(gather(context.project, file, key, (f) => missingIn(f, loaded, symbols, leftToImplicit, around))));
        if (missing.length === 0) return;
        const where = (m: MissingModule) => {
          const src = context.project.files.find((s) => s.path === m.file.path);
          return `${src?.display ?? m.file.path}:${m.file.text.slice(0, m.node.start).split('\n').length}`;
        };
        const what = (m: MissingModule, load: string) => {
          const also = m.alternatives.length ? ` (or mod_${m.alternatives.join(', mod_')})` : '';
          const htaccess = isAccessFile(context.project, m.file.path);
          const premise = ' (the 2.2 server had it compiled in, or loaded it in a file not read here)';
          if (m.provider) {
            const when = htaccess || m.provider.when === 'request' ? 'every request there then gets a 500' : 'at start-up';
            return `\`${m.written}\`: 2.4 says "${m.provider.error}" (${when}); it needs ${load}. The provider is registered by mod_${m.module}, which no LoadModule line of this configuration loads${premise}.`;
          }
          const when = htaccess ? 'in .htaccess, where every request then gets a 500' : 'at start-up';
          return `Invalid command '${m.written}' ${when}: 2.4 needs ${load}${also}. ${m.written} is provided by mod_${m.module}, which no LoadModule line of this configuration loads`
            + `${premise}; 2.4 does not know the directive without it.`;
        };

        if (list.debian) {
          for (const m of missing.filter((x) => x.file === file)) {
            context.report({ node: m.node, message: `${what(m, `\`a2enmod ${m.module}\``)} This tree manages modules with Debian's mods-enabled/.` });
          }
          return;
        }
        // Every module needed, its dependencies first (mod_proxy before mod_proxy_fcgi), each once.
        const names: string[] = [];
        for (const m of missing) for (const n of modulesToLoad(m.module, loaded)) if (!names.includes(n)) names.push(n);
        const need = fromOwnTrees(context.project, file, `${key}:firstNeed:${names.join(',')}`, () => firstNeed(context.project, file, new Set(names), missing));
        const place = modulePlace(context.project, file, list, need);
        if (!place) {
          // No LoadModule line at the top level of an always-read file: say what to write, at each use.
          const like = lines.find(loadsStandardFile) ?? lines[0]!;
          for (const m of missing.filter((x) => x.file === file)) {
            const load = modulesToLoad(m.module, loaded).map((n) => `\`${loadModuleLine(like, n)}\``).join(' and ');
            context.report({ node: m.node, message: `${what(m, load)} Every LoadModule line of this configuration sits inside a section (<IfDefine>…) or a file read only conditionally, so the line is not written for you: write it at the top level of the main configuration, before this line.` });
          }
          return;
        }
        if (place.path !== file.path) return;
        // One edit writes every line: the findings share it, so one pass applies them all.
        const text = names.flatMap((n) => loadModuleLines(place.like, n, place.dir));
        const edit = place.edit(text);
        for (const m of missing) {
          const mine = modulesToLoad(m.module, loaded);
          const load = mine.map((n) => `\`${loadModuleLine(place.like, n, place.dir)}\``).join(' and ');
          const elsewhere = m.file === file ? '' : ` It is first used at ${where(m)}; the line goes here, where this file loads modules.`;
          context.report({ node: m.file === file ? m.node : place.node, message: what(m, load) + elsewhere, fix: [edit] });
        }
      },
    };
  },
});
