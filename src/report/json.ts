/** Machine output: one JSON document with every file, its findings and (for diff) its patch. */
import type { FileReport } from './findings.js';

export interface JsonReport {
  version: 1;
  command: string;
  files: (FileReport & { diff?: string })[];
  summary: { files: number; changed: number; failed: number; errors: number; warnings: number; info: number; fixable: number };
  exitCode: number;
}

export function jsonReport(command: string, reports: (FileReport & { diff?: string })[], exitCode: number): string {
  const all = reports.flatMap((r) => r.findings);
  const doc: JsonReport = {
    version: 1,
    command,
    files: reports,
    summary: {
      files: reports.length,
      changed: reports.filter((r) => r.changed).length,
      failed: reports.filter((r) => r.failed).length,
      errors: all.filter((f) => f.severity === 'error').length,
      warnings: all.filter((f) => f.severity === 'warning').length,
      info: all.filter((f) => f.severity === 'info').length,
      fixable: all.filter((f) => f.fixable).length,
    },
    exitCode,
  };
  return JSON.stringify(doc, null, 2) + '\n';
}
