/**
 * GitHub Actions workflow commands: one `::error` / `::warning` / `::notice` line per finding, which
 * the runner shows as an annotation on the file and line.
 * https://docs.github.com/actions/reference/workflow-commands-for-github-actions
 */
import type { Severity } from '../ast/nodes.js';
import type { FileReport } from './findings.js';
import { escapeControls } from './escape.js';
import type { Sink } from './sink.js';

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/**
 * The message part: `%`, CR and LF escaped (as @actions/core does), and every other control character shown
 * as `\e`, `\x07`… (escape.ts; tab stays, and CR and LF go as `%0D` `%0A`): the runner prints the message into
 * the job's log, where an ESC or OSC sequence from a file name or a directive's words would otherwise be obeyed.
 */
export function escapeData(s: string): string {
  return escapeControls(s, '\t\r\n').replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value: also `:` and `,`, which separate properties. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function githubReport(out: Sink, reports: readonly FileReport[]): void {
  for (const r of reports) {
    for (const f of r.findings) {
      const props = [
        `file=${escapeProperty(f.path)}`, `line=${f.line}`, `col=${f.col}`, `endLine=${f.endLine}`,
        ...(f.endLine === f.line ? [`endColumn=${f.endCol}`] : []),
        `title=${escapeProperty(`httpd-migrate ${f.ruleId}${f.fixable ? ' (fixable)' : ''}`)}`,
      ];
      out(`::${COMMAND[f.severity]} ${props.join(',')}::${escapeData(f.message)}\n`);
    }
  }
}
