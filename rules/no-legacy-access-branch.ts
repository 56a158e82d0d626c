import { defineRule } from '../src/engine/rule.js';
import type { ConfigFile, Node, Section } from '../src/ast/nodes.js';
import { walk } from '../src/ast/walk.js';
import { condition } from '../src/ast/query.js';
import { moduleOfTest } from '../src/apache/conditions.js';
import { removeLine } from '../src/edit/fixer.js';
import { branchKind, branchLabel, dualBlocks, hasAccess, loadedIfModules, loadedSections, proofOptions, proveProject, TRANSPARENT, versionConds } from '../src/access/migrate/index.js';
import { projectOf } from '../src/project/project.js';

export default defineRule({
  meta: {
    id: 'no-legacy-access-branch',
    description: 'Remove access-control branches that only 2.2 reads (<IfModule !mod_authz_core.c>, <IfVersion < 2.4>) when --prune-legacy is given, and warn when a branch that only one version reads has no twin for the other.',
    row: 'Authentication rule 7: a migration is kept in old directives or wholly migrated (dual-version blocks)',
    kind: 'suggest',
  },
  create(context) {
    const project = context.project.byPath.has(context.file.path) ? context.project
      : projectOf([{ path: context.file.path, display: context.file.path, kind: 'conf', ast: context.file }]);
    const [c22, c24] = versionConds(project, context.options.builtin);
    const prune = context.options['pruneLegacy'] === true;
    // The prover keys the sections of the file as loaded; a later pass of the fix loop reads a re-parse.
    const loaded = project.byPath.get(context.file.path)?.ast;
    let asLoaded: Map<Section, Section> | undefined;
    const reparsed = loaded !== undefined && loaded !== context.file;
    /** The owner as the prover keys it: in a re-parse, the loaded file's section at the same place. */
    const keyed = (owner: Section | string) => {
      if (typeof owner === 'string' || !reparsed) return owner;
      asLoaded ??= loadedSections(project.cache, loaded, context.file);
      return asLoaded.get(owner);
    };
    const proven = (owner: Section | string) => {
      const orig = keyed(owner);
      return orig && proveProject(project, proofOptions(context.options)).dualDifferences.get(orig);
    };
    /** Whether the owner, as loaded, had a 2.2 branch: a later pass reads the file after --prune-legacy removed it. */
    const hadLegacy = (owner: Section | string) => {
      if (!reparsed) return false;
      const orig = keyed(owner);
      const body = typeof orig === 'string' ? loaded.children : orig?.children ?? [];
      return dualBlocks(body, c22, c24).some((b) => b.kind === 'legacy');
    };
    /** The section (or .htaccess file) the nodes are the body of, as the prover keys it. */
    const visit = (nodes: readonly Node[], owner: Section | string) => {
      const blocks = dualBlocks(nodes, c22, c24);
      const twin = blocks.some((b) => b.kind === 'modern');
      const legacyTwin = blocks.some((b) => b.kind === 'legacy');
      for (const b of blocks) {
        const text = branchLabel(context.file.text, b.section);
        if (b.kind === 'modern') {
          // A tree that already holds 2.4 syntax is read as a 2.4 tree (prove.ts isMixed): its 2.4 branches are its rules.
          if (legacyTwin || hadLegacy(owner) || proveProject(project, proofOptions(context.options)).mixed) continue;
          // 2.2 read no access lines here (the prover keeps the section as written, with those written for both, candidates.ts).
          // Said only where a request answers otherwise: a branch that changes no answer is no finding (a tree after
          // --prune-legacy keeps such branches, and a check of it must come out clean).
          const differs = proven(owner);
          if (!differs) continue;
          context.report({
            node: b.section,
            severity: 'warning',
            message: `${text} holds access control that only 2.4 reads, and no branch beside it gives 2.2 the same rules: 2.2 had no such rule here, so this part of the tree answers otherwise once on 2.4: ${differs} (2.2 skipping this branch, then 2.4 reading it). If the 2.4 rule is meant, confirm the change (a disable comment for this rule on the line before it); if the tree must answer as under 2.2, remove the branch, or add beside it a branch that only 2.2 reads with the same rules in Order/Allow/Deny.`,
          });
          continue;
        }
        if (!twin) {
          // Where the proof finds a request that changes, it is named (found by a helper's hunt: a branch that 2.2 refused
          // under AllowOverride made the whole directory 500, which 2.4, skipping it, serves; the warning did not say so),
          // and the finding is an error, as where a 2.4 twin answers otherwise: the tree on 2.4 lets in or locks out
          // someone 2.2 did not, and nothing in it says the change is meant (a hunt's tree: 403 before, 200 after).
          const differs = proven(owner);
          context.report({
            node: b.section,
            severity: differs ? 'error' : 'warning',
            message: `${text} holds access control that only 2.2 reads, and no branch beside it gives 2.4 the same rules: under 2.4 this part of the tree has none of them${differs ? `, and answers otherwise: ${differs} (2.2 reading this branch, then 2.4 skipping it)` : ''}. Add a 2.4 branch with the equivalent Require lines (prefer-require shows them for the 2.2 lines).`,
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
    /** `<IfModule mod_version.c>` and the like, where the build that compiles the module in answers otherwise (builtin-reading.ts). */
    const otherBuild = (file: ConfigFile, differences: ReadonlyMap<Section, string>) => {
      // A later pass's re-parse: each <IfModule> as the loaded file's block on the same line (loadedIfModules).
      const asLoaded = loaded && reparsed ? loadedIfModules(loaded, file) : undefined;
      walk(file, { enter: (s) => {
        if (s.lname !== 'ifmodule') return;
        const orig = asLoaded ? asLoaded.get(s) : s;
        const differs = orig && differences.get(orig);
        if (!differs) return;
        const text = branchLabel(context.file.text, s);
        const module = moduleOfTest(condition(s).name);
        const read = condition(s).negated ? `skipped by a 2.4 that has mod_${module} compiled in, and 2.2 read it` : `read by a 2.4 that has mod_${module} compiled in, and 2.2 skipped it`;
        context.report({
          node: s.open,
          severity: 'error',
          message: `${text} is ${read}, as this tree loads no mod_${module} (Debian's and Ubuntu's apache2 have it built in: \`apache2 -l\` lists mod_${module}.c; other builds load it from a LoadModule line). On such a server this part of the tree answers otherwise than 2.2 did: ${differs}. Make the block's test hold as it did in 2.2 on every build (remove it, or keep its lines outside it), or if the tree will run only on one build, name that server's binary with --httpd so the tree is read as it reads it.`,
        });
      } });
    };
    return {
      File: (file) => {
        visit(file.children, file.path);
        const differences = proveProject(project, proofOptions(context.options)).builtinDifferences;
        if (differences.size) otherBuild(file, differences);
      },
    };
  },
});
