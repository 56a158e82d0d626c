/** Machine output: one JSON document with every file, its findings and (for diff) its patch. */
import type { FileReport } from './findings.js';
import { type Sink, writeJson } from './sink.js';

type JsonFile = FileReport & { diff?: string; findings: (FileReport['findings'][number] & { fixed: boolean })[] };

/**
 * A change to Debian's module layout (a2enmod/a2dismod): a mods-enabled/ symlink made or removed, or a new .load
 * file. Not in any file's diff, so a reader applying the files' diffs alone would leave the modules as they were.
 */
export interface JsonLayoutChange {
  kind: 'link' | 'unlink' | 'create';
  /** As shown to users (relative to the working directory when below it). */
  path: string;
  /** link, unlink: what the symlink points at. */
  target?: string;
  /** diff only: the patch that makes the change, as printed. */
  diff?: string;
}

export interface JsonReport {
  version: 1;
  command: string;
  files: JsonFile[];
  layout: JsonLayoutChange[];
  summary: { files: number; changed: number; failed: number; errors: number; warnings: number; info: number; fixable: number; fixed: number };
  exitCode: number;
}

export function jsonReport(out: Sink, command: string, reports: (FileReport & { diff?: string })[], exitCode: number, layout: readonly JsonLayoutChange[] = []): void {
  // After write, a fixable finding of a file written is fixed: it is listed, marked, and not counted as left.
  const files: JsonFile[] = reports.map((r) => ({ ...r, findings: r.findings.map((f) => ({ ...f, fixed: command === 'write' && f.fixable && !r.failed })) }));
  const all = files.flatMap((r) => r.findings);
  const left = all.filter((f) => !f.fixed);
  const doc: JsonReport = {
    version: 1,
    command,
    files,
    layout: [...layout],
    summary: {
      files: reports.length,
      changed: reports.filter((r) => r.changed).length,
      failed: reports.filter((r) => r.failed).length,
      errors: left.filter((f) => f.severity === 'error').length,
      warnings: left.filter((f) => f.severity === 'warning').length,
      info: left.filter((f) => f.severity === 'info').length,
      fixable: all.filter((f) => f.fixable).length,
      fixed: all.filter((f) => f.fixed).length,
    },
    exitCode,
  };
  // Pieces down to the members of each finding (each member's value is written whole).
  writeJson(out, doc, 6);
  out('\n');
}
