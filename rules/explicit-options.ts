import type { ConfigFile, Directive, Section } from '../src/ast/nodes.js';
import { defineRule } from '../src/engine/rule.js';
import { insertIntoSection } from '../src/edit/fixer.js';
import { gather } from '../src/rules-kit/project-facts.js';
import { fileMemo, memo } from '../src/ast/memo.js';
import { defaultOnlyTargets, directoryIndex, ownDirectives } from '../src/rules-kit/directory-model.js';
import { liveDirectives, mainConfigs, scopeOf } from '../src/rules-kit/directive-scope.js';
import { isAccessFile } from '../src/project/project.js';

/** An Options line with a word lacking + or - replaces the inherited value; one of only +/- words adds to it. */
const absolute = (d: Directive) => d.args.some((a) => !/^[+-]/.test(a.value));
const sets = (s: Section) => ownDirectives(s, 'options').some((l) => absolute(l.directive));
/** The Options lines of a file that replace the value for the whole server or a virtual host. */
const serverOptions = (f: ConfigFile) => memo(f, 'explicit-options:server', () => liveDirectives(f, 'options')
  .filter((l) => absolute(l.directive) && [undefined, 'virtualhost'].includes(scopeOf(l.ancestors)?.lname)));

export default defineRule({
  meta: {
    id: 'explicit-options',
    description: 'Offer Options All where a 2.2 tree relied on the old default of all options.',
    row: 'Changed defaults: Options (2.2 All, 2.4 FollowSymLinks)',
    kind: 'suggest',
  },
  create(context) {
    return {
      File(file) {
        if (isAccessFile(context.project, file.path)) return;
        // Options outside any section set the value for every directory of the server (or of that virtual host).
        const targets = fileMemo(context.project, file, 'explicit-options:targets', () => {
          const base = gather(context.project, file, 'explicit-options:server', serverOptions);
          const mainSets = base.some((l) => scopeOf(l.ancestors) === null);
          const hostSets = new Set(base.map((l) => scopeOf(l.ancestors)));
          return defaultOnlyTargets(directoryIndex(context.project, file), sets, (d) => mainSets || (d.vhost !== null && hostSets.has(d.vhost)));
        });
        // Without the main configuration its <Directory /> or server-wide Options are out of sight: then only report.
        const sure = mainConfigs(context.project, file).length > 0;
        for (const d of targets) {
          context.report({
            node: d.section,
            message: `No Options line sets the options of <Directory ${d.section.args[0]!.raw}>${sure ? '' : ' in the files loaded (the main configuration is not among them)'}: `
              + 'httpd 2.2 defaulted to Options All (Indexes Includes FollowSymLinks ExecCGI), 2.4 defaults to FollowSymLinks only, so directory listings, SSI and CGI stop working there. '
              + `Write "Options All" as the first line of this section to keep the 2.2 behaviour${sure ? '' : ' if the main configuration sets no Options for it'}; `
              + 'this is usually unwanted, so better list only the options the site needs.',
            ...(sure ? { suggestion: [insertIntoSection(file, d.section, ['Options All'])] } : {}),
          });
        }
      },
    };
  },
});
