import { defineRule } from '../src/engine/rule.js';
import { removeLine } from '../src/edit/fixer.js';
import { REMOVED } from '../src/apache/modules.js';
import { ifModuleTest, renameIfModule } from '../src/rules-kit/if-module.js';
import { readBy24 } from '../src/rules-kit/reach.js';
import { managesDebianModules } from '../src/layout/debian.js';
import { isLink } from '../src/layout/is-link.js';
import { isDebianModuleFile, loadLineOf, loadModuleLine, loadState } from '../src/rules-kit/load-module.js';
import { refusedInHtaccess } from '../src/rules-kit/refused-in-htaccess.js';

/** disk_cache is renamed by prefer-mod-cache-disk. */
const handled = (name: string | null): name is string => name !== null && name in REMOVED && name !== 'disk_cache';

export default defineRule({
  meta: {
    id: 'no-removed-modules',
    description: 'Remove LoadModule lines of modules 2.4 dropped and report those without a drop-in replacement.',
    row: 'Modules removed in 2.4: mod_authn_default, mod_authz_default, mod_authn_alias, mod_mem_cache; AuthnProviderAlias → mod_authn_core',
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    return {
      'Directive:loadmodule'(node) {
        const line = loadLineOf(file, node);
        const name = line?.name ?? null;
        if (!line || !handled(name)) return;
        const [sym, path] = [node.args[0]!, node.args[1]!];
        const info = REMOVED[name]!;
        const refused = refusedInHtaccess(context.project, file, node);
        if (refused !== null) {
          context.report({ node, message: `${refused} ${info.advice}` });
          return;
        }
        const head = `LoadModule ${sym.raw} ${path.raw} loaded mod_${name} in ${info.last}; 2.4 has no such module and refuses to start. ${info.advice}`;
        if (info.last !== '2.2' || !info.absorbedBy) {
          const lines = info.renamedTo ? ` Write \`${loadModuleLine(line, info.renamedTo)}\`.` : '';
          // A module with no successor (mod_mem_cache): keeping the line stops 2.4, dropping it drops the feature, so it is offered, not applied.
          const drop = !info.renamedTo && info.last === '2.2' && !isDebianModuleFile(file.path);
          context.report({ node, message: `${head}${lines}${drop ? ' On request the line is removed.' : ''}`, ...(drop ? { suggestion: [removeLine(file, node)] } : {}) });
          return;
        }
        const core = info.absorbedBy;
        if (isDebianModuleFile(file.path)) {
          const enabled = /[\\/]mods-enabled[\\/]/.test(file.path) && managesDebianModules(context.project);
          // Read through a mods-enabled/ symlink: the symlink goes, as a2dismod would (src/layout/debian.ts).
          if (enabled && isLink(file.path)) return;
          // A regular file copied into mods-enabled/ (a2dismod would refuse to touch it) loses its line below.
          if (!enabled) {
            context.report({ node, message: `${head} On Debian, run \`a2dismod ${name}\` (mod_${core} is enabled by the 2.4 package).` });
            return;
          }
        }
        context.report({
          node,
          message: `${head} Remove the line; mod_${core} (\`LoadModule ${core}_module …/mod_${core}.so\`, added by load-implicit-modules) does its work.`,
          fix: [removeLine(file, node)],
        });
      },
      'Section:ifmodule'(node, ancestors) {
        const test = ifModuleTest(node);
        if (!test || !handled(test.name) || !readBy24(ancestors)) return;
        const name = test.name;
        const info = REMOVED[name]!;
        const was = `<IfModule ${test.negated ? '!' : ''}${file.text.slice(test.start, test.end)}>`;
        const core = info.absorbedBy;
        // Only a LoadModule line of the old module says 2.2 read the block: the successor's is no evidence, since a first
        // run adds it (a second run renamed blocks 2.2 had skipped, and 2.4 then answered 403 where 2.2 answered 200).
        const state = core ? loadState(context.project, file, name) : 'absent';
        if (core && state !== 'absent') {
          const edit = renameIfModule(test, core);
          context.report({
            node,
            message: `${was} tested for mod_${name}, which 2.4 dropped (${info.advice}) The old name is never loaded in 2.4, so the test would always be ${test.negated ? 'true' : 'false'}. Write \`<IfModule ${test.negated ? '!' : ''}${edit.text}>\`.`,
            fix: [edit],
          });
          return;
        }
        let why = `2.4 never loads a module of that name, so the block is ${test.negated ? 'always read' : 'skipped'}. ${info.advice}`;
        if (core) why = `the tree never loads mod_${name}, so 2.2 skipped this block and 2.4 skips it too; delete it if it is not wanted.`;
        else if (info.last === '2.0') why = `2.2 had no such module either, so nothing changes: the block is ${test.negated ? 'always read' : 'skipped'} as before. ${info.advice}`;
        context.report({ node, message: `${was} tested for mod_${name}, which 2.4 dropped: ${why}` });
      },
      'Directive:cacheenable'(node, ancestors) {
        if (node.args[0]?.value.toLowerCase() !== 'mem' || !readBy24(ancestors)) return;
        const url = node.args[1]?.raw ?? '/';
        context.report({
          node,
          message: `CacheEnable mem ${url} cached in memory with 2.2's mod_mem_cache; 2.4 has no \`mem\` provider. Write \`CacheEnable socache ${url}\` (with mod_cache_socache and \`CacheSocache shmcb\`) or \`CacheEnable disk ${url}\` (with mod_cache_disk).`,
        });
      },
    };
  },
});
