/**
 * Splits a project into groups of files that can affect one another: files joined by an
 * Include, and each .htaccess file with the configuration files whose <Directory>, DocumentRoot or
 * Alias covers its directory or names one below it. Files in different groups are independent inputs
 * (loose files, the pre-commit case), which can be migrated and proven apart.
 */
import { canonicalDir, serverRootRelative } from '../apache/paths.js';
import { dirname } from 'node:path';
import { directives, sections } from '../ast/walk.js';
import type { Section } from '../ast/nodes.js';
import { regexPrefix } from './directory-match.js';
import { hasWildcard } from './fnmatch.js';
import { projectOf, type Project, type SourceFile } from './project.js';

export function components(project: Project): Project[] {
  const files = project.files;
  const index = new Map(files.map((f, i) => [f.path, i]));
  const parent = files.map((_, i) => i);
  // Iterative, with path halving: an Include of 20,000 files makes long chains.
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const union = (a: number, b: number) => { parent[find(a)] = find(b); };
  for (const site of project.includes) {
    const from = index.get(site.from);
    if (from === undefined) continue;
    for (const f of site.files) {
      const to = index.get(f);
      if (to !== undefined) union(from, to);
    }
  }
  // The configuration files by each directory they name, and by each directory above one they name; a .htaccess
  // joins those naming its directory or one above it, and those naming one below it: httpd reads it for every
  // request it serves from there (a site/.htaccess for DocumentRoot site/public), so it was proven alone, with no
  // DocumentRoot and no AllowOverride in sight, and its rewrite called equivalent where the real 2.4 answered 500.
  const namedBy = new Map<string, number[]>();
  const namedBelow = new Map<string, number[]>();
  const note = (map: Map<string, number[]>, d: string, c: number) => {
    const list = map.get(d);
    if (!list) map.set(d, [c]);
    else if (list[list.length - 1] !== c) list.push(c);
  };
  files.forEach((f, c) => {
    if (f.kind !== 'conf') return;
    for (const d of coveredDirs(f, project.serverRoot)) {
      note(namedBy, d, c);
      for (let end = d.lastIndexOf('/'); end > 0; end = d.lastIndexOf('/', end - 1)) note(namedBelow, d.slice(0, end), c);
    }
  });
  files.forEach((h, i) => {
    if (h.kind !== 'htaccess') return;
    const dir = dirname(h.path);
    for (const c of namedBelow.get(dir) ?? []) union(i, c);
    for (let end = dir.length; end > 0; end = dir.lastIndexOf('/', end - 1)) {
      for (const c of namedBy.get(dir.slice(0, end)) ?? []) union(i, c);
    }
  });
  const groups = new Map<number, SourceFile[]>();
  files.forEach((f, i) => {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(f);
    else groups.set(root, [f]);
  });
  if (groups.size <= 1) return [project];
  return [...groups.values()].map((group) => {
    const paths = new Set(group.map((f) => f.path));
    return {
      ...projectOf(group),
      includes: project.includes.filter((s) => paths.has(s.from)),
      diagnostics: project.diagnostics.filter((d) => paths.has(d.path)),
      serverRoot: project.serverRoot,
      // What the user named and what write may change are the whole tree's.
      entries: project.entries,
      ...(project.boundary ? { boundary: project.boundary } : {}),
      ...(project.realPath ? { realPath: project.realPath } : {}),
      ...(project.otherPaths ? { otherPaths: project.otherPaths } : {}),
    };
  });
}

/**
 * The absolute directories a configuration file's <Directory> sections, DocumentRoot and Alias lines
 * name (a relative DocumentRoot taken against the ServerRoot, as httpd does). A wildcard or regex
 * section names the literal directory all its matches lie in (`/srv/*` and `^/srv/[a-z]+`: /srv),
 * so that a .htaccess below a directory it matches is proven with it. `<Directory />`, which nearly
 * every main configuration has, does not link (nor a pattern whose literal part is `/`): it would
 * join every .htaccess on the machine to every configuration file passed with it.
 */
function coveredDirs(f: SourceFile, serverRoot: string | null): string[] {
  const named = [
    ...sections(f.ast, 'directory', 'directorymatch').map(sectionDir),
    ...directives(f.ast, 'documentroot').map((d) => d.args[0]?.value ?? '')
      .map((p) => (serverRoot === null || p === '' || p.includes('${') ? p : serverRootRelative(p, serverRoot))),
    ...directives(f.ast, 'alias', 'scriptalias').map((d) => d.args[1]?.value ?? ''),
  ];
  return named.filter((p) => p.startsWith('/')).map(canonicalDir).filter((p) => p !== '/');
}

/** The literal directory a <Directory> or <DirectoryMatch> section's matches all lie in ('' when none is known). */
function sectionDir(s: Section): string {
  const regex = s.lname === 'directorymatch' || s.args[0]?.value === '~';
  const pattern = s.args[regex && s.lname === 'directory' ? 1 : 0]?.value ?? '';
  if (regex) return regexPrefix(pattern) ?? '';
  if (!hasWildcard(pattern)) return pattern;
  const parts = pattern.split('/');
  return parts.slice(0, parts.findIndex((p) => hasWildcard(p))).join('/');
}
