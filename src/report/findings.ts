/** Everything a run found, flattened into one list of findings per file, for the reporters. */
import { dirname, resolve } from 'node:path';
import { displayPath } from '../project/read.js';
import type { MigrateResult } from '../migrate.js';
import type { Severity } from '../ast/nodes.js';
import type { ProjectDiagnostic } from '../project/project.js';
import type { Problem } from '../engine/rule.js';
import type { Edit } from '../edit/edit.js';
import { ruleDocRef } from './rule-docs.js';
import { readableText } from './escape.js';

/** Lexer warnings a rule reports, with its fix (double-backslash-eol): not repeated as syntax findings. */
const REPORTED_BY_RULES: ReadonlySet<string> = new Set(['DOUBLE_BACKSLASH_EOL']);

/** The rule id of the errors and warnings the user's httpd printed for the migrated tree (--httpd). */
export const HTTPD_RULE_ID = 'httpd';

/** One replacement of a fix: bytes [start, end) of the file as read become `text` (Latin-1: one character per byte). */
export interface FindingEdit {
  range: [number, number];
  text: string;
}

export interface Finding {
  /** The path shown to users. */
  path: string;
  line: number;
  col: number;
  /** Where the problem ends (exclusive column), in the same text as line and col. */
  endLine: number;
  endCol: number;
  severity: Severity;
  message: string;
  /** The rule id, or `syntax`, `include`, `io` for problems with the input. */
  ruleId: string;
  /** True when `write` fixes it (or would, for suggestions taken). */
  fixable: boolean;
  /**
   * The replacements `write` makes for this finding, against the file as read. Given when the
   * finding is fixable, the positions are those of the file as read (check, diff), and the fix
   * touches original text only (not text an earlier fix wrote).
   */
  fix?: FindingEdit[];
  /** The same for a suggestion not taken (--apply-suggestions would take it). */
  suggestion?: FindingEdit[];
  /** The rule's documentation, for rule findings: the command that shows it and its shipped file (rules/<id>.md). */
  docs?: { command: string; file: string };
}

export interface FileReport {
  path: string;
  changed: boolean;
  /** The file could not be read or parsed without errors, so it was not rewritten. */
  failed: boolean;
  findings: Finding[];
}

/**
 * `positions`: 'input' puts rule findings at their place in the files as read (check, diff);
 * 'output' at their place in the rewritten files (write, once they are written).
 */
export function collectFindings(result: MigrateResult, cwd = process.cwd(), positions: 'input' | 'output' = 'input'): FileReport[] {
  // write removes the mods-enabled/ link of each module it disables (a2dismod): a finding in such a link is shown in
  // the file it links to, which stays, with the same text (build-notes' note at the first LoadModule line).
  const removed = new Map(positions === 'output'
    ? result.layout.flatMap((c) => (c.kind === 'unlink' ? [[c.path, displayPath(resolve(dirname(c.path), c.target), cwd)] as const] : []))
    : []);
  const byPath = new Map(result.project.files.map((f) => [f.path, removed.get(f.path) ?? f.display]));
  const projectDiags = result.project.diagnostics;
  // Finding a rule's doc reads the package's package.json: once per rule per run, not once per finding.
  const docRefs = new Map<string, ReturnType<typeof ruleDocRef>>();
  const docRef = (id: string) => {
    if (!docRefs.has(id)) docRefs.set(id, ruleDocRef(id));
    const ref = docRefs.get(id)!;
    return ref && { ...ref };
  };
  const reports = result.files.map((r): FileReport => {
    const path = byPath.get(r.file.path)!;
    const findings: Finding[] = [];
    if (r.file.readError !== undefined) {
      findings.push({ path, line: 1, col: 1, endLine: 1, endCol: 1, severity: 'error', message: r.file.readError, ruleId: 'io', fixable: false });
    }
    const moved = positions === 'output' && r.changed;
    // Offsets in the file as read, at their place in the file as reported (rewritten, for write).
    const span = (start: number, end: number) => {
      const a = moved ? r.positions.outputPosition(r.positions.toOutput(start)) : r.positions.inputPosition(start);
      const b = moved ? r.positions.outputPosition(Math.max(r.positions.toOutput(end, 'end'), r.positions.toOutput(start))) : r.positions.inputPosition(end);
      return { line: a.line, col: a.col, endLine: b.line, endCol: b.col };
    };
    for (const d of r.diagnostics) {
      if (REPORTED_BY_RULES.has(d.code)) continue;
      findings.push({ path, ...span(d.start, d.end), severity: d.severity, message: readableText(d.message), ruleId: 'syntax', fixable: false });
    }
    // A file that could not be read already has its io finding.
    // An Include that matched nothing and that prefer-include-optional rewrote to IncludeOptional no longer stops 2.4.
    const fixedInclude = (d: ProjectDiagnostic) => d.code === 'INCLUDE_NO_MATCH' && r.applied.some((p) => p.ruleId === 'prefer-include-optional' && p.start === d.start);
    for (const d of projectDiags.filter((x) => x.path === r.file.path && !(r.file.readError !== undefined && READ_CODES.has(x.code)) && !fixedInclude(x))) {
      findings.push({ path, ...span(d.start, d.end), severity: d.severity, message: readableText(d.message), ruleId: 'include', fixable: false });
    }
    const at = (p: Problem) => (moved ? span(p.start, p.end) : { ...span(p.start, p.end), line: p.line, col: p.col });
    const edits = (list: Edit[] | undefined) =>
      (list?.length && !moved ? list.map((e): FindingEdit => ({ range: [e.start, e.end], text: e.text })) : undefined);
    const finding = (p: Problem, fixable: boolean): Finding => {
      const f: Finding = { path: byPath.get(p.path) ?? path, ...at(p), severity: p.severity, message: readableText(p.message), ruleId: p.ruleId, fixable };
      const fix = fixable ? edits(p.originalEdits) : undefined;
      const suggestion = !fixable && p.suggestion ? edits(p.originalEdits) : undefined;
      const docs = docRef(p.ruleId);
      if (fix) f.fix = fix;
      if (suggestion) f.suggestion = suggestion;
      if (docs) f.docs = docs;
      return f;
    };
    for (const p of r.applied) findings.push(finding(p, true));
    for (const p of r.remaining) findings.push(finding(p, false));
    findings.sort((a, b) => a.line - b.line || a.col - b.col);
    // A rule that crashed on the file fails the run (exit 2), as a file that cannot be read or parsed does.
    const failed = r.file.readError !== undefined || r.diagnostics.some((d) => d.severity === 'error') || r.remaining.some((p) => p.crash);
    return { path, changed: r.changed, failed, findings };
  });
  // Problems with no file of their own, such as a pattern that matches nothing.
  const known = new Set(result.files.map((r) => r.file.path));
  const orphans = new Map<string, FileReport>();
  for (const d of projectDiags.filter((x) => !known.has(x.path))) {
    const path = displayPath(d.path, cwd);
    const report = orphans.get(d.path) ?? { path, changed: false, failed: false, findings: [] };
    report.findings.push({ path, line: 1, col: 1, endLine: 1, endCol: 1, severity: d.severity, message: d.message, ruleId: 'include', fixable: false });
    report.failed ||= d.severity === 'error';
    orphans.set(d.path, report);
  }
  return [...reports, ...orphans.values()];
}

const READ_CODES: ReadonlySet<string> = new Set(['READ_ERROR', 'BINARY_FILE']);

/** Findings that keep `check` from passing: errors and warnings, not info. */
export function blocking(f: Finding): boolean {
  return f.severity !== 'info';
}
