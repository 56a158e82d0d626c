import { dirname } from 'node:path';
import type { ConfigFile, Section } from '../src/ast/nodes.js';
import { memo } from '../src/ast/memo.js';
import { walk } from '../src/ast/walk.js';
import { defineRule } from '../src/engine/rule.js';
import { insertIntoSection, insertLinesAfter } from '../src/edit/fixer.js';
import { options22 } from '../src/apache/options.js';
import { htaccessOverride, overrideSource } from '../src/access/decide/index.js';
import { projectModel, type Scope } from '../src/access/model/index.js';
import { isAccessFile, type Project } from '../src/project/project.js';
import { LineCounter } from '../src/parse/line-counter.js';
import { ownDirectives } from '../src/rules-kit/directory-model.js';
import { deadIn24, liveDirectives, scopeOf } from '../src/rules-kit/directive-scope.js';

/** Sections where SSILegacyExprParser is allowed (directory context); server and virtual-host level refuse it. */
const DIRECTORY_CONTEXT: ReadonlySet<string> = new Set(['directory', 'directorymatch', 'location', 'locationmatch', 'files', 'filesmatch']);
const LINE = 'SSILegacyExprParser on';

/** Whether an Options line turns on server-side includes (Includes, IncludesNOEXEC, All; with + or none), as set_options reads it. */
function enablesIncludes(words: readonly string[]): boolean {
  const set = options22(words);
  return set.illegal === null && set.words.some((w) => w === 'Includes' || w === 'IncludesNOEXEC');
}

/** A section that serves the server's error documents: the stock `<Directory "/var/www/error">`, or one naming `@exp_errordir@`. */
function servesErrorDocs(section: Section): boolean {
  return /(^|\/)error\/?$|errordir/i.test(section.args[0]?.value ?? '');
}

/**
 * Where the line can go for a .htaccess in `dir`: SSILegacyExprParser is of the Limit override category
 * (checked on 2.4.71: only AllowOverride Limit or All lets a .htaccess hold it, any other answers 500
 * "SSILegacyExprParser not allowed here"). `granted` when the AllowOverride every context reads the file
 * under (the migrated tree's) grants Limit; else the `<Directory>` that sets that AllowOverride, when it is
 * one section for every context, covers less than the whole file system and does not serve error documents.
 */
interface Placement { granted: boolean; value: string | null; target: Scope | null; inherited?: boolean }

function placementFor(project: Project, dir: string): Placement {
  return memo(project, `ssi-legacy-expr:placement:${dir}`, () => {
    // No configuration file in sight: the AllowOverride the file is read under is unknown.
    if (!project.files.some((f) => f.kind === 'conf')) return { granted: false, value: null, target: null };
    const model = projectModel(project, '2.4', { overrides: 'migrated' });
    const contexts = ['', ...model.vhosts];
    const reads = contexts.map((v) => htaccessOverride(model, v, dir));
    if (reads.every((r) => r.categories.has('limit'))) return { granted: true, value: reads[0]!.value, target: null };
    const sources = new Set(contexts.map((v) => overrideSource(model, v, dir)?.scope ?? null));
    const [only] = [...sources];
    const target = sources.size === 1 && only && only.kind === 'directory' && only.node && only.pattern !== '/' && !servesErrorDocs(only.node) ? only : null;
    // That section already says which parser: the .htaccess inherits it.
    if (target && ownDirectives(target.node!, 'ssilegacyexprparser').length) return { granted: false, value: '', target, inherited: true };
    return { granted: false, value: reads.find((r) => !r.categories.has('limit'))!.value, target };
  });
}

/**
 * Each `<Directory>` section of a file by its file, its words and how many sections of the same words come
 * before it: the same in the project's tree and in a rule's re-parse of the file, whose nodes are other objects.
 * Made once per file (one lookup per section, not a scan of the file's sections for each).
 */
function sectionKeys(path: string, file: ConfigFile): ReadonlyMap<Section, string> {
  return memo(file, `ssi-legacy-expr:keys:${path}`, () => {
    const seen = new Map<string, number>();
    const out = new Map<Section, string>();
    walk(file, {
      enter: (s) => {
        if (s.lname !== 'directory') return;
        const words = s.args.map((a) => a.value).join(' ');
        const n = seen.get(words) ?? 0;
        seen.set(words, n + 1);
        out.set(s, [path, words, n].join('\0'));
      },
    });
    return out;
  });
}

/** The project's .htaccess files that turn on includes and cannot hold the line, by the key (sectionKey) of the `<Directory>` section to write it in. */
function htaccessTargets(project: Project): Map<string, string[]> {
  return memo(project, 'ssi-legacy-expr:targets', () => {
    const out = new Map<string, string[]>();
    for (const f of project.files) {
      if (f.kind !== 'htaccess' || liveDirectives(f.ast, 'ssilegacyexprparser').length) continue;
      if (!liveDirectives(f.ast, 'options').some((l) => enablesIncludes(l.directive.args.map((a) => a.value)))) continue;
      const { granted, target, inherited } = placementFor(project, dirname(f.path));
      const home = target && project.byPath.get(target.path);
      if (granted || inherited || !target?.node || !home) continue;
      const key = sectionKeys(home.path, home.ast).get(target.node)!;
      out.set(key, [...(out.get(key) ?? []), f.display]);
    }
    return out;
  });
}

/** `<Directory path>` at file:line, for a message. */
function where(project: Project, scope: Scope): string {
  const file = project.byPath.get(scope.path);
  const line = file && scope.node ? `${file.display}:${new LineCounter(file.ast.text).position(scope.node.start).line}` : scope.path;
  return `<Directory ${scope.pattern}> (${line})`;
}

const SAID = 'Options enables server-side includes here: httpd 2.2 evaluated <!--#if expr="..." --> with the old SSI expression syntax; '
  + '2.4 uses the new expression parser, so old expressions such as $VAR = /regex/ fail or change meaning. '
  + 'Also, 2.4\'s <!--#set --> no longer decodes entities such as &amp; in its value, and the server\'s own 2.4 error documents use the new syntax, so they break in a directory where the old parser is on.';

export default defineRule({
  meta: {
    id: 'ssi-legacy-expr',
    description: 'Offer SSILegacyExprParser on where server-side includes are enabled, to keep the 2.2 #if expr syntax.',
    row: 'Per-module behavior changes: mod_include — #if expr uses the new expression parser (old one via SSILegacyExprParser); set no longer decodes entities',
    kind: 'suggest',
  },
  create(context) {
    const done = new Set<Section | null>();
    const htaccess = isAccessFile(context.project, context.file.path);
    return {
      'Section:directory'(node, ancestors) {
        if (htaccess || deadIn24(ancestors) || ownDirectives(node, 'ssilegacyexprparser').length) return;
        const targets = htaccessTargets(context.project);
        const files = targets.size ? targets.get(sectionKeys(context.file.path, context.file).get(node)!) : undefined;
        if (!files) return;
        done.add(node);
        context.report({
          node: node.open,
          message: `${files.join(', ')} turn${files.length > 1 ? '' : 's'} on server-side includes (Options) under this section's AllowOverride, which does not grant Limit, so the file cannot hold SSILegacyExprParser (2.4 answers 500 "SSILegacyExprParser not allowed here"). `
            + `2.2 evaluated <!--#if expr="..." --> there with the old syntax; 2.4 uses the new expression parser. To keep the 2.2 syntax write "${LINE}" in this section; it also applies to the other directories below it (not where the error documents live).`,
          suggestion: [insertIntoSection(context.file, node, [LINE])],
        });
      },
      'Directive:options'(node, ancestors) {
        if (!enablesIncludes(node.args.map((a) => a.value)) || deadIn24(ancestors)) return;
        const scope = scopeOf(ancestors);
        if (done.has(scope)) return;
        done.add(scope);
        if (ancestors.some((s) => ownDirectives(s, 'ssilegacyexprparser').length > 0)) return;
        if (scope === null && context.file.children.some((n) => n.type === 'directive' && n.lname === 'ssilegacyexprparser')) return;
        const allowed = scope ? DIRECTORY_CONTEXT.has(scope.lname) : htaccess;
        const placement = htaccess && allowed ? placementFor(context.project, dirname(context.file.path)) : null;
        if (placement?.inherited) return;
        if (scope && servesErrorDocs(scope)) {
          context.report({
            node,
            message: `${SAID} This section serves the server's error documents: keep the new parser for 2.4's error pages, and write "${LINE}" here only if the 2.2 pages are kept.`,
          });
        } else if (placement?.granted === false) {
          const override = placement.value === null ? 'an AllowOverride of the server configuration, which is not in sight'
            : placement.value ? `AllowOverride ${placement.value}` : 'no AllowOverride (2.4 then allows nothing)';
          context.report({
            node,
            message: `${SAID} SSILegacyExprParser needs AllowOverride Limit in a .htaccess (2.4 answers 500 "SSILegacyExprParser not allowed here"), and this file is read under ${override}. `
              + (placement.target
                ? `To keep the 2.2 syntax write "${LINE}" in ${where(context.project, placement.target)}, which sets that AllowOverride (offered there), or add Limit to its AllowOverride and write the line here.`
                : `To keep the 2.2 syntax write "${LINE}" in a <Directory ${dirname(context.file.path)}> section of the server configuration, or grant Limit to this directory and write the line here.`),
          });
        } else if (allowed) {
          context.report({
            node,
            message: `${SAID} To keep the 2.2 syntax write "${LINE}" in this section (not where the error documents live).`,
            suggestion: [insertLinesAfter(context.file, node, [LINE])],
          });
        } else {
          context.report({
            node,
            message: `${SAID} SSILegacyExprParser is not allowed at this level; to keep the 2.2 syntax write "${LINE}" in the <Directory> sections that serve SSI pages.`,
          });
        }
      },
    };
  },
});
