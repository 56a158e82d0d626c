/**
 * Inline suppressions in httpd's own comment syntax, ESLint style:
 *
 *   # httpd-migrate-disable-next-line <rule>[, <rule>]   the next line only
 *   # httpd-migrate-disable <rule>[, <rule>]             until a matching enable (or the end of the file)
 *   # httpd-migrate-enable <rule>[, <rule>]
 *   # httpd-migrate-disable-file <rule>[, <rule>]        the whole file, wherever it stands
 *
 * No rule list means every rule. ` -- reason` after the list is a free-text reason.
 * They are comments, so no rule edits them and `write` leaves them as they are.
 */
import type { ConfigFile, Node } from '../ast/nodes.js';
import { LineCounter } from '../parse/line-counter.js';
import type { Problem } from './rule.js';

export type DirectiveKind = 'disable-next-line' | 'disable' | 'enable' | 'disable-file';

export interface SuppressionComment {
  kind: DirectiveKind;
  /** Rule ids named; empty for every rule. */
  rules: string[];
  /** 1-based line of the comment. */
  line: number;
  col: number;
  start: number;
  end: number;
  /** Identifies the comment across fix passes (which move offsets, never comments): its text and occurrence. */
  key: string;
}

/** The rule id problems about suppressions themselves are reported under. */
export const UNUSED_DIRECTIVE = 'unused-disable-directive';

const PATTERN = /^[ \t]*#[ \t]*httpd-migrate-(disable-next-line|disable-file|disable|enable)(?=[ \t\r\n]|$)([^\r\n]*)/;

/** Every suppression comment of a file, in order. */
export function readSuppressions(file: ConfigFile): SuppressionComment[] {
  const out: SuppressionComment[] = [];
  const seen = new Map<string, number>();
  let lines: LineCounter | null = null;
  const visit = (nodes: Node[]) => {
    for (const n of nodes) {
      if (n.type === 'section') visit(n.children);
      if (n.type !== 'comment') continue;
      const text = file.text.slice(n.start, n.end);
      const m = PATTERN.exec(text);
      if (!m) continue;
      const list = m[2]!.split(' -- ')[0]!;
      const rules = list.split(',').map((s) => s.trim()).filter(Boolean);
      const occurrence = seen.get(text) ?? 0;
      seen.set(text, occurrence + 1);
      const start = n.start + text.indexOf('#');
      out.push({ kind: m[1] as DirectiveKind, rules, ...(lines ??= new LineCounter(file.text)).position(start), start, end: n.start + text.trimEnd().length, key: `${text}\0${occurrence}` });
    }
  };
  visit(file.children);
  return out;
}

/** The comment that suppresses a problem of `ruleId` at `line`, if any. */
export function suppressing(comments: readonly SuppressionComment[], ruleId: string, line: number): SuppressionComment | null {
  const names = (c: SuppressionComment) => c.rules.length === 0 || c.rules.includes(ruleId);
  let open: SuppressionComment | null = null;
  for (const c of comments) {
    if (!names(c)) continue;
    if (c.kind === 'disable-file') return c;
    if (c.kind === 'disable-next-line' && c.line + 1 === line) return c;
    if (c.line >= line) continue;
    if (c.kind === 'disable') open = c;
    else if (c.kind === 'enable') open = null;
  }
  return open;
}

/**
 * Suppressions of one file through every fix pass: `filter` drops the problems a comment
 * suppresses and remembers which comments did; `unused` then lists, against the original
 * text, each (comment, rule) that suppressed nothing, for the rules that ran.
 */
export function suppressionsOf(original: ConfigFile, ranRules: ReadonlySet<string>, knownRules: ReadonlySet<string>) {
  const used = new Set<string>();
  const byText = new WeakMap<ConfigFile, SuppressionComment[]>();
  const commentsOf = (file: ConfigFile) => {
    let c = byText.get(file);
    if (!c) byText.set(file, (c = readSuppressions(file)));
    return c;
  };
  return {
    filter(file: ConfigFile, problems: Problem[]): Problem[] {
      const comments = commentsOf(file);
      if (comments.length === 0) return problems;
      return problems.filter((p) => {
        const c = suppressing(comments, p.ruleId, p.line);
        if (!c) return true;
        used.add(`${c.key}\0${p.ruleId}`);
        used.add(`${c.key}\0*`);
        return false;
      });
    },
    unused(): Problem[] {
      const out: Problem[] = [];
      for (const c of commentsOf(original)) {
        if (c.kind === 'enable') continue;
        const base = { severity: 'warning' as const, path: original.path, start: c.start, end: c.end, line: c.line, col: c.col, ruleId: UNUSED_DIRECTIVE };
        if (c.rules.length === 0) {
          if (!used.has(`${c.key}\0*`)) out.push({ ...base, message: `Unused httpd-migrate-${c.kind} directive (no problems were reported).` });
          continue;
        }
        for (const id of c.rules) {
          if (used.has(`${c.key}\0${id}`)) continue;
          const why = ranRules.has(id) ? `no problems were reported from '${id}'` : `there is no rule '${id}'`;
          // A rule switched off here (--only, --disable, the config) is not reported; a misspelt one is.
          if (ranRules.has(id) || !knownRules.has(id)) out.push({ ...base, message: `Unused httpd-migrate-${c.kind} directive (${why}).` });
        }
      }
      return out;
    },
  };
}
