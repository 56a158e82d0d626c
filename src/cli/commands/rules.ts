/** `httpd-migrate rules`: every rule with its kind and the upgrade-notes row it implements. */
import { allRules } from '../../../rules/index.js';
import type { Io } from '../io.js';

export function runRulesCommand(format: 'stylish' | 'json', io: Io): number {
  const rows = allRules.map((r) => ({ id: r.meta.id, kind: r.meta.kind, row: r.meta.row, description: r.meta.description }));
  if (format === 'json') {
    io.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    return 0;
  }
  const width = Math.max(...rows.map((r) => r.id.length));
  for (const r of rows) io.stdout.write(`${r.id.padEnd(width)}  ${r.kind.padEnd(7)}  ${r.row}\n`);
  io.stdout.write(`\n${rows.length} rules. Kinds: fix = rewritten by write; suggest = with --apply-suggestions; report = a finding with its remedy.\n`);
  return 0;
}
