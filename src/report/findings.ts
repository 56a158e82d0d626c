/** Everything a run found, flattened into one list of findings per file, for the reporters. */
import { relative } from 'node:path';
import { LineCounter } from '../parse/line-counter.js';
import type { MigrateResult } from '../migrate.js';
import type { Severity } from '../ast/nodes.js';

export interface Finding {
  /** The path shown to users. */
  path: string;
  line: number;
  col: number;
  severity: Severity;
  message: string;
  /** The rule id, or `syntax`, `include`, `io` for problems with the input. */
  ruleId: string;
  /** True when `write` fixes it (or would, for suggestions taken). */
  fixable: boolean;
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
  const byPath = new Map(result.project.files.map((f) => [f.path, f.display]));
  const projectDiags = result.project.diagnostics;
  const reports = result.files.map((r): FileReport => {
    const path = r.file.display;
    const findings: Finding[] = [];
    if (r.file.readError !== undefined) {
      findings.push({ path, line: 1, col: 1, severity: 'error', message: r.file.readError, ruleId: 'io', fixable: false });
    }
    const lines = new LineCounter(r.file.ast.text);
    for (const d of r.diagnostics) {
      findings.push({ path, ...lines.position(d.start), severity: d.severity, message: d.message, ruleId: 'syntax', fixable: false });
    }
    // A file that could not be read already has its io finding.
    for (const d of projectDiags.filter((x) => x.path === r.file.path && !(r.file.readError !== undefined && READ_CODES.has(x.code)))) {
      findings.push({ path, ...lines.position(d.start), severity: d.severity, message: d.message, ruleId: 'include', fixable: false });
    }
    let out: LineCounter | null = null;
    const at = (p: { line: number; col: number; start: number }) =>
      (positions === 'output' && r.changed ? (out ??= new LineCounter(r.output)).position(r.toOutput(p.start)) : { line: p.line, col: p.col });
    for (const p of r.applied) findings.push({ path: byPath.get(p.path) ?? path, ...at(p), severity: p.severity, message: p.message, ruleId: p.ruleId, fixable: true });
    for (const p of r.remaining) findings.push({ path: byPath.get(p.path) ?? path, ...at(p), severity: p.severity, message: p.message, ruleId: p.ruleId, fixable: false });
    findings.sort((a, b) => a.line - b.line || a.col - b.col);
    const failed = r.file.readError !== undefined || r.diagnostics.some((d) => d.severity === 'error');
    return { path, changed: r.changed, failed, findings };
  });
  // Problems with no file of their own, such as a pattern that matches nothing.
  const known = new Set(result.files.map((r) => r.file.path));
  const orphans = new Map<string, FileReport>();
  for (const d of projectDiags.filter((x) => !known.has(x.path))) {
    const path = relative(cwd, d.path) || d.path;
    const report = orphans.get(d.path) ?? { path, changed: false, failed: false, findings: [] };
    report.findings.push({ path, line: 1, col: 1, severity: d.severity, message: d.message, ruleId: 'include', fixable: false });
    report.failed ||= d.severity === 'error';
    orphans.set(d.path, report);
  }
  return [...reports, ...orphans.values()];
}

const READ_CODES = new Set(['READ_ERROR', 'BINARY_FILE']);

/** Findings that keep `check` from passing: errors and warnings, not info. */
export function blocking(f: Finding): boolean {
  return f.severity !== 'info';
}
