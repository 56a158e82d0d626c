import { defineRule } from '../src/engine/rule.js';
import { replaceArg } from '../src/edit/fixer.js';
import { ifModuleTest, renameIfModule } from '../src/rules-kit/if-module.js';
import { isDebianModuleFile, loadLineOf, renameSo } from '../src/rules-kit/load-module.js';
import { readBy24 } from '../src/rules-kit/reach.js';

export default defineRule({
  meta: {
    id: 'prefer-mod-cache-disk',
    description: 'Rename mod_disk_cache to mod_cache_disk in LoadModule lines and <IfModule> tests.',
    row: 'Modules: mod_disk_cache (disk_cache_module) → mod_cache_disk (cache_disk_module); build settings: mod_cache_disk',
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    return {
      'Directive:loadmodule'(node) {
        if (loadLineOf(file, node)?.name !== 'disk_cache') return;
        const [sym, path] = [node.args[0]!, node.args[1]!];
        const head = `LoadModule ${sym.raw} ${path.raw} loaded 2.2's disk cache; 2.4 ships the same cache as mod_cache_disk (cache_disk_module), and \`CacheEnable disk\` and the CacheRoot/CacheDir* directives are unchanged.`;
        if (isDebianModuleFile(file.path)) {
          context.report({ node, message: `${head} On Debian, run \`a2dismod disk_cache && a2enmod cache_disk\` instead of editing this file.` });
          return;
        }
        const newPath = renameSo(path.raw, 'mod_disk_cache.so', 'mod_cache_disk.so');
        context.report({
          node,
          message: `${head} Write \`LoadModule cache_disk_module ${newPath}\`.`,
          fix: [replaceArg(sym, 'cache_disk_module'), ...(newPath === path.raw ? [] : [replaceArg(path, newPath)])],
        });
      },
      'Section:ifmodule'(node, ancestors) {
        const test = ifModuleTest(node);
        if (!test || !readBy24(ancestors) || test.name !== 'disk_cache') return;
        const edit = renameIfModule(test, 'cache_disk');
        const was = file.text.slice(test.start, test.end);
        context.report({
          node,
          message: `<IfModule ${test.negated ? '!' : ''}${was}> tested for 2.2's disk cache; in 2.4 that module is mod_cache_disk, and the old name is never loaded, so the test would always be ${test.negated ? 'true' : 'false'}. Write \`<IfModule ${test.negated ? '!' : ''}${edit.text}>\`.`,
          fix: [edit],
        });
      },
    };
  },
});
