/**
 * The per-directory scopes of a project that hold some of a set of directives: each `<Directory>`,
 * `<Location>`, `<Files>`… section (its `<Limit>` and conditional containers included) and each
 * .htaccess file, with its lines of those directives in reading order. httpd gives a module a
 * per-directory record only in the scopes that hold one of its directives (ap_set_config_vectors),
 * so the rules about modules without a merge function ask which scopes hold which of its lines.
 */
import type { ConfigFile, Directive, Section } from '../ast/nodes.js';
import { SCOPELESS_SECTIONS } from '../ast/query.js';
import { walk } from '../ast/walk.js';
import { memo } from '../ast/memo.js';
import { readingOrder } from '../project/reading-order.js';
import type { Project } from '../project/project.js';
import { readBy24 } from './reach.js';

/** The innermost section that is a scope of its own (VirtualHost, Directory, Location, Files…), or null for the server level. */
export function sectionScopeOf(sections: readonly Section[]): Section | null {
  for (let i = sections.length - 1; i >= 0; i--) if (!SCOPELESS_SECTIONS.has(sections[i]!.lname)) return sections[i]!;
  return null;
}

export interface ScopeLine { directive: Directive; file: ConfigFile }

/** One scope's lines of the directives asked for, in reading order. */
export interface ScopeLines {
  /** The section, or the .htaccess file's tree for lines outside every section of a .htaccess. */
  scope: Section | ConfigFile;
  what: 'section' | '.htaccess file';
  lines: ScopeLine[];
}

function collect(project: Project, current: ConfigFile, lnames: ReadonlySet<string>): ScopeLines[] {
  const scopes = new Map<object, ScopeLines>();
  const add = (scope: Section | ConfigFile, what: ScopeLines['what'], line: ScopeLine) => {
    const s = scopes.get(scope);
    if (s) s.lines.push(line); else scopes.set(scope, { scope, what, lines: [line] });
  };
  for (const l of readingOrder(project, current).lines) {
    if (!lnames.has(l.directive.lname) || !readBy24(l.sections)) continue;
    const scope = sectionScopeOf(l.sections);
    // A virtual host or the server level is no per-directory scope (directives allowed only there are not asked for).
    if (scope && scope.lname !== 'virtualhost') add(scope, 'section', { directive: l.directive, file: l.file });
  }
  for (const f of project.files) {
    if (f.kind !== 'htaccess') continue;
    const tree = f.path === current.path ? current : f.ast;
    walk(tree, {
      directive: (d, anc) => {
        if (!lnames.has(d.lname) || !readBy24(anc)) return;
        const scope = sectionScopeOf(anc);
        if (scope) add(scope, 'section', { directive: d, file: tree });
        else add(tree, '.htaccess file', { directive: d, file: tree });
      },
    });
  }
  return [...scopes.values()];
}

/** The scopes of the project (`current` in place of its copy) holding any of `lnames`, as 2.4 reads them. */
export function scopesHolding(project: Project, current: ConfigFile, lnames: ReadonlySet<string>): ScopeLines[] {
  // The project's own trees share one reading; a later pass's re-parse of a file gets its own.
  const own = project.byPath.get(current.path)?.ast === current;
  return own ? memo(project, `scopesHolding:${[...lnames].join(',')}`, () => collect(project, current, lnames)) : collect(project, current, lnames);
}
