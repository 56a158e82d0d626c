/** Human output: `file:line:col  severity  message  rule-id`, then a summary. */
import { Chalk } from 'chalk';
import type { FileReport, Finding } from './findings.js';
import { escapeControls } from './escape.js';

export interface StylishOptions {
  color: 0 | 1;
  /** What the summary says about changed files: `would change` (check, diff) or `changed` (write). */
  changedVerb: string;
  /** List only the findings that are not fixed (diff shows the fixes as the patch); the summary still counts all. */
  hideFixable?: boolean;
}

export function formatFinding(f: Finding, chalk: InstanceType<typeof Chalk>): string {
  const sev = f.severity === 'error' ? chalk.red('error') : f.severity === 'warning' ? chalk.yellow('warning') : chalk.blue('info');
  const fix = f.fixable ? chalk.green(' (fixable)') : '';
  return `${escapeControls(f.path)}:${f.line}:${f.col}  ${sev}  ${escapeControls(f.message)}${fix}  ${chalk.dim(f.ruleId)}`;
}

export function stylish(reports: FileReport[], options: StylishOptions): string {
  const chalk = new Chalk({ level: options.color });
  const out: string[] = [];
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  let fixable = 0;
  for (const r of reports) {
    for (const f of r.findings) {
      if (!(options.hideFixable && f.fixable)) out.push(formatFinding(f, chalk));
      if (f.severity === 'error') errors++;
      else if (f.severity === 'warning') warnings++;
      else infos++;
      if (f.fixable) fixable++;
    }
  }
  const changed = reports.filter((r) => r.changed).length;
  const failed = reports.filter((r) => r.failed).length;
  const total = errors + warnings + infos;
  const parts = [
    total === 0 ? 'no problems' : `${total} problem${total === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}, ${infos} info)`,
    `${fixable} fixable`,
    `${changed} of ${reports.length} file${reports.length === 1 ? '' : 's'} ${options.changedVerb}`,
  ];
  if (failed) parts.push(chalk.red(`${failed} not processed (see errors above)`));
  if (out.length) out.push('');
  out.push(`${total || failed ? chalk.red('✖') : chalk.green('✔')} ${parts.join(', ')}`);
  return out.join('\n') + '\n';
}
