import { dirname } from 'node:path';
import { fileMemo } from '../src/ast/memo.js';
import type { ConfigFile, Directive, Section } from '../src/ast/nodes.js';
import { hasLimitDirectives } from '../src/access/model/index.js';
import { defineRule } from '../src/engine/rule.js';
import { appendLines, insertIntoSection } from '../src/edit/fixer.js';
import { coveredByAddedDirectory, defaultOnlyTargets, directoryCovers, directoryIndex, ownDirectives, uncoveredHtaccessDirs, vhostSettersBefore } from '../src/rules-kit/directory-model.js';
import { mainConfigs } from '../src/rules-kit/directive-scope.js';
import { isAccessFile } from '../src/project/project.js';

const sets = (s: Section) => ownDirectives(s, 'allowoverride').length > 0;

export default defineRule({
  meta: {
    id: 'explicit-allow-override',
    description: 'Write AllowOverride All where a 2.2 tree relied on the old default, so .htaccess files keep working.',
    row: 'Changed defaults: AllowOverride (2.2 All, 2.4 None)',
    kind: 'fix',
  },
  create(context) {
    /**
     * A .htaccess no <Directory> covers: no section to write AllowOverride in. (One with Allow/Deny
     * lines is allowoverride-authconfig's, which names the categories its translation needs.)
     */
    const reportUncovered = (file: ConfigFile) => {
      const dir = dirname(file.path);
      if (hasLimitDirectives(file.children) || !mainConfigs(context.project, file).length || directoryCovers(context.project, dir)) return;
      if (coveredByAddedDirectory(context.project, dir)) return; // the main configuration's fix
      const first = file.children.find((n): n is Directive | Section => n.type === 'directive' || n.type === 'section');
      if (!first) return;
      context.report({
        node: first.type === 'section' ? first.open : first,
        severity: 'error',
        message: `No <Directory> of this configuration covers ${dir}: httpd 2.2 read this .htaccess under its default AllowOverride All, and 2.4 leaves AllowOverride unset there, where it answers 500 to any directive in the file ("${first.type === 'section' ? `<${first.name}` : first.name} not allowed here"). `
          + `Add a <Directory ${dir}> (or one above it) with AllowOverride All, or the categories this file needs, to keep the 2.2 behaviour.`,
      });
    };
    /**
     * The first main configuration gets, at its end, a <Directory> with AllowOverride All for each topmost directory
     * of a .htaccess no <Directory> covers: where 2.2 read it under its default, 2.4 answers 500 to every directive in
     * it. (Reported on the .htaccess before, and left: a helper's hunt of whole trees, with a DocumentRoot and no
     * <Directory> for it, got 500 on the real 2.4 where 2.2 had served the file's rules.)
     */
    const addUncovered = (file: ConfigFile) => {
      if (mainConfigs(context.project, file)[0]?.path !== file.path) return;
      const dirs = uncoveredHtaccessDirs(context.project, file);
      const last = file.children.filter((n): n is Directive | Section => n.type === 'directive' || n.type === 'section').at(-1);
      if (!dirs.length || !last) return;
      const files = context.project.files.filter((f) => isAccessFile(context.project, f.path) && coveredByAddedDirectory(context.project, dirname(f.path)));
      context.report({
        node: last.type === 'section' ? last.open : last,
        message: `No <Directory> of this configuration covers ${dirs.join(', ')}, where ${files.length === 1 ? `${files[0]!.display} is` : `${files.length} .htaccess files are`}: httpd 2.2 read ${files.length === 1 ? 'it' : 'them'} under its default AllowOverride All, and 2.4 leaves AllowOverride unset there, where it answers 500 to any directive in ${files.length === 1 ? 'the file' : 'them'}. `
          + `Add at the end of this file ${dirs.map((d) => `<Directory "${d}"> with AllowOverride All`).join(', ')} to keep the 2.2 behaviour.`,
        fix: [appendLines(file, dirs.flatMap((d) => [`<Directory "${d}">`, '    AllowOverride All', '</Directory>']))],
      });
    };
    return {
      File(file) {
        if (isAccessFile(context.project, file.path)) {
          reportUncovered(file);
          return;
        }
        addUncovered(file);
        const index = directoryIndex(context.project, file);
        const targets = fileMemo(context.project, file, 'explicit-allow-override:targets', () => defaultOnlyTargets(index, sets));
        // Without the main configuration a <Directory /> saying None may be out of sight: then only report.
        const sure = mainConfigs(context.project, file).length > 0;
        for (const d of targets) {
          // A virtual host's own <Directory> above it sets AllowOverride for that host's requests, and this
          // section merges after it there: AllowOverride All here would turn on .htaccess files it had turned off.
          const hosts = vhostSettersBefore(index, d, sets);
          if (hosts.length) {
            const first = hosts[0]!;
            const name = first.vhost!.children.find((c) => c.type === 'directive' && c.lname === 'servername');
            const host = name && name.type === 'directive' ? name.args[0]?.raw : first.vhost!.args.map((a) => a.raw).join(' ');
            context.report({
              node: d.section,
              severity: 'error',
              message: `No AllowOverride applies to <Directory ${d.section.args[0]!.raw}> for the main server: httpd 2.2 defaulted to AllowOverride All there, and 2.4 has no such default (it answers 500 to any directive in a .htaccess file). `
                + `But <VirtualHost> ${host} sets AllowOverride in <Directory ${first.section.args[0]!.raw}>, which its requests read first: "AllowOverride All" here would replace it for them, and turn on the .htaccess files it turned off. `
                + `Write "AllowOverride All" here and, in that <VirtualHost>, a <Directory ${d.section.args[0]!.raw}> with its own value, or set AllowOverride in a main-server <Directory> above both.`,
            });
            continue;
          }
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
