/** `httpd-migrate explain "<message>"`: the cause, remedy and rules for an httpd start-up or log message. */
import { explain } from '../../explain/messages.js';
import type { Io } from '../io.js';

export function runExplainCommand(message: string, format: 'stylish' | 'json', io: Io): number {
  const entries = explain(message);
  if (format === 'json') {
    io.stdout.write(JSON.stringify(entries.map(({ pattern, ...e }) => ({ ...e, pattern: pattern.source })), null, 2) + '\n');
    return entries.length ? 0 : 1;
  }
  if (entries.length === 0) {
    io.stdout.write('No known 2.2 → 2.4 cause for this message. Run `httpd-migrate check` on the tree to find what still needs migrating.\n');
    return 1;
  }
  for (const e of entries) {
    io.stdout.write(`${e.id}\n  cause:  ${e.cause}\n  remedy: ${e.remedy}\n`);
    if (e.ruleIds.length) io.stdout.write(`  rules:  ${e.ruleIds.join(', ')}\n`);
  }
  return 0;
}
