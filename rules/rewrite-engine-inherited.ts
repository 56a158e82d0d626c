import type { ConfigFile, Directive, Section } from '../src/ast/nodes.js';
import { readAlone, sectionScopeOf as scopeOf } from '../src/rules-kit/section-scopes.js';
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

/**
 * Where a RewriteEngine On stands that 2.4 passes down, and every scope's mod_rewrite lines, with `current` in place of
 * its file (for a re-parsed file read alone, its own scopes only: the rule reports on no other).
 */
interface Facts { serverOn: boolean; anyOn: boolean; scopes: ScopeLines[] }

/** Facts of the project's own trees, with the files that hold a RewriteEngine On at server level and anywhere. */
interface ProjectFacts extends Facts { serverOnIn: ReadonlySet<string>; anyOnIn: ReadonlySet<string> }

const isOn = (d: Directive) => d.lname === 'rewriteengine' && d.args[0]?.value.toLowerCase() === 'on';

/** Gathers scopes and On lines: a configuration file's lines with every section around them, an .htaccess file's with its own. */
class Reader {
  readonly scopes = new Map<object, ScopeLines>();
  readonly serverOnIn = new Set<string>();
  readonly anyOnIn = new Set<string>();

  // A RewriteEngine On at server level reaches every virtual host and section; one anywhere else (a virtual host,
  // a directory section or a .htaccess) the sections below it.
  configLine(d: Directive, sections: readonly Section[], file: ConfigFile): void {
    if (!OWN_LINES.has(d.lname) || !readBy24(sections)) return;
    const scope = scopeOf(sections);
    if (isOn(d)) {
      this.anyOnIn.add(file.path);
      if (!scope) this.serverOnIn.add(file.path);
    }
    if (scope) note(this.scopes, scope, d, file, scope.lname === 'virtualhost' ? 'virtual host' : 'section');
  }

  htaccess(tree: ConfigFile): void {
    walk(tree, {
      directive: (d, anc) => {
        if (!OWN_LINES.has(d.lname) || !readBy24(anc)) return;
        if (isOn(d)) this.anyOnIn.add(tree.path);
        const scope = scopeOf(anc);
        note(this.scopes, scope ?? tree, d, tree, scope ? 'section' : '.htaccess file');
      },
    });
  }

  facts(): ProjectFacts {
    return { serverOn: this.serverOnIn.size > 0, anyOn: this.anyOnIn.size > 0, scopes: [...this.scopes.values()], serverOnIn: this.serverOnIn, anyOnIn: this.anyOnIn };
  }
}

/** The scopes whose first mod_rewrite line is in `file`, in order: indexed once per reading (the rule runs on every file). */
function scopesIn(facts: Facts, file: ConfigFile): readonly ScopeLines[] {
  const byFile = memo(facts, 'byFirstFile', () => {
    const out = new Map<ConfigFile, ScopeLines[]>();
    for (const s of facts.scopes) {
      const list = out.get(s.firstFile);
      if (list) list.push(s); else out.set(s.firstFile, [s]);
    }
    return out;
  });
  return byFile.get(file) ?? [];
}

function projectFacts(project: Project, current: ConfigFile): ProjectFacts {
  const r = new Reader();
  for (const l of readingOrder(project, current).lines) r.configLine(l.directive, l.sections, l.file);
  for (const f of project.files) if (f.kind === 'htaccess') r.htaccess(f.path === current.path ? current : f.ast);
  return r.facts();
}

/**
 * The facts as `current` gives them. The project's own trees share one reading; a later pass's re-parse of a file is
 * read alone where its lines can share no scope with another file's (an .htaccess file, or a configuration file read
 * once, with no Include line, outside every section): reading the whole project for each took 3.4 s of 32 on 500
 * one-vhost files.
 */
function facts(project: Project, current: ConfigFile): Facts {
  const source = project.byPath.get(current.path);
  if (!source) return projectFacts(project, current);
  const all = memo(project, 'rewrite-engine-inherited', () => projectFacts(project, source.ast));
  if (source.ast === current) return all;
  const own = new Reader();
  if (source.kind === 'htaccess') own.htaccess(current);
  else {
    const outer = readAlone(project, source.ast, current);
    if (outer === null || (outer && scopeOf(outer))) return projectFacts(project, current);
    if (outer) walk(current, { directive: (d, anc) => own.configLine(d, outer.length ? [...outer, ...anc] : anc, current) });
  }
  const elsewhere = (paths: ReadonlySet<string>) => paths.size > (paths.has(current.path) ? 1 : 0);
  return {
    serverOn: own.serverOnIn.size > 0 || elsewhere(all.serverOnIn),
    anyOn: own.anyOnIn.size > 0 || elsewhere(all.anyOnIn),
    scopes: [...own.scopes.values()],
  };
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
        const all = facts(context.project, file);
        const { serverOn, anyOn } = all;
        for (const s of scopesIn(all, file)) {
          if (s.engine || !s.rules) continue;
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
