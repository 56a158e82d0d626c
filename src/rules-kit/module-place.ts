/**
 * Where new LoadModule lines go (load-module-for-directive, load-implicit-modules). httpd loads a
 * module when it reads its LoadModule line, so the line must come, in reading order, before the
 * first directive that needs the module and before any `<IfModule>` test of it (read earlier, the
 * test is false and its block is skipped), at the top level of a file that is always read (a line
 * inside `<IfDefine SSL>` or in a file included from one loads nothing without -DSSL).
 */
import type { ConfigFile, Directive, LineSpan, Section } from '../ast/nodes.js';
import { walk } from '../ast/walk.js';
import { memo } from '../ast/memo.js';
import { includeDirectives } from '../ast/query.js';
import { gather, isOwnTree } from './project-facts.js';
import { moduleOfTest } from '../apache/conditions.js';
import { insertLinesAfter, insertLinesBefore } from '../edit/fixer.js';
import type { Edit } from '../edit/edit.js';
import { includeSitesOf, type Project } from '../project/project.js';
import { includeChains } from '../project/include-chains.js';
import { directoryLine, loadsStandardFile, type LoadLine, type ModuleList } from './load-module.js';

/** A place in httpd's reading order: the offsets down the chain of Include lines, compared word by word. */
export type ReadingKey = readonly number[];

/** A line that needs a module: its file and node. */
export interface NeedAt {
  file: ConfigFile;
  node: Directive | Section;
}

/** Where the lines go, the line whose style they copy and the one whose module directory they copy. */
export interface ModulePlace {
  /** The file that gets the lines. */
  path: string;
  like: LoadLine;
  dir: LoadLine;
  /** The line of that file the lines go after (a LoadModule line) or before (the line that needs them). */
  node: LineSpan;
  /** True when the lines go after a LoadModule line, false when before the line that needs them. */
  after: boolean;
  edit: (lines: string[]) => Edit;
}

export function compareKeys(a: ReadingKey, b: ReadingKey): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** The tree of a file as the rule sees it: `current` for its own path, else the project's copy. */
function treeOf(project: Project, current: ConfigFile, path: string): ConfigFile | undefined {
  return path === current.path ? current : project.byPath.get(path)?.ast;
}

/** The Include line of `site` in the tree the rule sees (a later pass's re-parse of the including file has other offsets). */
function includeLine(project: Project, current: ConfigFile, from: string, d: Directive): Directive {
  if (from !== current.path) return d;
  const original = project.byPath.get(from)?.ast;
  const i = original ? includeDirectives(original).indexOf(d) : -1;
  return (i >= 0 ? includeDirectives(current)[i] : undefined) ?? d;
}

/** Where an offset of a file comes in httpd's reading order: through the first Include line that reads the file. */
export function readingKey(project: Project, current: ConfigFile, path: string, offset: number, seen: ReadonlySet<string> = new Set()): ReadingKey {
  const entry = project.entries.indexOf(path);
  const site = includeSitesOf(project, path).find((s) => !seen.has(s.from));
  if (entry >= 0 || !site) return [entry >= 0 ? entry : project.entries.length + project.files.findIndex((f) => f.path === path), offset];
  const d = includeLine(project, current, site.from, site.directive);
  return [...readingKey(project, current, site.from, d.start, new Set([...seen, path])), site.files.indexOf(path), offset];
}

/** True for a file httpd always reads: an entry, or one read through top-level Include lines of such files. */
function alwaysRead(project: Project, path: string): boolean {
  return includeChains(project, path).every((c) => c.length === 0);
}

/** The `<IfModule>` tests of a file, with the module each names (walked once per tree). */
function ifModuleTests(file: ConfigFile): readonly { need: NeedAt; module: string }[] {
  return memo(file, 'ifModuleTests', () => {
    const out: { need: NeedAt; module: string }[] = [];
    walk(file, { enter: (s) => { if (s.lname === 'ifmodule') out.push({ need: { file, node: s }, module: moduleOfTest((s.args[0]?.value ?? '').replace(/^!\s*/, '')) }); } });
    return out;
  });
}

/** A file's uses (`usesOf`) and its `<IfModule>` tests of one of `names`. */
function needsIn(file: ConfigFile, names: ReadonlySet<string>, usesOf: (f: ConfigFile) => readonly NeedAt[]): NeedAt[] {
  return [...usesOf(file), ...ifModuleTests(file).filter((t) => names.has(t.module)).map((t) => t.need)];
}

const holdsIncludes = (file: ConfigFile) => includeDirectives(file).length > 0;

/** The earliest of the given uses and of the `<IfModule>` tests of the project's files (`current` in place of its copy) that name one of `names`, in reading order. */
export function firstNeed(project: Project, current: ConfigFile, names: ReadonlySet<string>, uses: readonly NeedAt[]): NeedAt | null {
  const all = [...uses];
  // Each file's <IfModule> tests once per project (this file's from its own tree): every file asks, about every file.
  for (const t of gather(project, current, 'firstNeed:ifModules', ifModuleTests)) if (names.has(t.module)) all.push(t.need);
  // A line's place in the reading order depends on the tree asked about only through its Include lines: without
  // them, each line of another file gets its key once per project.
  const keys = !holdsIncludes(current) && !holdsIncludes(project.byPath.get(current.path)?.ast ?? current)
    ? memo(project, 'firstNeed:keys', () => new WeakMap<object, ReadingKey>())
    : null;
  const keyOf = (need: NeedAt): ReadingKey => {
    if (!keys || need.file === current) return readingKey(project, current, need.file.path, need.node.start);
    let k = keys.get(need.node);
    if (!k) keys.set(need.node, (k = readingKey(project, current, need.file.path, need.node.start)));
    return k;
  };
  return earliest(all, keyOf)?.need ?? null;
}

/** The first of `needs` with the smallest key (the first of equals). */
function earliest(needs: readonly NeedAt[], keyOf: (n: NeedAt) => ReadingKey): { need: NeedAt; key: ReadingKey } | null {
  let best: { need: NeedAt; key: ReadingKey } | null = null;
  for (const need of needs) {
    const key = keyOf(need);
    if (!best || compareKeys(key, best.key) < 0) best = { need, key };
  }
  return best;
}

/**
 * firstNeed over the uses `usesOf` finds in each file (gathered under `key`, which names `usesOf` and `names`), as
 * the rule on `current` sees the project. Each of the project's own trees sees the same answer: found once. A later
 * pass's re-parse of a file without Include lines (every rewritten .htaccess file) gets the first of the other files'
 * lines, from their reading order sorted once per project, or of its own, whichever comes first: each re-parse
 * compared every file's lines again (4,000 .htaccess files: 2.0 of 15.9 s).
 */
export function firstNeedIn(project: Project, current: ConfigFile, names: ReadonlySet<string>, key: string, usesOf: (f: ConfigFile) => readonly NeedAt[]): NeedAt | null {
  const own = () => firstNeed(project, current, names, gather(project, current, key, usesOf));
  if (isOwnTree(project, current)) return memo(project, `firstNeedIn:${key}`, own);
  const copy = project.byPath.get(current.path)?.ast;
  if (!copy || holdsIncludes(current) || holdsIncludes(copy)) return own();
  const ranked = memo(project, `firstNeedIn:ranked:${key}`, () => {
    const needs = project.files.flatMap((f) => needsIn(f.ast, names, usesOf));
    return needs.map((need) => ({ need, key: readingKey(project, current, need.file.path, need.node.start) })).sort((a, b) => compareKeys(a.key, b.key));
  });
  const other = ranked.find((r) => r.need.file.path !== current.path) ?? null;
  const mine = earliest(needsIn(current, names, usesOf), (n) => readingKey(project, current, n.file.path, n.node.start));
  const first = !other ? mine : !mine ? other : compareKeys(mine.key, other.key) < 0 ? mine : other;
  return first?.need ?? null;
}

/**
 * Where new LoadModule lines go: after the last top-level LoadModule line of an always-read file that
 * comes before `need` (of the file with the most LoadModule lines, the first of equals); when every
 * such line comes after it, before the top-level line that holds or reads `need`. Null when no
 * LoadModule line is at the top level of an always-read file (all sit in `<IfDefine>` and the like):
 * where the tree means its modules to be loaded is then not clear, and the lines are only reported.
 */
export function modulePlace(project: Project, current: ConfigFile, list: ModuleList, need: NeedAt | null): ModulePlace | null {
  const { lines } = list;
  const top = lines.filter((l) => l.ancestors.length === 0 && alwaysRead(project, l.file.path));
  if (top.length === 0) return null;
  const needKey = need ? readingKey(project, current, need.file.path, need.node.start) : null;
  const before = needKey ? top.filter((l) => compareKeys(readingKey(project, current, l.file.path, l.directive.start), needKey) < 0) : top;
  if (before.length > 0) {
    const count = new Map<string, number>();
    for (const l of lines) count.set(l.file.path, (count.get(l.file.path) ?? 0) + 1);
    const holder = before.reduce((best, l) => (count.get(l.file.path)! > count.get(best.file.path)! ? l : best)).file.path;
    const at = before.filter((l) => l.file.path === holder).pop()!;
    return { path: holder, like: at, dir: directoryLine(lines, at), node: at.directive, after: true, edit: (text) => insertLinesAfter(at.file, at.directive, text) };
  }
  const spot = topLevelSpot(project, current, need!.file, need!.node.start);
  if (!spot) return null;
  const like = top.find(loadsStandardFile) ?? top[0]!;
  return { path: spot.file.path, like, dir: directoryLine(lines, like), node: spot.line, after: false, edit: (text) => insertLinesBefore(spot.file, spot.line, text, '') };
}

/** The top-level line of an always-read file that holds an offset of `file` or the Include line that reads it. */
function topLevelSpot(project: Project, current: ConfigFile, file: ConfigFile, offset: number, seen: ReadonlySet<string> = new Set()): { file: ConfigFile; line: LineSpan } | null {
  if (alwaysRead(project, file.path)) {
    const node = file.children.find((c) => c.start <= offset && offset < c.end);
    if (!node) return null;
    return { file, line: node.type === 'section' ? node.open : node };
  }
  const site = includeSitesOf(project, file.path).find((s) => !seen.has(s.from));
  const from = site && treeOf(project, current, site.from);
  if (!site || !from) return null;
  return topLevelSpot(project, current, from, includeLine(project, current, site.from, site.directive).start, new Set([...seen, file.path]));
}
