/** Where a text offset of the project lies, as messages name it. */
import type { Project } from '../../project/project.js';
import { LineCounter } from '../../parse/line-counter.js';

/** `display:line` of an offset in a project file (the path when the file is not in the project); one line table per file. */
export function placer(project: Project): (path: string, offset: number) => string {
  const lines = new Map<string, LineCounter>();
  return (path, offset) => {
    const file = project.byPath.get(path);
    if (!file) return path;
    let lc = lines.get(path);
    if (!lc) { lc = new LineCounter(file.ast.text); lines.set(path, lc); }
    return `${file.display}:${lc.position(offset).line}`;
  };
}
