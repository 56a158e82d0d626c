import { defineRule } from '../src/engine/rule.js';
import type { ConfigFile, Node, Section } from '../src/ast/nodes.js';
import { removeLine } from '../src/edit/fixer.js';
import { branchKind, dualBlocks, hasAccess, loadedSections, proveProject, TRANSPARENT, versionConds } from '../src/access/migrate/index.js';
import { projectOf } from '../src/project/project.js';

function label(file: ConfigFile, s: Section): string {
  return file.text.slice(s.open.contentStart, s.open.contentEnd);
}

export default defineRule({
  meta: {
    id: 'no-legacy-access-branch',
    description: 'Remove access-control branches that only 2.2 reads (<IfModule !mod_authz_core.c>, <IfVersion < 2.4>) when --prune-legacy is given, and warn when one has no 2.4 twin.',
    row: 'Authentication rule 7: a migration is kept in old directives or wholly migrated (dual-version blocks)',
    kind: 'suggest',
  },
  create(context) {
    const project = context.project.byPath.has(context.file.path) ? context.project
      : projectOf([{ path: context.file.path, display: context.file.path, kind: 'conf', ast: context.file }]);
    const [c22, c24] = versionConds(project);
    const prune = context.options['pruneLegacy'] === true;
    // The prover keys the sections of the file as loaded; a later pass of the fix loop reads a re-parse.
    const loaded = project.byPath.get(context.file.path)?.ast;
    let asLoaded: Map<Section, Section> | undefined;
    const proven = (owner: Section | string) => {
      const differences = proveProject(project).dualDifferences;
      if (typeof owner === 'string' || !loaded || loaded === context.file) return differences.get(owner);
      asLoaded ??= loadedSections(project.cache, loaded, context.file);
      const orig = asLoaded.get(owner);
      return orig && differences.get(orig);
    };
    /** The section (or .htaccess file) the nodes are the body of, as the prover keys it. */
    const visit = (nodes: readonly Node[], owner: Section | string) => {
      const blocks = dualBlocks(nodes, c22, c24);
      const twin = blocks.some((b) => b.kind === 'modern');
      for (const b of blocks) {
        if (b.kind !== 'legacy') continue;
        const text = label(context.file, b.section);
        if (!twin) {
          context.report({
            node: b.section,
            severity: 'warning',
            message: `${text} holds access control that only 2.2 reads, and no branch beside it gives 2.4 the same rules: under 2.4 this part of the tree has none of them. Add a 2.4 branch with the equivalent Require lines (prefer-require shows them for the 2.2 lines).`,
          });
          continue;
        }
        // The 2.4 branch is the author's: the tree on 2.4 answers as it says, whatever this one said.
        const differs = proven(owner);
        if (differs) {
          context.report({
            node: b.section,
            severity: 'error',
            message: `${text} is read only by 2.2, and the 2.4 branch beside it answers otherwise: ${differs} (2.2 reading this branch, then 2.4 reading the other). Make the 2.4 branch say what this one says, or confirm the change is meant, before the tree runs on 2.4.`,
          });
          continue;
        }
        const close = b.section.close ?? b.section.open;
        context.report({
          node: b.section,
          message: `${text} is read only by 2.2; under 2.4 the branch beside it applies. ${prune ? 'It is removed (--prune-legacy).' : 'Remove it with --prune-legacy once the tree no longer has to start under 2.2.'}`,
          suggestion: [removeLine(context.file, { ...b.section.open, start: b.section.start, end: close.end, eol: close.eol })],
        });
      }
      for (const n of nodes) {
        if (n.type === 'section' && !branchKind(n, c22, c24) && (hasAccess(n.children) || n.children.some((c) => c.type === 'section'))) {
          visit(n.children, TRANSPARENT.has(n.lname) ? owner : n);
        }
      }
    };
    return { File: (file) => visit(file.children, file.path) };
  },
});
