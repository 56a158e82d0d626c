import type { ConfigFile, Directive } from '../src/ast/nodes.js';
import { sectionScopeOf as scopeOf } from '../src/rules-kit/section-scopes.js';
import { walk } from '../src/ast/walk.js';
import { defineRule } from '../src/engine/rule.js';
import { insertLinesBefore } from '../src/edit/fixer.js';
import { readingOrder } from '../src/project/reading-order.js';
import { readBy24 } from '../src/rules-kit/reach.js';
import { memo } from '../src/ast/memo.js';
import type { Project } from '../src/project/project.js';

/** mod_rewrite lines that give a section rules of its own to run (RewriteOptions Inherit: the parent's). */
const runsRules = (d: Directive) => d.lname === 'rewriterule' || (d.lname === 'rewriteoptions' && d.args.some((a) => /^inherit$/i.test(a.value)));

/** mod_rewrite lines of a section's own rewrite configuration (where `RewriteEngine Off` goes before). */
const OWN_LINES: ReadonlySet<string> = new Set(['rewriteengine', 'rewriterule', 'rewritecond', 'rewritebase', 'rewriteoptions']);

/** One scope's mod_rewrite lines in reading order: whether it sets RewriteEngine, whether it has rules, and its first line. */
interface ScopeLines { first: Directive; firstFile: ConfigFile; engine: boolean; rules: boolean; what: 'virtual host' | 'section' | '.htaccess file' }

function note(scopes: Map<object, ScopeLines>, key: object, d: Directive, file: ConfigFile, what: ScopeLines['what']): void {
  let s = scopes.get(key);
  if (!s) scopes.set(key, (s = { first: d, firstFile: file, engine: false, rules: false, what }));
  if (d.lname === 'rewriteengine') s.engine = true;
  if (runsRules(d)) s.rules = true;
}

/** Where a RewriteEngine On stands that 2.4 passes down, and every scope's mod_rewrite lines, with `current` in place of its file. */
interface Facts { serverOn: boolean; anyOn: boolean; scopes: ScopeLines[] }

const isOn = (d: Directive) => d.lname === 'rewriteengine' && d.args[0]?.value.toLowerCase() === 'on';

function facts(project: Project, current: ConfigFile): Facts {
  // A RewriteEngine On at server level reaches every virtual host and section; one anywhere else (a virtual host,
  // a directory section or a .htaccess) the sections below it.
  let serverOn = false;
  let anyOn = false;
  const scopes = new Map<object, ScopeLines>();
  for (const l of readingOrder(project, current).lines) {
    if (!OWN_LINES.has(l.directive.lname) || !readBy24(l.sections)) continue;
    const scope = scopeOf(l.sections);
    if (isOn(l.directive)) {
      anyOn = true;
      if (!scope) serverOn = true;
    }
    if (scope) note(scopes, scope, l.directive, l.file, scope.lname === 'virtualhost' ? 'virtual host' : 'section');
  }
  for (const f of project.files) {
    if (f.kind !== 'htaccess') continue;
    const tree = f.path === current.path ? current : f.ast;
    walk(tree, {
      directive: (d, anc) => {
        if (!OWN_LINES.has(d.lname) || !readBy24(anc)) return;
        if (isOn(d)) anyOn = true;
        const scope = scopeOf(anc);
        note(scopes, scope ?? tree, d, tree, scope ? 'section' : '.htaccess file');
      },
    });
  }
  return { serverOn, anyOn, scopes: [...scopes.values()] };
}

export default defineRule({
  meta: {
    id: 'rewrite-engine-inherited',
    description: 'Write RewriteEngine Off where 2.2 left mod_rewrite off and 2.4 inherits RewriteEngine On.',
    row: 'httpd behaviour: RewriteEngine reaches virtual hosts and directory sections in 2.4 (2.2: off in every section with mod_rewrite lines but no RewriteEngine of its own)',
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    return {
      File() {
        let rules = false;
        walk(file, { directive: (d) => { rules ||= runsRules(d); } });
        if (!rules) return;
        // The project's own trees share one reading (this rule adds only Off lines, so the On lines it reads stay).
        const own = context.project.byPath.get(file.path)?.ast === file;
        const { serverOn, anyOn, scopes } = own ? memo(context.project, 'rewrite-engine-inherited', () => facts(context.project, file)) : facts(context.project, file);
        for (const s of scopes) {
          if (s.engine || !s.rules || s.firstFile !== file) continue;
          // A virtual host inherits the server level's RewriteEngine On; a directory section any On above it.
          const vhost = s.what === 'virtual host';
          if (vhost ? !serverOn : !anyOn) continue;
          context.report({
            node: s.first,
            message: `The RewriteRule lines of this ${s.what} never ran in 2.2: it has no RewriteEngine line of its own, and 2.2 turned mod_rewrite off in every `
              + 'virtual host and directory section with mod_rewrite lines that did not say RewriteEngine On. 2.4 passes RewriteEngine On down '
              + `(from the server level${vhost ? '' : ', a virtual host or an enclosing section'}), so these rules would start to run. `
              + 'RewriteEngine Off keeps 2.2\'s answers; if the rules were meant to run, write RewriteEngine On instead (a change from 2.2).',
            fix: [insertLinesBefore(file, s.first, ['RewriteEngine Off'])],
          });
        }
      },
    };
  },
});
