import type { Directive } from '../src/ast/nodes.js';
import { directives } from '../src/ast/walk.js';
import { renameDirective } from '../src/edit/fixer.js';
import { defineRule } from '../src/engine/rule.js';
import { refusedBy22 } from '../src/project/include.js';
import type { IncludeSite } from '../src/project/project.js';

/** True when the last path component holds a wildcard, the only place 2.2 allowed one. */
export const hasWildcard = (pattern: string) => /[*?[]/.test(pattern);

export default defineRule({
  meta: {
    id: 'prefer-include-optional',
    description: 'Write IncludeOptional for an Include whose wildcard matches no file.',
    row: 'Changed defaults: Include of an empty wildcard is an error in 2.4; use IncludeOptional',
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    const { project } = context;
    /** Include lines of this file, in order; a site is matched by its position among them, which edits do not change. */
    const ordinal = (site: IncludeSite): number => {
      const original = project.byPath.get(site.from)?.ast;
      if (!original) return directives(file, 'include', 'includeoptional').findIndex((d) => d.start === site.directive.start);
      return directives(original, 'include', 'includeoptional').findIndex((d) => d === site.directive || d.start === site.directive.start);
    };
    return {
      FileExit() {
        const lines = directives(file, 'include', 'includeoptional');
        for (const site of project.includes) {
          if (site.from !== file.path || site.optional || site.files.length > 0) continue;
          const written = site.directive.args[0]?.value ?? site.pattern;
          if (!hasWildcard(written) && !hasWildcard(site.pattern)) continue;
          // A wildcard in a directory that does not exist stopped 2.2 too ("Include directory ... not found"), and the
          // loader reports it: IncludeOptional would hide that error, not keep a behaviour.
          if (project.diagnostics.some((d) => d.code === 'INCLUDE_DIR_NOT_FOUND' && d.path === site.from && d.start === site.directive.contentStart)) continue;
          const node: Directive | undefined = lines[ordinal(site)];
          if (!node || node.lname !== 'include') continue;
          const slash = site.pattern.lastIndexOf('/');
          const dir = slash > 0 ? site.pattern.slice(0, slash) : site.serverRoot;
          const base = site.pattern.slice(slash + 1);
          const refused22 = refusedBy22(site.pattern);
          const remedy = `write: IncludeOptional ${node.args.map((a) => a.raw).join(' ')}`;
          context.report({
            node,
            // 2.4 names the first directory level whose wildcard matched nothing; the loader reports its exact words.
            message: refused22 !== undefined
              ? `2.2 refused "Include ${written}" ("${refused22}"): it allowed a wildcard only in the last path component. `
                + `2.4 reads it, but refuses to start because it matches no file. To start with no match, ${remedy}`
              : `In 2.2, "Include ${written}" matched no file and was silently skipped. `
                + `2.4 refuses to start: "Include/IncludeOptional: No matches for the wildcard '${base}' in '${dir}', failing". `
                + `To keep starting with no match, ${remedy}`,
            // Where 2.2 skipped the line, IncludeOptional keeps exactly that; where 2.2 refused it there is no behaviour to keep.
            ...(refused22 === undefined ? { fix: [renameDirective(node, 'IncludeOptional')] } : { severity: 'warning' as const, suggestion: [renameDirective(node, 'IncludeOptional')] }),
          });
        }
      },
    };
  },
});
