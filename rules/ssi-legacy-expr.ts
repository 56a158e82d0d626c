import type { Section } from '../src/ast/nodes.js';
import { defineRule } from '../src/engine/rule.js';
import { insertLinesAfter } from '../src/edit/fixer.js';
import { options22 } from '../src/apache/options.js';
import { ownDirectives } from '../src/rules-kit/directory-model.js';
import { deadIn24, scopeOf } from '../src/rules-kit/directive-scope.js';

/** Sections where SSILegacyExprParser is allowed (directory context); server and virtual-host level refuse it. */
const DIRECTORY_CONTEXT: ReadonlySet<string> = new Set(['directory', 'directorymatch', 'location', 'locationmatch', 'files', 'filesmatch']);
const LINE = 'SSILegacyExprParser on';

/** Whether an Options line turns on server-side includes (Includes, IncludesNOEXEC, All; with + or none), as set_options reads it. */
function enablesIncludes(words: readonly string[]): boolean {
  const set = options22(words);
  return set.illegal === null && set.words.some((w) => w === 'Includes' || w === 'IncludesNOEXEC');
}

export default defineRule({
  meta: {
    id: 'ssi-legacy-expr',
    description: 'Offer SSILegacyExprParser on where server-side includes are enabled, to keep the 2.2 #if expr syntax.',
    row: 'Per-module behavior changes: mod_include — #if expr uses the new expression parser (old one via SSILegacyExprParser); set no longer decodes entities',
    kind: 'suggest',
  },
  create(context) {
    const done = new Set<Section | null>();
    return {
      'Directive:options'(node, ancestors) {
        if (!enablesIncludes(node.args.map((a) => a.value)) || deadIn24(ancestors)) return;
        const scope = scopeOf(ancestors);
        if (done.has(scope)) return;
        done.add(scope);
        if (ancestors.some((s) => ownDirectives(s, 'ssilegacyexprparser').length > 0)) return;
        if (scope === null && context.file.children.some((n) => n.type === 'directive' && n.lname === 'ssilegacyexprparser')) return;
        const said = 'Options enables server-side includes here: httpd 2.2 evaluated <!--#if expr="..." --> with the old SSI expression syntax; '
          + '2.4 uses the new expression parser, so old expressions such as $VAR = /regex/ fail or change meaning. '
          + 'Also, 2.4\'s <!--#set --> no longer decodes entities such as &amp; in its value, and the server\'s own 2.4 error documents use the new syntax, so they break in a directory where the old parser is on.';
        const allowed = scope ? DIRECTORY_CONTEXT.has(scope.lname) : context.file.path.endsWith('.htaccess');
        if (scope && /(^|\/)error\/?$|errordir/i.test(scope.args[0]?.value ?? '')) {
          context.report({
            node,
            message: `${said} This section serves the server's error documents: keep the new parser for 2.4's error pages, and write "${LINE}" here only if the 2.2 pages are kept.`,
          });
        } else if (allowed) {
          context.report({
            node,
            message: `${said} To keep the 2.2 syntax write "${LINE}" in this section (not where the error documents live).`,
            suggestion: [insertLinesAfter(context.file, node, [LINE])],
          });
        } else {
          context.report({
            node,
            message: `${said} SSILegacyExprParser is not allowed at this level; to keep the 2.2 syntax write "${LINE}" in the <Directory> sections that serve SSI pages.`,
          });
        }
      },
    };
  },
});
