/** Machine output: one JSON document with every file, its findings and (for diff) its patch. */
import type { FileReport, Finding } from './findings.js';
import { ruleDocRef } from './rule-docs.js';
import { allRules } from '../../rules/index.js';

export interface JsonReport {
  version: 1;
  command: string;
  files: (Omit<FileReport, 'findings'> & { findings: JsonFinding[]; diff?: string })[];
  summary: { files: number; changed: number; failed: number; errors: number; warnings: number; info: number; fixable: number };
  exitCode: number;
}

/** A finding of a rule points at the rule's doc; input problems (syntax, include, io, httpd) have none. */
export type JsonFinding = Finding & { docs?: { command: string; file: string } };

const RULE_IDS = new Set(allRules.map((r) => r.meta.id));

export function jsonReport(command: string, reports: (FileReport & { diff?: string })[], exitCode: number): string {
  const all = reports.flatMap((r) => r.findings);
  const doc: JsonReport = {
    version: 1,
    command,
    files: reports.map((r) => ({ ...r, findings: r.findings.map((f) => (RULE_IDS.has(f.ruleId) ? { ...f, docs: ruleDocRef(f.ruleId) } : f)) })),
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
