import { defineRule } from '../src/engine/rule.js';
import { insertLinesAfter, insertLinesBefore, replaceLines } from '../src/edit/fixer.js';
import { filterModule, filterNames } from '../src/apache/filters.js';
import { moduleList } from '../src/rules-kit/load-module.js';
import { effectiveLoaded } from '../src/httpd/missing-modules.js';
import { allHold } from '../src/apache/conditions.js';
import { hasVariable } from '../src/apache/variables.js';
import { readingOrder } from '../src/project/reading-order.js';
import { gather } from '../src/rules-kit/project-facts.js';
import { directives } from '../src/ast/walk.js';
import { lineOf } from '../src/rules-kit/log-level.js';
import { asciiLower } from '../src/parse/words.js';

/** A MIME type as a literal part of a regex (for the FilterProvider remedy). */
const literal = (t: string): string => t.replace(/[\\^$.|?*+()[\]{}#]/g, '\\$&');

export default defineRule({
  meta: {
    id: 'filter-provider-loaded',
    description: 'Keep AddOutputFilterByType lines that name a filter no loaded module provides from stopping 2.4 (2.2 skipped the filter).',
    row: 'Directives with changed or removed effect: AddOutputFilterByType (moved to mod_filter, which checks the filter names)',
    kind: 'fix',
  },
  create(context) {
    // What the project loads, once per file (the first such line asks).
    let facts: { loaded: Set<string> } | null | undefined;
    const projectFacts = () => {
      if (facts !== undefined) return facts;
      const list = moduleList(context.project, context.file);
      // Without LoadModule lines of a main configuration, which modules are loaded is unknown here.
      facts = list?.main() ? { loaded: effectiveLoaded(list.loaded) } : null;
      return facts;
    };
    // The filters ExtFilterDefine defines (lower case), with where httpd first reads each.
    let defined: Map<string, { name: string; at: number; path: string; line: number }> | undefined;
    const extFilters = () => {
      if (defined) return defined;
      defined = new Map();
      // Most trees define none: then no reading order is made (one per re-parsed file, for every file, took 0.4 s of 32 on 500 one-vhost files).
      if (gather(context.project, context.file, 'extFilterDefines', (f) => directives(f, 'extfilterdefine')).length === 0) return defined;
      readingOrder(context.project, context.file).lines.forEach((l, at) => {
        const name = l.directive.lname === 'extfilterdefine' ? l.directive.args[0]?.value : undefined;
        if (name && !defined!.has(asciiLower(name))) defined!.set(asciiLower(name), { name, at, path: context.project.byPath.get(l.path)?.display ?? l.path, line: lineOf(l.file, l.directive.start) });
      });
      return defined;
    };
    return {
      'Directive:addoutputfilterbytype'(node, ancestors) {
        const known = node.args[0] ? projectFacts() : null;
        if (!known || !node.args[0]) return;
        const { loaded } = known;
        if (!allHold(ancestors, { version: '2.4', hasModule: (m) => loaded.has(m) })) return;
        const all = filterNames(node.args[0].value);
        const ext = all.filter((n) => extFilters().has(asciiLower(n)));
        // A ${NAME} is replaced when httpd starts: which filter it names is not known here.
        const names = all.filter((n) => !ext.includes(n) && !hasVariable(n));
        const missing = names.filter((n) => { const m = filterModule(n); return m === undefined || !loaded.has(m); });
        if (ext.length) {
          // A .htaccess line (or one httpd never reaches from the main file) is read after every ExtFilterDefine.
          const here = readingOrder(context.project, context.file).indexOf.get(node);
          const later = here === undefined ? [] : ext.filter((n) => extFilters().get(asciiLower(n))!.at > here);
          const def = extFilters().get(asciiLower(ext[0]!))!;
          // mod_ext_filter finds its definition by the harness's name, with case: spelt as ExtFilterDefine spells it.
          const n = def.name;
          const types = node.args.slice(1).map((a) => literal(a.value));
          const expr = `"%{CONTENT_TYPE} =~ m#^${types.length === 1 ? types[0] : `(${types.join('|')})`}($|;)#"`;
          const start = later.length
            ? `ExtFilterDefine defines ${later.join(', ')} only further down (${def.path}:${def.line}), and 2.4's mod_filter looks each name of AddOutputFilterByType up while it reads the line: httpd does not start ("Unknown filter provider ${later[0]}"). Moving the ExtFilterDefine line above this one is not enough: 2.4 then starts, but`
            : '2.4 starts, but';
          context.report({
            node,
            severity: 'error',
            message: `AddOutputFilterByType names ${ext.join(', ')}, a filter of mod_ext_filter's (ExtFilterDefine): 2.2 ran it on the responses of those types. ${start} answers 500 to every response the line filters: mod_ext_filter looks for a definition named after mod_filter's BYTYPE:${ext[0]} ("couldn't find definition of filter 'BYTYPE:${ext[0]}'", AH01459; checked on 2.4.71). To run it as 2.2 did, add FilterDeclare ${n} and FilterProvider ${n} ${n} ${expr} at server level after the ExtFilterDefine line, and ${ext.length === 1 && all.length === 1 ? 'replace this line by' : `take ${ext[0]} out of this line and add`} FilterChain ${n} (the name spelt as ExtFilterDefine spells it, with its case); or remove the name.${missing.length ? ` The line also names ${missing.join(', ')}, which no loaded module provides: remove it, or load its module.` : ''}`,
          });
          return;
        }
        if (!missing.length) return;
        const modules = [...new Set(missing.map(filterModule))];
        const said = missing.map((n) => {
          const m = filterModule(n);
          return m ? `${n} (mod_${m}, which no LoadModule line loads)` : `${n} (no module of httpd's provides it, and no ExtFilterDefine defines it; a FilterDeclare name is not a filter provider)`;
        }).join(' and ');
        const head = `AddOutputFilterByType names ${said}: 2.2's core only stored the names and skipped a filter no module provided when it answered, 2.4's mod_filter looks each one up and httpd does not start ("Unknown filter provider ${missing[0]}").`;
        // The <IfModule> fix would also drop a filter a ${NAME} names wherever the module is missing: reported only.
        const withVariable = filterNames(node.args[0].value).some(hasVariable);
        const only = modules.length === 1 && modules[0] !== undefined && missing.length === names.length && !withVariable ? modules[0] : null;
        if (!only && (withVariable || modules.includes(undefined))) {
          context.report({ node, severity: 'error', message: `${head} Remove ${missing.length === 1 ? 'that name' : 'those names'} to keep what 2.2 did, or load the module${modules.length === 1 ? '' : 's'} to have the filter run.` });
          return;
        }
        if (!only) {
          // Names of several modules, or beside names that are provided: the line keeps the provided ones, and each
          // missing module's names get a line of their own inside <IfModule> (the filter types, not the order of the
          // names, decide where each filter runs).
          const present = names.filter((n) => !missing.includes(n));
          const types = node.args.slice(1).map((a) => a.raw).join(' ');
          const guarded = (modules as string[]).flatMap((m) => [`<IfModule mod_${m}.c>`, `    ${node.name} ${missing.filter((n) => filterModule(n) === m).join(';')} ${types}`, '</IfModule>']);
          const lines = [...(present.length ? [`${node.name} ${present.join(';')} ${types}`] : []), ...guarded];
          context.report({
            node,
            message: `${head} The fix keeps ${present.length ? present.join(';') : 'none of the names'} on this line and puts ${missing.join(', ')} on a line inside <IfModule ${modules.map((m) => `mod_${m}.c`).join('>, <IfModule ')}>: 2.4 reads it only once the module is loaded, and until then answers as 2.2 did, without the filter.`,
            fix: [replaceLines(context.file, node, node, lines)],
          });
          return;
        }
        context.report({
          node,
          message: `${head} The fix puts the line inside <IfModule mod_${only}.c>: 2.4 reads it only once mod_${only} is loaded, and until then answers as 2.2 did, without the filter. Load mod_${only} instead if the 2.2 server had it compiled in (its httpd -l lists mod_${only}.c).`,
          fix: [insertLinesBefore(context.file, node, [`<IfModule mod_${only}.c>`]), insertLinesAfter(context.file, node, ['</IfModule>'])],
        });
      },
    };
  },
});
