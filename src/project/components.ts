/**
 * Splits a project into groups of files that can affect one another: files joined by an
 * Include, and each .htaccess file with the configuration files whose <Directory> or
 * DocumentRoot covers its directory. Files in different groups are independent inputs
 * (loose files, the pre-commit case), which can be migrated and proven apart.
 */
import { dirname } from 'node:path';
import { directives, sections } from '../ast/walk.js';
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
  const roots = files.map((f) => (f.kind === 'conf' ? coveredDirs(f) : []));
  files.forEach((h, i) => {
    if (h.kind !== 'htaccess') return;
    const dir = dirname(h.path);
    roots.forEach((dirs, c) => {
      if (dirs.some((d) => dir === d || dir.startsWith(`${d}/`))) union(i, c);
    });
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
    };
  });
}

/**
 * The absolute directories a configuration file's <Directory> sections and DocumentRoot lines
 * name. `<Directory />`, which nearly every main configuration has, does not link: it would join
 * every .htaccess on the machine to every configuration file passed with it.
 */
function coveredDirs(f: SourceFile): string[] {
  const named = [
    ...sections(f.ast, 'directory').map((s) => s.args[0]?.value ?? ''),
    ...directives(f.ast, 'documentroot').map((d) => d.args[0]?.value ?? ''),
  ];
  return named.filter((p) => p.startsWith('/')).map((p) => p.replace(/\/+$/, '')).filter((p) => p !== '');
}
