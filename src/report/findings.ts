/** Everything a run found, flattened into one list of findings per file, for the reporters. */
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

export function collectFindings(result: MigrateResult): FileReport[] {
  const byPath = new Map(result.project.files.map((f) => [f.path, f.display]));
  const projectDiags = result.project.diagnostics;
  return result.files.map((r): FileReport => {
    const path = r.file.display;
    const findings: Finding[] = [];
    if (r.file.readError !== undefined) {
      findings.push({ path, line: 1, col: 1, severity: 'error', message: r.file.readError, ruleId: 'io', fixable: false });
    }
    const lines = new LineCounter(r.file.ast.text);
    for (const d of r.diagnostics) {
      findings.push({ path, ...lines.position(d.start), severity: d.severity, message: d.message, ruleId: 'syntax', fixable: false });
    }
    for (const d of projectDiags.filter((x) => x.path === r.file.path)) {
      findings.push({ path, ...lines.position(d.start), severity: d.severity, message: d.message, ruleId: 'include', fixable: false });
    }
    for (const p of r.applied) findings.push({ path: byPath.get(p.path) ?? path, line: p.line, col: p.col, severity: p.severity, message: p.message, ruleId: p.ruleId, fixable: true });
    for (const p of r.remaining) findings.push({ path: byPath.get(p.path) ?? path, line: p.line, col: p.col, severity: p.severity, message: p.message, ruleId: p.ruleId, fixable: false });
    findings.sort((a, b) => a.line - b.line || a.col - b.col);
    const failed = r.file.readError !== undefined || r.diagnostics.some((d) => d.severity === 'error');
    return { path, changed: r.changed, failed, findings };
  });
}

/** Findings that keep `check` from passing: errors and warnings, not info. */
export function blocking(f: Finding): boolean {
  return f.severity !== 'info';
}
