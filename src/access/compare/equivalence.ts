/** Comparing two models over the representative requests (semantics §4; docs/access-control.md). */
import { decide22, decide24 } from '../decide/index.js';
import type { Credentials, Model, Outcome, Request } from '../model/index.js';
import { eachRepresentative } from './partition.js';
import { describePath } from './probes.js';

export function decide(model: Model, req: Request): Outcome {
  return model.version === '2.2' ? decide22(model, req) : decide24(model, req);
}

export interface Difference {
  request: Request;
  before: Outcome;
  after: Outcome;
}

export interface Comparison {
  equivalent: boolean;
  /** The first differing request, when any. */
  counterexample: Difference | null;
  /** Every differing request (up to `limit`). */
  differences: Difference[];
  /** Why the partition may be incomplete, the requests not decided (model/undecided.ts) included. */
  gaps: string[];
  /** How many of the gaps are requests not decided: neither compared nor counted in `checked`. */
  undecided: number;
  checked: number;
}

/** Compares `before` and `after` on every representative request of the given contexts. */
export function compareModels(before: Model, after: Model, contexts?: readonly string[], limit = 1): Comparison {
  const differences: Difference[] = [];
  let checked = 0;
  // One gap per reason, named by its first request.
  const undecided = new Map<string, string>();
  const gaps = eachRepresentative([before, after], contexts, (request) => {
    checked++;
    const b = decide(before, request);
    const a = decide(after, request);
    if (b.status === a.status) return false;
    differences.push({ request, before: b, after: a });
    return differences.length >= limit;
  }, undefined, (gap, _probe, reason) => { if (!undecided.has(reason)) undecided.set(reason, gap); });
  gaps.push(...undecided.values());
  return { equivalent: differences.length === 0 && gaps.length === 0, counterexample: differences[0] ?? null, differences, gaps, undecided: undecided.size, checked };
}

const STATUS_TEXT: Record<number, string> = { 200: '200', 401: '401', 403: '403', 500: '500' };

/** "GET /admin from 10.0.0.5, no credentials" */
export function describeRequest(r: Request): string {
  const parts = [`${r.method} ${describePath(r)}`];
  if (r.vhost) parts.push(`on <VirtualHost ${r.vhost}>`);
  parts.push(`from ${r.ip}${r.host ? ` (${r.host})` : ''}`);
  if (r.env.length) parts.push(`with ${r.env.join(', ')} set`);
  const c = r.credentials;
  const creds = !c ? 'no credentials' : c.password === 'bad' ? `user ${c.user} with a wrong password` : `user ${c.user}${c.groups.length ? ` (groups ${c.groups.join(', ')})` : ''}${holdsText(c)}`;
  const root = r.docroot === undefined ? '' : `, if DocumentRoot is "${r.docroot || '/'}" (the files loaded set none)`;
  const ssl = r.sslRefused ? ', refused by SSLRequireSSL/SSLRequire (over plain HTTP, or failing the SSLRequire expression)' : '';
  // Where a path is probed both ways (Options stop the walk from taking a file for a directory there), which one this is.
  const plain = r.plainFile ? ', the path being a file (with the Options in force there, httpd does not take it for a directory)'
    : r.directory ? ', the path being a directory' : '';
  return `${parts.join(' ')}, ${creds}${ssl}${plain}${root}`;
}

/** The opaque properties a user was taken to have or lack, in words (only when a Require line names some). */
export function holdsText(c: Credentials): string {
  if (c.holds === undefined) return '';
  if (!c.holds.length) return ', for whom no LDAP, file or database Require line holds';
  return `, for whom "Require ${c.holds.join('" and "Require ')}" ${c.holds.length === 1 ? 'holds' : 'hold'}`;
}

export function describeOutcome(o: Outcome): string {
  return `${STATUS_TEXT[o.status]} (${o.by})`;
}

/** "GET /admin from 10.0.0.5, no credentials: 403 before, 200 after" */
export function describeDifference(d: Difference): string {
  return `${describeRequest(d.request)}: ${d.before.status} before, ${d.after.status} after`;
}
