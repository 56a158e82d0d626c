/**
 * The core of `httpd-migrate verify <old> <new>`: the old tree read as 2.2,
 * the new one as 2.4 (with the modules it loads), compared on every
 * representative request. Each differing request is a row.
 */
import type { Project } from '../../project/project.js';
import { below } from '../../project/boundary.js';
import { compareModels, describeOutcome, describeRequest } from './equivalence.js';
import { describePath } from './probes.js';
import { envSetterGaps } from './env-setters.js';
import { type ErrorAt, loadedModules, type Model, type ModelOptions, projectModel, type Scope } from '../model/index.js';

export interface VerifyRow {
  request: string;
  before: string;
  after: string;
  /** The request's parts, for grouping rows that share an answer. */
  vhost: string;
  method: string;
  path: string;
  /** Who asks: address, host name, environment and credentials. */
  client: string;
}

export interface VerifyResult {
  rows: VerifyRow[];
  /** How many representative requests were compared. */
  checked: number;
  /** Why the comparison may have missed a distinction, the requests not decided included. */
  gaps: string[];
  /** How many of the gaps are requests not decided (an <If>, an unmodelled provider): neither compared nor counted in `checked`. */
  undecided: number;
  /** The access lines of each tree's configuration files that stop httpd at start-up (.htaccess errors are 500s, in the rows). */
  startErrors: { old: ErrorAt[]; new: ErrorAt[] };
}

export interface VerifyOptions extends ModelOptions {
  /** Stop after this many differing requests (default 10,000). */
  maxRows?: number;
}

export function verifyProjects(oldProject: Project, newProject: Project, opts: VerifyOptions = {}): VerifyResult {
  const before = projectModel(oldProject, '2.2', opts);
  const loaded = loadedModules(newProject.files.map((f) => f.ast));
  const compat = loaded.length ? loaded.includes('access_compat') : /^\s*(order|allow|deny|satisfy)\s/im.test(newProject.files.map((f) => f.ast.text).join('\n'));
  const read = projectModel(newProject, '2.4', { ...opts, compat, overrides: 'real', asWritten: true });
  // Two copies of one site kept in two places (/srv/old/htdocs, /srv/new/htdocs): the new tree's paths
  // are compared at the old tree's, or every request would be decided at the other tree's files.
  const move = treeMove(before.docroots.get(''), read.docroots.get(''));
  const after = move ? rebased(read, move.from, move.to) : read;
  const { differences, checked, gaps, undecided } = compareModels(before, after, undefined, opts.maxRows ?? 10_000);
  // The variables are free inputs of the comparison: one the trees set differently is no agreement.
  const envGaps = envSetterGaps(oldProject, before, newProject, read);
  gaps.push(...envGaps);
  if (move) gaps.unshift(`the new tree's paths below ${move.from} were compared as if below ${move.to}, where the old tree keeps the same DocumentRoot`);
  const rows = differences.map(({ request: r, before: b, after: a }): VerifyRow => {
    // The client alone: the DocumentRoot a request assumed (when the tree sets none) stays in `request`.
    const plain = describeRequest({ ...r, docroot: undefined });
    const client = plain.slice(plain.indexOf(' from ') + 1);
    return { request: describeRequest(r), before: describeOutcome(b), after: describeOutcome(a), vhost: r.vhost, method: r.method, path: describePath(r), client };
  });
  return { rows, checked, gaps, undecided: undecided + envGaps.length, startErrors: { old: confErrors(before, oldProject), new: confErrors(after, newProject) } };
}

function confErrors(model: Model, project: Project): ErrorAt[] {
  return model.errorsAt.filter((e) => project.byPath.get(e.path)?.kind !== 'htaccess');
}

/** The rows as a plain-text table (request, before, after). */
export function formatRows(rows: readonly VerifyRow[]): string {
  const head: Pick<VerifyRow, 'request' | 'before' | 'after'> = { request: 'request', before: 'before (2.2)', after: 'after (2.4)' };
  const all = [head, ...rows];
  const w1 = Math.max(...all.map((r) => r.request.length));
  const w2 = Math.max(...all.map((r) => r.before.length));
  return all.map((r) => `${r.request.padEnd(w1)}  ${r.before.padEnd(w2)}  ${r.after}`).join('\n') + '\n';
}

/** The directories two DocumentRoots differ by, once their common last components are set aside (/srv/new, /srv/old), or null. */
function treeMove(oldRoot: string | undefined, newRoot: string | undefined): { from: string; to: string } | null {
  if (oldRoot === undefined || newRoot === undefined || oldRoot === newRoot) return null;
  const o = oldRoot.split('/');
  const n = newRoot.split('/');
  while (o.length > 1 && n.length > 1 && o[o.length - 1] === n[n.length - 1]) { o.pop(); n.pop(); }
  const from = n.join('/') || '/';
  const to = o.join('/') || '/';
  // One inside the other (/srv and /srv/new) would move paths that are the same in both trees.
  if (from === '/' || to === '/' || below(from, to) || below(to, from)) return null;
  return { from, to };
}

/** A copy of a model with its directory paths, DocumentRoots and Alias targets below `from` moved below `to`. */
function rebased(model: Model, from: string, to: string): Model {
  const move = (p: string) => (below(p, from) ? to + p.slice(from.length) : p);
  const copies = new Map<Scope, Scope>();
  for (const s of model.scopes) {
    const moved = s.kind === 'directory' || s.kind === 'htaccess' ? move(s.pattern) : s.pattern;
    copies.set(s, moved === s.pattern ? { ...s } : { ...s, pattern: moved });
  }
  for (const c of copies.values()) if (c.within) c.within = copies.get(c.within) ?? c.within;
  return {
    ...model,
    scopes: model.scopes.map((s) => copies.get(s)!),
    docroots: new Map([...model.docroots].map(([k, v]) => [k, move(v)])),
    aliases: new Map([...model.aliases].map(([k, list]) => [k, list.map(([url, dir]): [string, string] => [url, move(dir)])])),
  };
}
