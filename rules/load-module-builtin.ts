import { sometimesBuiltin } from '../src/apache/modules.js';
import { defineRule } from '../src/engine/rule.js';
import { indentOf, replaceLines } from '../src/edit/fixer.js';
import { ifModuleTest } from '../src/rules-kit/if-module.js';
import { loadLines } from '../src/rules-kit/load-module.js';
import { refusedInHtaccess } from '../src/rules-kit/refused-in-htaccess.js';

export default defineRule({
  meta: {
    id: 'load-module-builtin',
    description: 'Wrap the LoadModule line of a module that 2.4 builds often compile in (log_config, logio, version, unixd, …) in <IfModule !name_module>.',
    row: 'Build-time configuration: LoadModule lines in the default configuration file (modules compiled into the 2.4 build)',
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    return {
      File() {
        for (const line of loadLines(file)) {
          if (!sometimesBuiltin(line.name)) continue;
          // Already guarded: some enclosing <IfModule !name> tests this very module.
          if (line.ancestors.some((s) => { const t = ifModuleTest(s); return t?.negated && t.name === line.name; })) continue;
          const d = line.directive;
          // In a .htaccess the line answered 500 in 2.2; guarded, it would be skipped where the module is built in.
          const refused = refusedInHtaccess(context.project, file, d);
          if (refused !== null) {
            context.report({ node: d, message: refused });
            continue;
          }
          const indent = indentOf(file, d);
          const inner = /^\t/m.test(file.text) ? '\t' : '    ';
          const text = file.text.slice(d.contentStart, d.contentEnd);
          context.report({
            node: d,
            message: `mod_${line.name} is compiled into many 2.4 builds (Debian's among them), which stop at this line: "module ${line.symbol} is built-in and can't be loaded". `
              + `Wrapped in <IfModule !${line.name}_module>, it loads the module where it is a .so file and is skipped where it is built in.`,
            fix: [replaceLines(file, d, d, [`<IfModule !${line.name}_module>`, `${inner}${text}`, '</IfModule>'], indent)],
          });
        }
      },
    };
  },
});
