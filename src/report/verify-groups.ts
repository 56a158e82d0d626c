/**
 * `verify` for a person: the requests whose answer changes, grouped by what they ask for
 * (virtual host, method, path) and the answers they get, with the clients listed below,
 * wrapped to the width. `--format json` keeps every row.
 */
import type { VerifyRow } from '../access/compare/index.js';
import { wrap } from './wrap.js';

export interface VerifyGroup {
  vhost: string;
  method: string;
  path: string;
  before: string;
  after: string;
  clients: string[];
}

export function groupRows(rows: readonly VerifyRow[]): VerifyGroup[] {
  const groups = new Map<string, VerifyGroup>();
  for (const r of rows) {
    const key = [r.vhost, r.method, r.path, r.before, r.after].join('\0');
    const g = groups.get(key) ?? { vhost: r.vhost, method: r.method, path: r.path, before: r.before, after: r.after, clients: [] };
    g.clients.push(r.client);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** Clients listed per group before the rest are counted. */
const MAX_CLIENTS = 8;

export function formatGroups(rows: readonly VerifyRow[], width = 100): string {
  const out: string[] = [];
  const push = (text: string, indent: string) => {
    for (const l of wrap(text, width - indent.length)) out.push(`${indent}${l}`);
  };
  for (const g of groupRows(rows)) {
    push(`${g.method} ${g.path}${g.vhost ? ` on <VirtualHost ${g.vhost}>` : ''}`, '');
    push(`2.2: ${g.before}  →  2.4: ${g.after}`, '    ');
    push(`for ${g.clients.length} client${g.clients.length === 1 ? '' : 's'}:`, '    ');
    for (const c of g.clients.slice(0, MAX_CLIENTS)) push(c, '      ');
    if (g.clients.length > MAX_CLIENTS) push(`… and ${g.clients.length - MAX_CLIENTS} more (all rows: --format json)`, '      ');
  }
  return out.join('\n') + '\n';
}
