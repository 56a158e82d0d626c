/**
 * Setting one module's level with 2.4's `LogLevel module:level`.
 *
 * In 2.4 a LogLevel word without a module (`LogLevel warn`) resets every
 * module's level, and a section with such a line drops the module levels it
 * would inherit (ap_merge_log_config). So a `module:level` word must come
 * after the last plain level of its scope. The edits here merge the word
 * into the last LogLevel line of the same section (same conditions), or put
 * a new line where the old directive was, and repeat it after any later
 * LogLevel of the scope that would reset it.
 */
import { CONDITIONAL_SECTIONS } from '../ast/query.js';
import type { ConfigFile, Directive, Node, Section } from '../ast/nodes.js';
import type { Edit } from '../edit/edit.js';
import { eolOf, indentOf, insertLinesAfter, removeLine, replaceContent } from '../edit/fixer.js';
import { LineCounter } from '../parse/line-counter.js';
import type { Project } from '../project/project.js';
import { memo } from '../ast/memo.js';
import { readingOrder } from '../project/reading-order.js';
import { readBy24 } from './reach.js';

/** Sections that only decide whether their content is read; they do not make a new logging scope. */

/** The levels of 2.2's LogLevel, least verbose first. */
export const LEVELS = ['emerg', 'alert', 'crit', 'error', 'warn', 'notice', 'info', 'debug'] as const;

/** `trace1`…`trace8` for a 2.2 number (1…9 and above capped at 8), or null for 0 and below. */
export function traceLevel(n: number): string | null {
  if (!Number.isFinite(n) || n <= 0) return null;
  return `trace${Math.min(8, Math.floor(n))}`;
}

/** True when a LogLevel line sets a plain level, which resets every module level. */
export function resetsModules(d: Directive): boolean {
  return d.lname === 'loglevel' && d.args.some((a) => !a.value.includes(':'));
}

/** The plain level a LogLevel line sets (the last word without a colon), lower case. */
export function plainLevel(d: Directive): string | null {
  const words = d.args.filter((a) => !a.value.includes(':'));
  return words.length ? words[words.length - 1]!.value.toLowerCase() : null;
}

export interface ModuleLevelPlan {
  edits: Edit[];
  /** What the edits do, as a clause for the message ("append ` rewrite:trace3` to the LogLevel line of the same section (line 4)"). */
  where: string;
  /**
   * The plain LogLevel of another file that httpd reads last for the same server, after this line, as a
   * clause for the message: it resets the module's level, and a fix of this file cannot repeat the word there.
   * The rule then reports instead of fixing. Null when no other file resets it.
   */
  resetElsewhere: string | null;
}

/**
 * Edits that give `word` (`rewrite:trace3`) effect in the scope of `node`,
 * which the caller removes (`removeNode`) or edits itself (then `removeNode`
 * is false and a new line goes just before it).
 */
export function setModuleLevel(
  file: ConfigFile, node: Directive, ancestors: readonly Section[], word: string, removeNode = true, project?: Project,
): ModuleLevelPlan {
  const parent = ancestors[ancestors.length - 1];
  const siblings = parent ? parent.children : file.children;
  const same = siblings.filter((n): n is Directive => n.type === 'directive' && n.lname === 'loglevel' && n !== node);
  const edits: Edit[] = [];
  let where: string;
  let at: number;
  const target = same[same.length - 1];
  if (target) {
    edits.push({ start: target.contentEnd, end: target.contentEnd, text: ` ${word}` });
    if (removeNode) edits.push(removeLine(file, node));
    where = `append \` ${word}\` to the LogLevel line of the same section (line ${lineOf(file, target.start)})`;
    at = target.start;
  } else {
    const line = `LogLevel ${word}`;
    edits.push(removeNode ? replaceContent(node, line) : { start: node.start, end: node.start, text: indentOf(file, node) + line + (node.eol || eolOf(file)) });
    where = removeNode ? `write \`${line}\` in its place` : `write \`${line}\` just before it`;
    at = node.start;
  }
  // Later plain LogLevel lines of the same scope (outside this section list) would reset the module's level.
  let scopeIndex = ancestors.length - 1;
  while (scopeIndex >= 0 && CONDITIONAL_SECTIONS.has(ancestors[scopeIndex]!.lname)) scopeIndex--;
  const scope = scopeIndex >= 0 ? ancestors[scopeIndex]!.children : file.children;
  const chain = ancestors.slice(scopeIndex + 1);
  for (const { d, anc } of laterResets(scope, at, same)) {
    const missing = chain.filter((s) => !anc.includes(s));
    if (missing.length === 0) {
      edits.push({ start: d.contentEnd, end: d.contentEnd, text: ` ${word}` });
    } else {
      const ind = indentOf(file, d);
      const unit = ind.includes('\t') ? '\t' : '    ';
      const lines = [
        ...missing.map((s, i) => unit.repeat(i) + file.text.slice(s.open.contentStart, s.open.contentEnd)),
        unit.repeat(missing.length) + `LogLevel ${word}`,
        ...missing.map((s, i) => unit.repeat(missing.length - 1 - i) + `</${s.name}>`),
      ];
      edits.push(insertLinesAfter(file, d, lines, ind));
    }
    where += ` and again after the later LogLevel on line ${lineOf(file, d.start)}, which would reset it`;
  }
  return { edits, where, resetElsewhere: project ? lastResetElsewhere(project, file, node, word) : null };
}

/**
 * The last plain LogLevel that httpd reads after `node` for the same server (same enclosing
 * VirtualHost, Directory… or the main server, following Include lines), when it lies in another
 * file and does not set `word`'s module again itself: as a clause naming its file and line.
 */
function lastResetElsewhere(project: Project, file: ConfigFile, node: Directive, word: string): string | null {
  const order = readingOrder(project, file);
  const at = order.indexOf.get(node);
  if (at === undefined) return null;
  const scope = serverScope(order.lines[at]!.sections);
  // The plain LogLevel lines of each server, found once per reading order: each line asking looked at every later line.
  const resets = memo(order, 'log-level:resets', () => {
    const byScope = new Map<Section | null, number[]>();
    order.lines.forEach((l, i) => {
      if (!resetsModules(l.directive) || !readBy24(l.sections)) return;
      const key = serverScope(l.sections);
      const list = byScope.get(key);
      if (list) list.push(i); else byScope.set(key, [i]);
    });
    return byScope;
  });
  const lastAt = resets.get(scope)?.at(-1);
  const last = lastAt !== undefined && lastAt > at ? order.lines[lastAt]! : null;
  if (!last || last.file === file || setsModuleAfterReset(last.directive, word)) return null;
  const shown = project.byPath.get(last.path)?.display ?? last.path;
  return `the plain \`${last.file.text.slice(last.directive.contentStart, last.directive.contentEnd)}\` that httpd reads later for the same server`
    + ` (${shown}:${lineOf(last.file, last.directive.start)}) resets every module's level in 2.4, so the trace would stay off: add \` ${word}\``
    + ' to that line (inside the same conditional sections as this one, if any), and this line can then be migrated';
}

/** The innermost section around a line that is a configuration scope of its own (not an <IfModule>-like test), or null for the main server. */
function serverScope(sections: readonly Section[]): Section | null {
  for (let i = sections.length - 1; i >= 0; i--) if (!CONDITIONAL_SECTIONS.has(sections[i]!.lname)) return sections[i]!;
  return null;
}

/** True when a LogLevel line sets `word`'s module (`rewrite:…`) after its last plain level, so that it does not reset it. */
function setsModuleAfterReset(d: Directive, word: string): boolean {
  const module = word.slice(0, word.indexOf(':') + 1).toLowerCase();
  let plain = -1;
  d.args.forEach((a, i) => { if (!a.value.includes(':')) plain = i; });
  return d.args.some((a, i) => i > plain && a.value.toLowerCase().startsWith(module));
}

/** LogLevel lines with a plain level after offset `at` in `scope` (conditional sections included), other than `skip`. */
function laterResets(scope: Node[], at: number, skip: Directive[]): { d: Directive; anc: Section[] }[] {
  const out: { d: Directive; anc: Section[] }[] = [];
  const visit = (nodes: Node[], anc: Section[]) => {
    for (const n of nodes) {
      if (n.type === 'section' && CONDITIONAL_SECTIONS.has(n.lname)) visit(n.children, [...anc, n]);
      else if (n.type === 'directive' && n.start > at && resetsModules(n) && !skip.includes(n)) out.push({ d: n, anc });
    }
  };
  visit(scope, []);
  return out;
}

/** The 1-based line number of an offset. */
export function lineOf(file: ConfigFile, offset: number): number {
  return new LineCounter(file.text).position(offset).line;
}

/**
 * The plain LogLevel 2.2 used for the server that `ancestors` lie in: the
 * last plain LogLevel of the enclosing VirtualHost, else of the main server
 * across `files` (the project, in reading order), else `warn`, the default.
 */
export function effectiveLogLevel(files: readonly ConfigFile[], ancestors: readonly Section[]): string {
  const vhost = ancestors.find((s) => s.lname === 'virtualhost');
  const last = (nodes: Node[]): string | null => {
    let level: string | null = null;
    const visit = (list: Node[]) => {
      for (const n of list) {
        if (n.type === 'section' && CONDITIONAL_SECTIONS.has(n.lname)) visit(n.children);
        else if (n.type === 'directive' && resetsModules(n)) level = plainLevel(n) ?? level;
      }
    };
    visit(nodes);
    return level;
  };
  const own = vhost ? last(vhost.children) : null;
  if (own) return own;
  let main: string | null = null;
  for (const f of files) main = last(f.children) ?? main;
  return main ?? 'warn';
}

/** True when 2.2 would write a message of `level` at the effective level `current`. */
export function levelAllows(current: string, level: string): boolean {
  const c = (LEVELS as readonly string[]).indexOf(current.toLowerCase());
  const l = (LEVELS as readonly string[]).indexOf(level.toLowerCase());
  return c < 0 || l < 0 || c >= l;
}
