/**
 * The import graph of the TypeScript sources, and the circles in it. `findCycles` is a pure function
 * over a graph (file → files it imports), so its own test can hand it a small graph with a circle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Every .ts file below the given folders (relative to `root`), sorted. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(rel);
    }
  };
  for (const f of folders) walk(f);
  return out.sort();
}

/**
 * The relative imports of each file (static, type-only, re-exports and dynamic `import()`), as paths
 * relative to `root`; `./x.js` names the source `x.ts`. Imports of packages are left out.
 */
export function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = relative(root, resolve(root, dirname(file), fileName)).replace(/\.js$/, '.ts');
      if (known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The circles of a graph: for each strongly connected component with more than one file (or a file
 * importing itself), one circle through it, as the list of files ending with the first again.
 * Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next); low.set(start, next); next++;
    stack.push(start); onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const to = edges[top.edge++]!;
        if (!index.has(to)) {
          index.set(to, next); low.set(to, next); next++;
          stack.push(to); onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) !== index.get(top.node)) continue;
      const component: string[] = [];
      let n: string;
      do { n = stack.pop()!; onStack.delete(n); component.push(n); } while (n !== top.node);
      if (component.length > 1 || (graph.get(top.node) ?? []).includes(top.node)) components.push(component);
    }
  }
  return components.map((c) => circleThrough(graph, new Set(c)));
}

/** One circle inside a strongly connected component: a shortest path from its first file (sorted) back to it. */
function circleThrough(graph: ImportGraph, members: ReadonlySet<string>): string[] {
  const first = [...members].sort()[0]!;
  const prev = new Map<string, string>();
  const queue = [first];
  for (let i = 0; i < queue.length; i++) {
    const n = queue[i]!;
    for (const to of graph.get(n) ?? []) {
      if (!members.has(to)) continue;
      if (to === first) {
        const path = [first];
        for (let at = n; at !== first; at = prev.get(at)!) path.splice(1, 0, at);
        return [...path, first];
      }
      if (!prev.has(to)) { prev.set(to, n); queue.push(to); }
    }
  }
  return [first, first];
}
