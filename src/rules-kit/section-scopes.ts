/**
 * The per-directory scopes of a project that hold some of a set of directives: each `<Directory>`,
 * `<Location>`, `<Files>`… section (its `<Limit>` and conditional containers included) and each
 * .htaccess file, with its lines of those directives in reading order. httpd gives a module a
 * per-directory record only in the scopes that hold one of its directives (ap_set_config_vectors),
 * so the rules about modules without a merge function ask which scopes hold which of its lines.
 */
import type { ConfigFile, Directive, Section } from '../ast/nodes.js';
import { includeDirectives, SCOPELESS_SECTIONS } from '../ast/query.js';
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
  const { add, scopes } = scopeTable();
  for (const l of readingOrder(project, current).lines) {
    if (lnames.has(l.directive.lname)) addConfigLine(add, l.directive, l.sections, l.file);
  }
  for (const f of project.files) {
    if (f.kind === 'htaccess') addHtaccess(add, f.path === current.path ? current : f.ast, lnames);
  }
  return [...scopes.values()];
}

type Add = (scope: Section | ConfigFile, what: ScopeLines['what'], line: ScopeLine) => void;

/** Scopes by section (or .htaccess tree), in the order first seen, and the function that adds a line to one. */
function scopeTable(): { add: Add; scopes: Map<object, ScopeLines> } {
  const scopes = new Map<object, ScopeLines>();
  const add: Add = (scope, what, line) => {
    const s = scopes.get(scope);
    if (s) s.lines.push(line); else scopes.set(scope, { scope, what, lines: [line] });
  };
  return { add, scopes };
}

/** A line of a configuration file, with every section around it (those around the Include lines that read its file first). */
function addConfigLine(add: Add, d: Directive, sections: readonly Section[], file: ConfigFile): void {
  if (!readBy24(sections)) return;
  const scope = sectionScopeOf(sections);
  // A virtual host or the server level is no per-directory scope (directives allowed only there are not asked for).
  if (scope && scope.lname !== 'virtualhost') add(scope, 'section', { directive: d, file });
}

function addHtaccess(add: Add, tree: ConfigFile, lnames: ReadonlySet<string>): void {
  walk(tree, {
    directive: (d, anc) => {
      if (!lnames.has(d.lname) || !readBy24(anc)) return;
      const scope = sectionScopeOf(anc);
      if (scope) add(scope, 'section', { directive: d, file: tree });
      else add(tree, '.htaccess file', { directive: d, file: tree });
    },
  });
}

/** The scopes holding some of the directives asked for, as one file of the project changes them. */
export interface FileScopes {
  /** Every such scope of the project, in reading order (.htaccess files last), as the project's trees read. */
  project: readonly ScopeLines[];
  /** Those of `project` that hold a line of the file. */
  replaced: ReadonlySet<ScopeLines>;
  /** The file's scopes as the tree asked about reads (`replaced` itself for the project's own tree). */
  own: readonly ScopeLines[];
}

/**
 * The scopes of the project holding any of `lnames`, as 2.4 reads them, and those of `current`'s file with `current`
 * in place of the project's copy. The project's scopes are collected once (per set of names); a later pass's re-parse
 * of a file is read alone where its lines can make no scope with another file's lines (an .htaccess file, or a
 * configuration file read once, with no Include line, outside every per-directory section), so that a run costs one
 * reading of the project, not one per file and pass (10,000 one-vhost files: over 30 minutes).
 */
export function scopesHolding(project: Project, current: ConfigFile, lnames: ReadonlySet<string>): FileScopes {
  const source = project.byPath.get(current.path);
  if (!source) return fresh(project, current, lnames);
  const index = memo(project, `scopesHolding:${[...lnames].join(',')}`, () => indexed(collect(project, source.ast, lnames)));
  const replaced = index.byPath.get(current.path) ?? new Set<ScopeLines>();
  if (source.ast === current) return { project: index.all, replaced, own: [...replaced] };
  const own = ownScopes(project, source.kind, source.ast, current, lnames);
  return own ? { project: index.all, replaced, own } : fresh(project, current, lnames);
}

function indexed(all: ScopeLines[]): { all: ScopeLines[]; byPath: Map<string, Set<ScopeLines>> } {
  const byPath = new Map<string, Set<ScopeLines>>();
  for (const s of all) {
    for (const l of s.lines) {
      const set = byPath.get(l.file.path);
      if (set) set.add(s); else byPath.set(l.file.path, new Set([s]));
    }
  }
  return { all, byPath };
}

/** The whole reading again, with `current` in place of its file. */
function fresh(project: Project, current: ConfigFile, lnames: ReadonlySet<string>): FileScopes {
  const all = collect(project, current, lnames);
  const own = all.filter((s) => s.lines.some((l) => l.file === current));
  return { project: all, replaced: new Set(own), own };
}

/**
 * The sections around the one Include line that reads a configuration file (`[]` for an entry file), so that a re-parse
 * of it can be read alone; null where its reading depends on the rest of the project (it or its re-parse has Include
 * lines, or httpd reads it more than once); undefined when httpd does not read it.
 */
export function readAlone(project: Project, original: ConfigFile, current: ConfigFile): readonly Section[] | null | undefined {
  if (includeDirectives(original).length || includeDirectives(current).length) return null;
  const reads = readingOrder(project, original).outers.get(original.path) ?? [];
  return reads.length > 1 ? null : reads[0];
}

/** `current`'s scopes read alone, or null where its lines may share a scope with another file's (then the whole project is read again). */
function ownScopes(project: Project, kind: string, original: ConfigFile, current: ConfigFile, lnames: ReadonlySet<string>): ScopeLines[] | null {
  const { add, scopes } = scopeTable();
  if (kind === 'htaccess') {
    addHtaccess(add, current, lnames);
    return [...scopes.values()];
  }
  const outer = readAlone(project, original, current);
  if (outer === null) return null;
  if (outer === undefined) return []; // httpd does not read the file
  const around = sectionScopeOf(outer);
  if (around && around.lname !== 'virtualhost') return null;
  walk(current, { directive: (d, anc) => { if (lnames.has(d.lname)) addConfigLine(add, d, outer.length ? [...outer, ...anc] : anc, current); } });
  return [...scopes.values()];
}
