/**
 * `--format html`: one self-contained page for a change ticket. No script, no font, no request:
 * the style is inline and a Content-Security-Policy forbids loading anything else. It holds the
 * summary, every changed file as a diff with its findings at their lines, the findings of the
 * other files with their lines, and every access section's proof as a table of requests with the
 * 2.2 and the 2.4 answer side by side (a refused section's counterexample highlighted).
 */
import { Chalk } from 'chalk';
import { linePatch } from '../diff/line-patch.js';
import type { FileReport, Finding } from './findings.js';
import type { SectionProof } from './access-proof.js';
import { findingParts } from './message.js';
import { summary, type StylishMode } from './stylish.js';
import { readableText } from './escape.js';
import type { Sink } from './sink.js';

export interface HtmlFile {
  report: FileReport;
  /** The file as read and as migrated (one character per byte). */
  before: string;
  after: string;
}

export interface HtmlInput {
  mode: StylishMode;
  files: HtmlFile[];
  proofs: SectionProof[];
  /** The arguments that name the tree, shell-quoted. */
  args: string;
}

/** HTML text: markup escaped, control bytes shown as \xNN. */
export function esc(s: string): string {
  return s
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1f2328;background:#fff}
main{max-width:1200px;margin:0 auto;padding:16px 24px}
h1{font-size:22px;margin:8px 0}h2{font-size:17px;margin:28px 0 8px;padding-top:8px;border-top:1px solid #d0d7de}
h3{font-size:15px;margin:18px 0 6px}
code,pre,.code{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;font-size:12.5px}
pre{background:#f6f8fa;padding:8px;margin:4px 0;overflow-x:auto;white-space:pre-wrap}
table{border-collapse:collapse;margin:6px 0;width:100%}
th,td{border:1px solid #d0d7de;padding:3px 6px;text-align:left;vertical-align:top}
th{background:#f6f8fa}
.summary p{margin:2px 0}.cmd{background:#f6f8fa;padding:2px 6px}
table.diff td{border:none;padding:0 6px;white-space:pre-wrap}
table.diff td.n{color:#8c959f;text-align:right;width:1%;user-select:none}
tr.add td{background:#e6ffec}tr.del td{background:#ffebe9}tr.hunk td{background:#ddf4ff;color:#57606a}
tr.finding td{background:#fff8c5;white-space:normal;font-family:system-ui,sans-serif}
tr.finding td:first-child{border-left:3px solid #d4a72c}
tr.finding.error td{background:#ffebe9}tr.finding.error td:first-child{border-left-color:#cf222e}
tr.finding.info td{background:#ddf4ff}tr.finding.info td:first-child{border-left-color:#0969da}
.sev{font-weight:600;text-transform:uppercase;font-size:11px;margin-right:6px}
.rule{color:#57606a;font-size:12px;margin-left:6px}.detail{color:#57606a;margin:2px 0 0}
.detail li{margin:0}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;color:#fff}
.proven .badge{background:#1a7f37}.refused .badge{background:#cf222e}
.proof{border:1px solid #d0d7de;border-radius:6px;padding:4px 12px 10px;margin:12px 0}
.proof.refused{border-color:#cf222e}
.reason{background:#ffebe9;border-left:4px solid #cf222e;padding:6px 10px;margin:6px 0}
tr.counterexample td{background:#ffebe9;font-weight:600}
tr.counterexample td.mark{color:#cf222e}
td.mark{white-space:nowrap}
ul.findings{padding-left:18px}
`;

function findingHtml(f: Finding, mode: StylishMode): string {
  const { headline, body } = findingParts(f.message, f.ruleId);
  const detail = body.map((b) => `${b.text ? `<div>${esc(b.text)}</div>` : ''}${b.items.length ? `<ul>${b.items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>` : ''}`).join('');
  return `<span class="sev">${esc(f.severity)}</span><strong>${esc(headline)}</strong>${f.fixable ? ` <em>(${mode === 'check' ? 'fixable' : 'fixed'})</em>` : ''}<span class="rule">${esc(f.ruleId)}</span>`
    + (detail ? `<div class="detail">${detail}</div>` : '');
}

function findingRow(f: Finding, mode: StylishMode): string {
  return `<tr class="finding ${esc(f.severity)}"><td class="n">${f.line}:${f.col}</td><td class="n"></td><td>${findingHtml(f, mode)}</td></tr>`;
}

/** A changed file as a diff, each finding placed under the line it points at, a row a piece; gives the findings placed. */
function diffHtml(out: Sink, file: HtmlFile, mode: StylishMode): Set<Finding> {
  const patch = linePatch(file.before, file.after, 3);
  const byLine = new Map<number, Finding[]>();
  for (const f of file.report.findings) byLine.set(f.line, [...(byLine.get(f.line) ?? []), f]);
  // Findings point into the file as read (check, diff) or as written (write).
  const side = mode === 'write' ? 'new' : 'old';
  const placed = new Set<Finding>();
  out('<table class="diff">');
  for (const h of patch.hunks) {
    out(`<tr class="hunk"><td class="n">…</td><td class="n">…</td><td>@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@</td></tr>`);
    let o = h.oldStart;
    let n = h.newStart;
    for (const l of h.lines) {
      const kind = l[0];
      if (kind === '\\') continue;
      const text = l.slice(1);
      const cls = kind === '+' ? 'add' : kind === '-' ? 'del' : 'ctx';
      out(`<tr class="${cls}"><td class="n">${kind === '+' ? '' : o}</td><td class="n">${kind === '-' ? '' : n}</td><td class="code">${esc(kind + readableText(text))}</td></tr>`);
      const at = side === 'old' ? (kind === '+' ? null : o) : (kind === '-' ? null : n);
      if (at !== null) {
        for (const f of byLine.get(at) ?? []) {
          if (placed.has(f)) continue;
          placed.add(f);
          out(findingRow(f, mode));
        }
      }
      if (kind !== '+') o++;
      if (kind !== '-') n++;
    }
  }
  out('</table>');
  return placed;
}

/** Findings outside the diff, each with the line it points at, a row a piece. */
function findingList(out: Sink, findings: readonly Finding[], text: string, mode: StylishMode): void {
  if (!findings.length) return;
  const lines = text.split('\n');
  out('<table class="diff">');
  for (const f of findings) {
    const src = lines[f.line - 1];
    out((src !== undefined && f.ruleId !== 'io' ? `<tr class="ctx"><td class="n">${f.line}</td><td class="n"></td><td class="code">${esc(readableText(src.replace(/\r$/, '')))}</td></tr>` : '') + findingRow(f, mode));
  }
  out('</table>');
}

function proofHtml(p: SectionProof, id: string): string {
  const refused = p.verdict === 'refused';
  const verdict = refused
    ? 'Refused: the section is left as it is'
    : p.unchanged
      ? 'Proven as written: every request gets the same answer from these lines in 2.4 as in 2.2, so the section is left as it is'
      : 'Proven: every request gets the same answer in 2.4 as in 2.2';
  const rows = p.rows.map((r) => `<tr class="${r.differs ? 'counterexample' : 'same'}"><td class="code">${esc(r.path)}${r.vhost ? `<br><small>&lt;VirtualHost ${esc(r.vhost)}&gt;</small>` : ''}</td><td>${esc(r.method)}</td><td class="code">${esc(r.client)}</td><td>${esc(r.credentials)}</td><td>${esc(r.before)}</td><td>${esc(r.after)}</td><td class="mark">${r.differs ? '✖ differs' : '✔ same'}</td></tr>`).join('');
  const count = `${p.total} representative request${p.total === 1 ? '' : 's'} reach this section; ${p.differing} get${p.differing === 1 ? 's' : ''} a different answer${p.rows.length < p.total ? ` (${p.rows.length} shown${p.differing ? ', those that differ first' : ''})` : ''}.`;
  return `<div class="proof ${p.verdict}" id="${id}"><h3>${esc(p.section)} <small>${esc(p.file)}:${p.line}</small> <span class="badge">${refused ? 'refused' : 'proven'}</span></h3>
<p>${verdict}.</p>
${refused && p.reason ? `<div class="reason"><strong>Counterexample:</strong> ${esc(p.reason)}</div>` : ''}
${refused && !p.alone ? '<p>This rewrite changes no answer alone; it does together with the other refused rewrites of the tree, which is how the prover tried them. The 2.4 answers below are of all of them put in.</p>' : ''}
${p.rewrite.length ? `<div>${refused ? 'The 2.4 rewrite that was refused' : p.unchanged ? 'Its lines, as 2.4 reads them' : 'The 2.4 rewrite'}:</div><pre>${esc(p.rewrite.join('\n'))}</pre>` : ''}
${p.total ? `<table class="requests"><thead><tr><th>Path</th><th>Method</th><th>Client</th><th>Credentials</th><th>2.2 answer (original)</th><th>2.4 answer (${!refused ? (p.unchanged ? 'as written' : 'rewrite') : p.alone ? 'refused rewrite' : 'refused rewrites together'})</th><th></th></tr></thead><tbody>${rows}</tbody></table><p><small>${esc(count)}</small></p>` : '<p><small>No representative request reaches this section.</small></p>'}
</div>`;
}

export function htmlReport(out: Sink, input: HtmlInput): void {
  const reports = input.files.map((f) => f.report);
  const plain = new Chalk({ level: 0 });
  const sum = summary(reports, { color: 0, mode: input.mode, args: input.args }, plain);
  const proofId = new Map(input.proofs.map((p, i) => [p, `access-${i + 1}`]));
  const fileId = new Map(input.files.map((f, i) => [f.report.path, `file-${i + 1}`]));
  const count = (r: FileReport, s: Finding['severity']) => r.findings.filter((f) => f.severity === s).length;
  // Each file's proofs, looked up (a tree of 10,000 files and 20,000 sections was a filter of every proof for each file).
  const byFile = new Map<string, SectionProof[]>();
  for (const p of input.proofs) {
    const list = byFile.get(p.file);
    if (list) list.push(p); else byFile.set(p.file, [p]);
  }
  const proofsOf = (path: string) => byFile.get(path) ?? [];
  const proven = input.proofs.filter((p) => p.verdict === 'proven').length;
  const unchanged = input.proofs.filter((p) => p.unchanged).length;
  out(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>httpd-migrate report</title><style>${STYLE}</style></head>
<body><main>
<h1>httpd-migrate: Apache httpd 2.2 → 2.4 migration report</h1>
<p>Command: <code class="cmd">${esc(`httpd-migrate ${input.mode} ${input.args}`)}</code></p>
<section class="summary" id="summary"><h2>Summary</h2>${sum.map((l) => `<p>${esc(l)}</p>`).join('')}
<p>Access control: ${input.proofs.length} section${input.proofs.length === 1 ? '' : 's'} checked, ${proven - unchanged} proven and rewritten, ${unchanged ? `${unchanged} proven as written (left as they are), ` : ''}${input.proofs.length - proven} refused and left as they are.</p>
<table><thead><tr><th>File</th><th>Status</th><th>Errors</th><th>Warnings</th><th>Info</th><th>Access sections</th></tr></thead><tbody>`);
  for (const f of input.files) {
    const r = f.report;
    const ps = proofsOf(r.path);
    const status = r.failed ? 'not processed' : r.changed ? (input.mode === 'write' ? 'changed' : 'would change') : 'unchanged';
    out(`<tr><td><a href="#${fileId.get(r.path)}">${esc(r.path)}</a></td><td>${status}</td><td>${count(r, 'error')}</td><td>${count(r, 'warning')}</td><td>${count(r, 'info')}</td><td>${ps.filter((p) => p.verdict === 'proven').length} proven, ${ps.filter((p) => p.verdict === 'refused').length} refused</td></tr>`);
  }
  out('</tbody></table>\n<h3>Access sections</h3>');
  if (input.proofs.length) {
    out('<table><thead><tr><th>Section</th><th>Where</th><th>Verdict</th><th>Requests</th></tr></thead><tbody>');
    for (const p of input.proofs) out(`<tr class="${p.verdict === 'refused' ? 'counterexample' : ''}"><td class="code"><a href="#${proofId.get(p)}">${esc(p.section)}</a></td><td>${esc(p.file)}:${p.line}</td><td>${p.unchanged ? 'proven as written' : p.verdict}</td><td>${p.total} (${p.differing} differ${p.verdict === 'proven' ? '' : ' under the refused rewrite'})</td></tr>`);
    out('</tbody></table>');
  } else {
    out('<p>No access-control section to rewrite.</p>');
  }
  out('\n</section>\n');
  input.files.forEach((f, i) => {
    const r = f.report;
    out(`${i ? '\n' : ''}<section class="file" id="${fileId.get(r.path)}"><h2>${esc(r.path)}</h2>`);
    let rest: Finding[] = r.findings;
    if (r.changed) {
      out('<h3>Changes</h3>');
      const placed = diffHtml(out, f, input.mode);
      rest = r.findings.filter((x) => !placed.has(x));
    }
    if (rest.length) {
      out(`<h3>${r.changed ? 'Other findings' : 'Findings'}</h3>`);
      findingList(out, rest, input.mode === 'write' ? f.after : f.before, input.mode);
    }
    if (!r.changed && !r.findings.length) out('<p>Nothing to change.</p>');
    const ps = proofsOf(r.path);
    if (ps.length) {
      out('<h3>Access control</h3>');
      for (const p of ps) out(proofHtml(p, proofId.get(p)!));
    }
    out('</section>');
  });
  out('\n</main></body></html>\n');
}
