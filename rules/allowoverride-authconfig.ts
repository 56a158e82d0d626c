import { dirname } from 'node:path';
import { canonicalDir } from '../src/apache/paths.js';
import { overrideCategories } from '../src/apache/allow-override.js';
import { defineRule } from '../src/engine/rule.js';
import { mainConfigs } from '../src/rules-kit/directive-scope.js';
import { coveredByAddedDirectory, directoryCovers } from '../src/rules-kit/directory-model.js';
import { memo } from '../src/ast/memo.js';
import type { Section } from '../src/ast/nodes.js';
import { dirCovers, overrideSource } from '../src/access/decide/index.js';
import { hasLimitDirectives, projectModel, refusedHtaccess } from '../src/access/model/index.js';
import { isAccessFile } from '../src/project/project.js';

export default defineRule({
  meta: {
    id: 'allowoverride-authconfig',
    description: 'Add AuthConfig to AllowOverride where .htaccess files used Allow/Deny under AllowOverride Limit, since their Require translation needs it.',
    row: 'Authentication: Order/Allow/Deny become Require (AllowOverride Limit is not enough for Require)',
    kind: 'fix',
    access: true,
  },
  create(context) {
    // The project's .htaccess files with Limit-class lines: found once per project, looked at only where AllowOverride is.
    const htaccess = () => memo(context.project, 'allowoverride-authconfig:htaccess', () => context.project.files.filter((f) => f.kind === 'htaccess' && hasLimitDirectives(f.ast.children)));
    // Those 2.2 refused under Limit, with Allow/Deny lines or not: the same list the proofs read (model.keepOverrideFor).
    const refused = () => memo(context.project, 'allowoverride-authconfig:refused', () => refusedHtaccess(context.project));
    // Whether this section's AllowOverride is the one that applies to a .htaccess file, as 2.2 merges them
    // (a deeper <Directory> that sets its own applies instead).
    // The 2.2 reading's sections by node, once per project (the model is the run's cached one).
    const sections = () => memo(context.project, 'allowoverride-authconfig:scopes', () => {
      const model = projectModel(context.project, '2.2');
      return { model, scopeOf: new Map(model.scopes.filter((s) => s.node).map((s) => [s.node!, s])) };
    });
    const governor = (dir: Section) => (file: string) => {
      const { model, scopeOf } = sections();
      const scope = scopeOf.get(dir);
      return !scope || overrideSource(model, scope.vhost, dirname(file))?.scope === scope;
    };
    return {
      'Directive:allowoverride'(node, ancestors) {
        const dir = [...ancestors].reverse().find((s: Section) => s.lname === 'directory');
        const granted = overrideCategories(node.args.map((a) => a.value));
        if (!dir || !granted.has('limit') || granted.has('authconfig')) return;
        const path = canonicalDir(dir.args.map((a) => a.value).join(' '));
        const governs = governor(dir);
        const mine = (f: { path: string }) => dirCovers(context.project.cache, path, dirname(f.path)) && governs(f.path);
        const users = htaccess().filter(mine);
        if (!users.length) return;
        const broken = refused().filter(mine);
        if (broken.length) {
          context.report({
            node,
            message: `AllowOverride ${node.args.map((a) => a.raw).join(' ')} does not grant AuthConfig, so 2.2 answered 500 for ${broken.map((f) => f.display).join(', ')} (it holds lines of the AuthConfig category: Satisfy, Require, Auth*, Anonymous* or SSLRequire…). Adding AuthConfig for the Require translation of the Allow/Deny lines would make that file work in 2.4, which changes behaviour: fix the .htaccess first, then write AllowOverride ${node.args.map((a) => a.raw).join(' ')} AuthConfig.`,
          });
          return;
        }
        context.report({
          node,
          message: `AllowOverride ${node.args.map((a) => a.raw).join(' ')} let ${users.map((f) => f.display).join(', ')} use Allow/Deny (category Limit) in 2.2; their 2.4 translation is Require, which needs AuthConfig, so under Limit alone 2.4 answers 500 ("Require not allowed here"). Write: AllowOverride ${node.args.map((a) => a.raw).join(' ')} AuthConfig.`,
          fix: [{ start: node.contentEnd, end: node.contentEnd, text: ' AuthConfig' }],
        });
      },
      File(file) {
        if (!isAccessFile(context.project, file.path) || !hasLimitDirectives(file.children)) return;
        const dir = dirname(file.path);
        if (directoryCovers(context.project, dir)) return;
        // explicit-allow-override adds a <Directory> with AllowOverride All for it, in the main configuration.
        if (coveredByAddedDirectory(context.project, dir)) return;
        const first = file.children.find((n) => n.type === 'directive' || n.type === 'section');
        if (!first) return;
        context.report({
          node: first.type === 'section' ? first.open : first,
          message: mainConfigs(context.project, file).length
            // A complete main configuration: no <Directory> anywhere sets AllowOverride here, so 2.4 leaves it unset.
            ? `This .htaccess uses Allow/Deny, which 2.2 read under its default AllowOverride All; no <Directory> of this configuration covers ${dir}, so in 2.4 AllowOverride is unset there and every directive in this file answers 500. Add a <Directory ${dir}> (or one above it) with AllowOverride Limit AuthConfig, or All, to keep the 2.2 behaviour.`
            : `This .htaccess uses Allow/Deny, which 2.2 accepted under AllowOverride Limit; their 2.4 translation is Require, which needs AuthConfig. The <Directory> that sets AllowOverride for ${dir} is outside this tree: make sure it grants AuthConfig (AllowOverride Limit AuthConfig), or 2.4 answers 500.`,
        });
      },
    };
  },
});
