/**
 * `httpd-migrate rules`: every rule with its kind and the upgrade-notes row it implements.
 * `httpd-migrate rules <id>`: that rule's doc (what, why, the row, examples before and after).
 */
import { allRules } from '../../../rules/index.js';
import type { Io } from '../io.js';
import { colorLevel, outputWidth } from '../io.js';
import { UsageError } from '../errors.js';
import { ruleDoc, ruleDocRef } from '../../report/rule-docs.js';
import { markdownToTerminal } from '../../report/markdown.js';

export function runRulesCommand(format: 'stylish' | 'json', io: Io, id?: string, color?: boolean): number {
  if (id !== undefined) return showRule(id, format, io, color);
  const rows = allRules.map((r) => ({ id: r.meta.id, kind: r.meta.kind, row: r.meta.row, description: r.meta.description, docs: ruleDocRef(r.meta.id) }));
  if (format === 'json') {
    io.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    return 0;
  }
  const width = Math.max(...rows.map((r) => r.id.length));
  for (const r of rows) io.stdout.write(`${r.id.padEnd(width)}  ${r.kind.padEnd(7)}  ${r.row}\n`);
  io.stdout.write(`\n${rows.length} rules. Kinds: fix = rewritten by write; suggest = with --apply-suggestions; report = a finding with its remedy.\n`
    + 'Run httpd-migrate rules <id> for a rule\'s doc: what it does, why, and examples.\n');
  return 0;
}

function showRule(id: string, format: 'stylish' | 'json', io: Io, color?: boolean): number {
  const rule = allRules.find((r) => r.meta.id === id);
  if (!rule) throw new UsageError(`unknown rule id: ${id} (httpd-migrate rules lists them)`);
  const doc = ruleDoc(id);
  if (doc === null) throw new Error(`the doc of rule ${id} (rules/${id}.md) is missing from this installation`);
  if (format === 'json') {
    io.stdout.write(JSON.stringify({ ...rule.meta, docs: ruleDocRef(id), markdown: doc }, null, 2) + '\n');
    return 0;
  }
  io.stdout.write(markdownToTerminal(doc, { color: colorLevel(io.stdout, io.env, color), width: outputWidth(io.stdout) }));
  return 0;
}
