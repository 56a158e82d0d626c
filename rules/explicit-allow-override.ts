import { fileMemo } from '../src/ast/memo.js';
import type { Section } from '../src/ast/nodes.js';
import { defineRule } from '../src/engine/rule.js';
import { insertIntoSection } from '../src/edit/fixer.js';
import { defaultOnlyTargets, directoryIndex, ownDirectives } from '../src/rules-kit/directory-model.js';
import { mainConfigs } from '../src/rules-kit/directive-scope.js';

const sets = (s: Section) => ownDirectives(s, 'allowoverride').length > 0;

export default defineRule({
  meta: {
    id: 'explicit-allow-override',
    description: 'Write AllowOverride All where a 2.2 tree relied on the old default, so .htaccess files keep working.',
    row: 'Changed defaults: AllowOverride (2.2 All, 2.4 None)',
    kind: 'fix',
  },
  create(context) {
    return {
      File(file) {
        if (file.path.endsWith('.htaccess')) return;
        const targets = fileMemo(context.project, file, 'explicit-allow-override:targets', () => defaultOnlyTargets(directoryIndex(context.project, file), sets));
        // Without the main configuration a <Directory /> saying None may be out of sight: then only report.
        const sure = mainConfigs(context.project, file).length > 0;
        for (const d of targets) {
          context.report({
            node: d.section,
            message: `No AllowOverride applies to <Directory ${d.section.args[0]!.raw}>${sure ? '' : ' in the files loaded (the main configuration is not among them)'}: `
              + 'httpd 2.2 defaulted to AllowOverride All and obeyed every directive in .htaccess files below it; '
              + '2.4 has no such default (documented as None, but really unset: it still opens .htaccess files and answers 500 to any directive in them). '
              + `Write "AllowOverride All" as the first line of this section to keep the 2.2 behaviour${sure ? '' : ' if no enclosing <Directory> of the main configuration sets AllowOverride'} `
              + '(or "AllowOverride None" if no .htaccess file is meant to be read).',
            ...(sure ? { fix: [insertIntoSection(file, d.section, ['AllowOverride All'])] } : {}),
          });
        }
      },
    };
  },
});
