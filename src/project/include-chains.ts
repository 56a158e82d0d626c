/**
 * The sections an included file is read inside: an `Include conf/ssl.conf` within
 * `<IfModule mod_ssl.c>` makes every line of ssl.conf conditional on mod_ssl, as httpd reads
 * the included file in place of the Include line. Rules that ask whether httpd reads a line
 * (its `<IfModule>` tests) must look at these sections too, not only at the file's own.
 */
import type { ConfigFile, Directive, Section } from '../ast/nodes.js';
import { walk } from '../ast/walk.js';
import { includeSitesOf, type Project } from './project.js';
import { cacheSlot } from './run-cache.js';

/** More ways to reach one file than this are not told apart: the file counts as read unconditionally. */
const MAX_CHAINS = 16;

/** The ways a file is read: for each, the sections around it, outermost first. */
export type IncludeChains = readonly (readonly Section[])[];

/** For each file, its include chains (`includeChains` bound to a project, or UNCONDITIONAL for loose files). */
export type Around = (file: ConfigFile) => IncludeChains;

/** No enclosing sections: how an entry file (or one reached too many ways) is read. */
export const UNCONDITIONAL: IncludeChains = Object.freeze([Object.freeze([])]);

/** Whether `holds` is true of a line's sections (`ancestors`, in its own file) along one of the ways its file is read. */
export function alongSomeWay(ways: IncludeChains, ancestors: readonly Section[], holds: (sections: readonly Section[]) => boolean): boolean {
  return ways.some((outer) => holds(outer.length ? [...outer, ...ancestors] : ancestors));
}

/**
 * For a file of the project (by path): each list of sections around the Include lines that
 * read it, outermost first, one list per way the file is reached. An entry file, or a file no
 * Include line reads, gives one empty list.
 */
export function includeChains(project: Project, path: string): IncludeChains {
  const byProject = project.cache.get(CHAINS);
  let chains = byProject.get(project);
  if (!chains) byProject.set(project, (chains = chainsOf(project)));
  return chains.get(path) ?? UNCONDITIONAL;
}

/** includeChains for every file of a project, by the file's path: what the module rules pass as `around`. */
export function aroundIn(project: Project): Around {
  return (file) => includeChains(project, file.path);
}

const CHAINS = cacheSlot('the sections around the Include lines that read each file, per project', () => new WeakMap<Project, Map<string, IncludeChains>>());

function chainsOf(project: Project): Map<string, IncludeChains> {
  // The sections around each Include line, from one walk of each including file.
  const around = new Map<Directive, readonly Section[]>();
  for (const from of new Set(project.includes.map((s) => s.from))) {
    const ast = project.byPath.get(from)?.ast;
    if (ast) walk(ast, { directive: (d, ancestors) => { if (d.lname === 'include' || d.lname === 'includeoptional') around.set(d, [...ancestors]); } });
  }
  const entries = new Set(project.entries);
  const done = new Map<string, IncludeChains>();
  const open = new Set<string>();
  const chains = (path: string): IncludeChains => {
    const known = done.get(path);
    if (known) return known;
    const sites = includeSitesOf(project, path);
    if (!sites.length || entries.has(path) || open.has(path)) return UNCONDITIONAL;
    open.add(path);
    const out: (readonly Section[])[] = [];
    for (const site of sites) {
      // A way round an Include cycle starts with a way to this file: it adds no list of its own.
      if (open.has(site.from)) continue;
      const here = around.get(site.directive) ?? [];
      for (const outer of chains(site.from)) {
        if (out.length >= MAX_CHAINS) break;
        out.push([...outer, ...here]);
      }
    }
    open.delete(path);
    const result = out.length && out.length < MAX_CHAINS ? out : UNCONDITIONAL;
    done.set(path, result);
    return result;
  };
  for (const site of project.includes) for (const path of site.files) chains(path);
  return done;
}
