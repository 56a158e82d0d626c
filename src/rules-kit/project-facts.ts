/**
 * Facts about a whole project that rules need while linting each of its files. A rule looking at
 * one file of N must not walk the other N-1 (that makes a run quadratic in the number of files):
 * each file's share of a fact is computed once per project, and a rule's view of the project, with
 * the tree it is looking at (perhaps a later pass's re-parse) in place of the project's copy,
 * costs the number of files that have a share, not the number of files.
 */
import type { ConfigFile } from '../ast/nodes.js';
import type { Project } from '../project/project.js';
import { memo } from '../ast/memo.js';

/**
 * Where `current` stands among the project's files: the position of the file with its tree or its
 * path, or the number of files when it is none of them (it then comes last).
 */
export function fileIndex(project: Project, current: ConfigFile): number {
  const index = memo(project, 'fileIndex', () => {
    const byTree = new Map<ConfigFile, number>();
    const byPath = new Map<string, number>();
    project.files.forEach((f, i) => {
      if (!byTree.has(f.ast)) byTree.set(f.ast, i);
      if (!byPath.has(f.path)) byPath.set(f.path, i);
    });
    return { byTree, byPath };
  });
  const a = index.byTree.get(current) ?? project.files.length;
  const b = index.byPath.get(current.path) ?? project.files.length;
  return Math.min(a, b);
}

/**
 * The concatenation in file order of `of(f)` over the files of the project, with `current` in place
 * of the project's copy of it (added last when missing), as `projectFiles(project, current).flatMap(of)`
 * gives it. `key` names `of`: one key, one function. Read-only: for the project's own copy of a file,
 * it is one list shared by every caller.
 */
export function gather<T>(project: Project, current: ConfigFile, key: string, of: (f: ConfigFile) => readonly T[]): readonly T[] {
  const shares = memo(project, `gather:${key}`, () => {
    const out: { at: number; values: readonly T[] }[] = [];
    project.files.forEach((f, at) => {
      const values = of(f.ast);
      if (values.length > 0) out.push({ at, values });
    });
    return out;
  });
  // The project's own copy of a file sees the same list as every other: made once, not once per file.
  if (isOwnTree(project, current)) return memo(project, `gather-all:${key}`, () => Object.freeze(shares.flatMap((s) => s.values)));
  const at = fileIndex(project, current);
  const out: T[] = [];
  let placed = false;
  for (const s of shares) {
    if (!placed && s.at >= at) {
      out.push(...of(current));
      placed = true;
    }
    if (s.at !== at) out.push(...s.values);
  }
  if (!placed) out.push(...of(current));
  return out;
}

/** True when `current` is the project's own tree of its path (not a later pass's re-parse, nor a file outside it). */
export function isOwnTree(project: Project, current: ConfigFile): boolean {
  return project.files[fileIndex(project, current)]?.ast === current;
}

/**
 * A fact about the project as seen from `current` that is the same from each of the project's own trees (it reads
 * them through gather): computed once per project for those, and for `current` alone when it is a re-parse.
 */
export function fromOwnTrees<T>(project: Project, current: ConfigFile, key: string, compute: () => T): T {
  return isOwnTree(project, current) ? memo(project, `own-trees:${key}`, compute) : compute();
}
