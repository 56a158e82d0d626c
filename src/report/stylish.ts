/**
 * Human output, as ESLint's stylish formatter lays it out: findings grouped under each file,
 * `line:col  severity  headline  rule-id` aligned, the rest of the message below (wrapped to the
 * terminal width on a terminal, whole lines otherwise), then a summary of what is fixed, what
 * remains and the command to run next.
 */
import { Chalk } from 'chalk';
import type { FileReport, Finding } from './findings.js';
import { findingParts } from './message.js';
import { wrap } from './wrap.js';
import { escapeControls } from './escape.js';

export type StylishMode = 'check' | 'diff' | 'write';

export interface StylishOptions {
  color: 0 | 1;
  /** check: nothing is written yet. diff: the patch holds the fixes. write: the fixes are on disk. */
  mode: StylishMode;
  /** The terminal's width; undefined (not a terminal) prints each paragraph on one line. */
  width?: number;
  /** The command-line arguments that name the tree, shell-quoted, for the next-step commands. */
  args?: string;
  /** The input is standard input ('-'): write cannot write it back, so the next step is the patch. */
  stdin?: boolean;
  /** How many warnings and notes --quiet left out (so a clean summary does not say there were none). */
  hidden?: number;
}

type Paint = InstanceType<typeof Chalk>;

/** Headlines longer than this do not set the rule-id column. */
const ALIGN_MAX = 64;

/**
 * Findings the listing shows: after diff and write, the fixed ones are in the patch or on disk, except a
 * fix of severity warning (a fix rule reports errors by default): one that leaves a difference from 2.2
 * the user should know of (no-default-type's removed line), shown once, marked fixed, since a later
 * check can no longer see it.
 */
function listed(f: Finding, mode: StylishMode, report: FileReport): boolean {
  return mode === 'check' || !f.fixable || !fixedIn(report) || caveat(f);
}

/** A fixed finding that stays listed: its fix leaves a difference from 2.2 (see listed). */
const caveat = (f: Finding) => f.fixable && f.severity === 'warning';

/** Whether the fixable findings of a file are fixed (write) or in the patch (diff): not when it failed (not read, not written, left out of the patch). */
function fixedIn(report: FileReport): boolean {
  return !report.failed;
}

function severityText(f: Finding, chalk: Paint): string {
  return f.severity === 'error' ? chalk.red('error') : f.severity === 'warning' ? chalk.yellow('warning') : chalk.blue('info');
}

/** One file's block: its path, then each finding. Lengths are measured before colour is added. */
function fileBlock(report: FileReport, findings: Finding[], options: StylishOptions, chalk: Paint): string[] {
  const pos = (f: Finding) => `${f.line}:${f.col}`;
  const posWidth = Math.max(...findings.map((f) => pos(f).length));
  const sevWidth = Math.max(...findings.map((f) => f.severity.length));
  const indent = 2 + posWidth + 2 + sevWidth + 2;
  const room = options.width === undefined ? Infinity : Math.max(20, options.width - indent);
  // Each message is split once: a tree of 10,000 vhosts has tens of thousands of findings.
  const parts = findings.map((f) => findingParts(escapeControls(f.message), f.ruleId));
  // A fixable finding: fixable before the run, fixed or in the patch after it (only a caveat is listed then).
  const mark = options.mode === 'check' ? ' (fixable)' : !fixedIn(report) ? '' : options.mode === 'write' ? ' (fixed)' : ' (in the patch)';
  const heads = findings.map((f, i) => parts[i]!.headline + (f.fixable ? mark : ''));
  const fits = (h: string, f: Finding) => h.length + 2 + f.ruleId.length <= room;
  // Rule ids line up in one column, as far as the width allows; a long headline does not push it out.
  const column = Math.max(0, ...heads.filter((h, i) => fits(h, findings[i]!) && h.length <= ALIGN_MAX).map((h) => h.length));
  const pad = ' '.repeat(indent);
  const out = wrap(escapeControls(report.path), options.width ?? Infinity).map((l) => chalk.underline(l));
  findings.forEach((f, i) => {
    const head = heads[i]!;
    const lead = `  ${pos(f).padStart(posWidth)}  ${severityText(f, chalk)}${' '.repeat(sevWidth - f.severity.length)}  `;
    const rule = chalk.dim(f.ruleId);
    if (fits(head, f)) {
      const gap = head.length <= column && column + 2 + f.ruleId.length <= room ? column - head.length + 2 : 2;
      out.push(`${lead}${head}${' '.repeat(gap)}${rule}`);
    } else {
      const lines = wrap(head, room);
      const last = lines.pop()!;
      lines.forEach((l, j) => out.push(`${j === 0 ? lead : pad}${l}`));
      const first = lines.length === 0 ? lead : pad;
      if (last.length + 2 + f.ruleId.length <= room) out.push(`${first}${last}  ${rule}`);
      else out.push(`${first}${last}`, `${pad}${' '.repeat(Math.max(0, room - f.ruleId.length))}${rule}`);
    }
    for (const block of parts[i]!.body) {
      if (block.text) for (const l of wrap(block.text, room)) out.push(chalk.dim(`${pad}${l}`));
      for (const item of block.items) {
        wrap(item, room - 2).forEach((l, j) => out.push(chalk.dim(`${pad}${j === 0 ? '- ' : '  '}${l}`)));
      }
    }
  });
  return out;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function bySeverity(fs: readonly Finding[]): string {
  const n = (s: Finding['severity']) => fs.filter((f) => f.severity === s).length;
  return `${plural(n('error'), 'error')}, ${plural(n('warning'), 'warning')}, ${n('info')} info`;
}

/** The summary: what is (or would be) fixed, what remains, and the command to run next. */
export function summary(reports: readonly FileReport[], options: StylishOptions, chalk: Paint): string[] {
  const all = reports.flatMap((r) => r.findings);
  const fixed = options.mode === 'check' ? all.filter((f) => f.fixable)
    : reports.filter((r) => fixedIn(r)).flatMap((r) => r.findings.filter((f) => f.fixable));
  const remaining = options.mode === 'check' ? all.filter((f) => !f.fixable)
    : reports.flatMap((r) => r.findings.filter((f) => !f.fixable || !fixedIn(r)));
  const changed = reports.filter((r) => r.changed).length;
  const failed = reports.filter((r) => r.failed).length;
  const files = plural(reports.length, 'file');
  const cmd = (verb: string) => chalk.bold(`httpd-migrate ${verb}${options.args ? ` ${escapeControls(options.args)}` : ''}`);
  const out: string[] = [];
  const mark = (fs: readonly Finding[]) => (failed || fs.some((f) => f.severity === 'error') ? chalk.red('✖')
    : fs.some((f) => f.severity === 'warning') ? chalk.yellow('⚠') : chalk.blue('ℹ'));
  if (options.mode === 'check') {
    if (all.length === 0 && !failed) {
      const clean = `${chalk.green('✔')} No ${options.hidden ? 'errors' : 'problems'} in ${files}${options.hidden ? ` (${options.hidden} ${options.hidden === 1 ? 'warning or note' : 'warnings or notes'} left out by --quiet)` : ''}.`;
      if (!changed) return [clean];
      // Changes pending (exit 1) with no finding listed: the fixes of warnings --quiet left out.
      out.push(clean, `  ${plural(changed, 'file')} would change, by the fixes of findings left out by --quiet.`);
    }
    if (all.length) out.push(`${mark(all)} ${plural(all.length, 'problem')} (${bySeverity(all)}) in ${files}.`);
    if (fixed.length) out.push(`  ${fixed.length} fixable: ${plural(changed, 'file')} would change; ${remaining.length} to handle by hand.`);
  } else {
    const done = options.mode === 'write' ? 'Fixed' : 'The patch fixes';
    const where = options.mode === 'write' ? `in ${changed} of ${files}` : `in ${plural(changed, 'file')}`;
    const noted = fixed.filter(caveat).length;
    if (fixed.length || changed) out.push(`${chalk.green('✔')} ${done} ${plural(fixed.length, 'problem')} ${where}${noted ? ` (${noted} listed above: ${noted === 1 ? 'its fix leaves' : 'their fixes leave'} a difference from 2.2)` : ''}.`);
    if (remaining.length) out.push(`${mark(remaining)} ${plural(remaining.length, 'problem')} remain${remaining.length === 1 ? 's' : ''} (${bySeverity(remaining)}), listed above.`);
    else if (!failed) out.push(`${chalk.green('✔')} Nothing remains to do${options.mode === 'diff' && changed ? ' once the patch is applied' : ''}.`);
  }
  if (failed) out.push(chalk.red(`✖ ${plural(failed, 'file')} not processed (see the errors above).`));
  const next = nextStep(options.mode, changed, remaining, cmd, options.stdin ?? false);
  if (next) out.push(`Next: ${next}`);
  return out;
}

function nextStep(mode: StylishMode, changed: number, remaining: readonly Finding[], cmd: (verb: string) => string, stdin: boolean): string | null {
  const handWork = remaining.some((f) => f.severity !== 'info');
  if (mode === 'check' && changed) {
    return stdin ? `run ${cmd('diff')} with the same input for the patch, and apply it with git apply (write cannot write standard input back).`
      : `run ${cmd('diff')} to review the changes, then ${cmd('write')} to apply them.`;
  }
  if (mode === 'diff' && changed) {
    return stdin ? 'apply the patch with git apply (write cannot write standard input back).' : `run ${cmd('write')} to apply the changes (or apply the patch with git apply).`;
  }
  if (handWork) return `handle the findings above by hand, then run ${cmd('check')} to confirm.`;
  return null;
}

/**
 * The text in pieces, one per file and then the summary, to be written as they are made: on 50,000
 * vhosts the whole is 35 MB, which as one string (and then its bytes) would be held at once.
 */
export function* stylish(reports: FileReport[], options: StylishOptions): Generator<string> {
  const chalk = new Chalk({ level: options.color });
  // Every line ends with a newline; a file's block is followed by an empty line.
  const text = (lines: string[]) => `${lines.join('\n')}\n`;
  let wrote = false;
  for (const r of reports) {
    const findings = r.findings.filter((f) => listed(f, options.mode, r));
    if (findings.length) {
      yield text([...fileBlock(r, findings, options, chalk), '']);
      wrote = true;
    }
  }
  const tail = summary(reports, options, chalk).flatMap((l) => (options.width === undefined ? [l] : wrapStyled(l, options.width)));
  if (tail.length || !wrote) yield text(tail);
}

/** Wraps a summary line (which may hold colour codes) to the width, continuation lines indented. */
function wrapStyled(line: string, width: number): string[] {
  // eslint-disable-next-line no-control-regex
  const plain = line.replace(/\x1b\[[0-9;]*m/g, '');
  if (plain.length <= width) return [line];
  return wrap(plain, width - 2).map((l, i) => (i === 0 ? l : `  ${l}`));
}
