/**
 * The directives of a project in the order httpd reads them: the entry files in order, each Include
 * line replaced by the files it reads (as the loader recorded them in project.includes), each with the
 * sections around it, those around the Include lines that led there first. A rule asking what httpd
 * reads after a line in another file (a later `LogLevel warn` in an included file) reads this.
 */
import type { ConfigFile, Directive, Section } from '../ast/nodes.js';
import { memo } from '../ast/memo.js';
import { cacheSlot } from './run-cache.js';
import { walk } from '../ast/walk.js';
import { includeDirectives } from '../ast/query.js';
import type { IncludeSite, Project } from './project.js';
import { MAX_INCLUDE_DEPTH } from './include.js';

export interface ReadLine {
  /** The file's path and tree (the rule's own tree for its file). */
  path: string;
  file: ConfigFile;
  directive: Directive;
  /** The sections around the line, outermost first: those around the Include lines that read its file, then its own. */
  sections: readonly Section[];
}

export interface ReadingOrder {
  lines: readonly ReadLine[];
  /** Where a directive of a tree is first read. */
  indexOf: ReadonlyMap<Directive, number>;
  /** For each file read, the sections around each Include line that read it, outermost first (one entry per reading; `[]` for an entry file). */
  outers: ReadonlyMap<string, readonly (readonly Section[])[]>;
}

/** The reading order of `project`, with `current` in place of the project's copy of its file. */
export function readingOrder(project: Project, current: ConfigFile): ReadingOrder {
  // The project's own trees give one order for every file of a pass; a later pass's re-parse of a file gets its own.
  if (project.byPath.get(current.path)?.ast === current) return memo(project, 'readingOrder', () => compute(project, current));
  // Only the last one is kept: the rules of a pass ask about one tree, and an order per re-parsed file, kept with
  // each file's result, made memory grow with the square of the files (250 one-vhost files: 1.2 MB more per file).
  const last = project.cache.get(LAST_REPARSED);
  if (last.current !== current || last.project !== project) {
    last.project = project;
    last.current = current;
    last.order = compute(project, current);
  }
  return last.order!;
}

const LAST_REPARSED = cacheSlot('the reading order of the last re-parsed tree asked about', () => ({ project: null as Project | null, current: null as ConfigFile | null, order: null as ReadingOrder | null }));

function compute(project: Project, current: ConfigFile): ReadingOrder {
  const treeOf = (path: string): ConfigFile | undefined => (path === current.path ? current : project.byPath.get(path)?.ast);
  const lines: ReadLine[] = [];
  const indexOf = new Map<Directive, number>();
  const outers = new Map<string, (readonly Section[])[]>();
  const stack: string[] = [];
  const sitesFrom = new Map<string, IncludeSite[]>();
  for (const site of project.includes) {
    const list = sitesFrom.get(site.from);
    if (list) list.push(site); else sitesFrom.set(site.from, [site]);
  }
  const read = (path: string, outer: readonly Section[]) => {
    const file = treeOf(path);
    const source = project.byPath.get(path);
    if (!file || stack.includes(path) || stack.length >= MAX_INCLUDE_DEPTH) return;
    stack.push(path);
    const seen = outers.get(path);
    if (seen) seen.push(outer); else outers.set(path, [outer]);
    // Include lines are matched to their sites by position among the file's Include lines, which edits do not change.
    const sites = sitesByPosition(sitesFrom.get(path) ?? [], source?.ast ?? file);
    let ordinal = 0;
    walk(file, {
      directive: (d, ancestors) => {
        const sections = outer.length ? [...outer, ...ancestors] : [...ancestors];
        if (!indexOf.has(d)) indexOf.set(d, lines.length);
        lines.push({ path, file, directive: d, sections });
        if (d.lname !== 'include' && d.lname !== 'includeoptional') return;
        const site = sites[ordinal++];
        for (const f of site?.files ?? []) read(f, sections);
      },
    });
    stack.pop();
  };
  const included = new Set(project.includes.flatMap((s) => s.files));
  for (const f of project.files) if (f.kind === 'conf' && !included.has(f.path)) read(f.path, []);
  if (!project.byPath.has(current.path)) read(current.path, []);
  return { lines, indexOf, outers };
}

/** The include sites of a file's Include lines, by their position among them (the first site recorded for each). */
function sitesByPosition(sites: readonly IncludeSite[], original: ConfigFile): (IncludeSite | undefined)[] {
  const lines = includeDirectives(original);
  const out: (IncludeSite | undefined)[] = [];
  for (const site of sites) {
    const i = lines.indexOf(site.directive);
    if (i >= 0 && out[i] === undefined) out[i] = site;
  }
  return out;
}
