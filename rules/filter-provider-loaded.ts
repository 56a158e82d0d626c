import { defineRule } from '../src/engine/rule.js';
import { insertLinesAfter, insertLinesBefore } from '../src/edit/fixer.js';
import { filterModule, filterNames } from '../src/apache/filters.js';
import { directives } from '../src/ast/walk.js';
import { moduleList } from '../src/rules-kit/load-module.js';
import { effectiveLoaded } from '../src/httpd/missing-modules.js';
import { allHold } from '../src/apache/conditions.js';
import { hasVariable } from '../src/apache/variables.js';
import { gather } from '../src/rules-kit/project-facts.js';

/** Directives that define a filter of the configuration's own: its name is then known to 2.4 too. */
const DEFINES_FILTER: ReadonlySet<string> = new Set(['extfilterdefine', 'filterdeclare']);

export default defineRule({
  meta: {
    id: 'filter-provider-loaded',
    description: 'Keep AddOutputFilterByType lines that name a filter no loaded module provides from stopping 2.4 (2.2 skipped the filter).',
    row: 'Directives with changed or removed effect: AddOutputFilterByType (moved to mod_filter, which checks the filter names)',
    kind: 'fix',
  },
  create(context) {
    // What the project loads and the filters it defines, once per file (the first such line asks).
    let facts: { loaded: Set<string>; own: Set<string | undefined> } | null | undefined;
    const projectFacts = () => {
      if (facts !== undefined) return facts;
      const list = moduleList(context.project, context.file);
      // Without LoadModule lines of a main configuration, which modules are loaded is unknown here.
      facts = list?.main() ? {
        loaded: effectiveLoaded(list.loaded),
        own: new Set(gather(context.project, context.file, 'filter-provider-loaded:defined', (f) => directives(f, ...DEFINES_FILTER)).map((d) => d.args[0]?.value.toLowerCase())),
      } : null;
      return facts;
    };
    return {
      'Directive:addoutputfilterbytype'(node, ancestors) {
        const known = node.args[0] ? projectFacts() : null;
        if (!known || !node.args[0]) return;
        const { loaded, own } = known;
        if (!allHold(ancestors, { version: '2.4', hasModule: (m) => loaded.has(m) })) return;
        // A ${NAME} is replaced when httpd starts: which filter it names is not known here.
        const names = filterNames(node.args[0].value).filter((n) => !own.has(n.toLowerCase()) && !hasVariable(n));
        const missing = names.filter((n) => { const m = filterModule(n); return m === undefined || !loaded.has(m); });
        if (!missing.length) return;
        const modules = [...new Set(missing.map(filterModule))];
        const said = missing.map((n) => {
          const m = filterModule(n);
          return m ? `${n} (mod_${m}, which no LoadModule line loads)` : `${n} (no module of httpd's provides it, and the configuration does not define it)`;
        }).join(' and ');
        const head = `AddOutputFilterByType names ${said}: 2.2's core only stored the names and skipped a filter no module provided when it answered, 2.4's mod_filter looks each one up and httpd does not start ("Unknown filter provider ${missing[0]}").`;
        // The <IfModule> fix would also drop a filter a ${NAME} names wherever the module is missing: reported only.
        const withVariable = filterNames(node.args[0].value).some(hasVariable);
        const only = modules.length === 1 && modules[0] !== undefined && missing.length === names.length && !withVariable ? modules[0] : null;
        if (!only) {
          context.report({ node, severity: 'error', message: `${head} Remove ${missing.length === 1 ? 'that name' : 'those names'} to keep what 2.2 did, or load the module${modules.length === 1 ? '' : 's'} to have the filter run.` });
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
