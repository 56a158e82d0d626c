/**
 * The access proof of a run, made visible: for every access section the prover looked at, its
 * verdict (rewritten, or left as it is and why) and the representative requests that reach it,
 * each decided by the 2.2 reading of the original and the 2.4 reading of the rewrite. For a
 * refused section the rewrite that was refused is evaluated too, so the request it would change
 * (the counterexample) shows up as a row with two different answers.
 *
 * Read-only use of the evaluator (src/eval): the same models and representatives the prover used.
 */
import type { MigrateResult } from '../migrate.js';
import type { Project } from '../project/project.js';
import { components } from '../project/components.js';
import { LineCounter } from '../parse/line-counter.js';
import { decide } from '../eval/equivalence.js';
import { applicableScopes } from '../eval/match.js';
import type { Item, Model, Outcome, Request, Scope } from '../eval/model.js';
import { eachRepresentative } from '../eval/partition.js';
import { contextsOf, isAccessItem, itemsOf, keyOf, proveProject, translateScope, withItems, type Verdict } from '../eval/prove.js';

export interface ProofRow {
  vhost: string;
  method: string;
  path: string;
  /** Address, host name and environment of the client. */
  client: string;
  credentials: string;
  before: string;
  after: string;
  differs: boolean;
}

export interface SectionProof {
  /** The file as shown to users, and the section's line there. */
  file: string;
  line: number;
  /** `<Directory "/srv/www">`, or `.htaccess` for a whole file. */
  section: string;
  verdict: 'proven' | 'refused';
  /** Why a refused section was left as it is (with the request that would change, in words). */
  reason?: string;
  /** The 2.4 lines: written (proven) or refused. */
  rewrite: string[];
  /** Some of the requests that reach the section, those that differ first. */
  rows: ProofRow[];
  /** How many representative requests reach the section, and how many of them differ. */
  total: number;
  differing: number;
}

/** Rows kept per section; the counts cover every request. */
const MAX_ROWS = 24;

function credentialsOf(r: Request): string {
  const c = r.credentials;
  if (!c) return 'none';
  if (c.password === 'bad') return `${c.user} (wrong password)`;
  return c.groups.length ? `${c.user} (groups ${c.groups.join(', ')})` : c.user;
}

function clientOf(r: Request): string {
  return `${r.ip}${r.host ? ` (${r.host})` : ''}${r.env.length ? `, env ${r.env.join(', ')}` : ''}`;
}

const answer = (o: Outcome) => `${o.status} (${o.by})`;

function row(r: Request, b: Outcome, a: Outcome): ProofRow {
  return { vhost: r.vhost, method: r.method, path: r.path, client: clientOf(r), credentials: credentialsOf(r), before: answer(b), after: answer(a), differs: b.status !== a.status };
}

/** Collects rows for a section: all differing ones first (up to the cap), then the others. */
class Rows {
  differing: ProofRow[] = [];
  same: ProofRow[] = [];
  total = 0;
  nDiffer = 0;
  add(x: ProofRow): void {
    this.total++;
    if (x.differs) {
      this.nDiffer++;
      if (this.differing.length < MAX_ROWS) this.differing.push(x);
    } else if (this.same.length < MAX_ROWS) this.same.push(x);
  }
  rows(): ProofRow[] {
    return [...this.differing, ...this.same].slice(0, Math.max(MAX_ROWS, this.differing.length));
  }
}

function label(v: Verdict, project: Project): { file: string; line: number; section: string } {
  const s = v.scope;
  const file = project.files.find((f) => f.path === s.path);
  const display = file?.display ?? s.path;
  if (!s.node || !file) return { file: display, line: 1, section: s.kind === 'htaccess' ? '.htaccess' : display };
  const line = new LineCounter(file.ast.text).position(s.node.start).line;
  return { file: display, line, section: `<${s.node.name} ${s.node.args.map((a) => a.raw).join(' ')}>` };
}

/** The model `after` with one section's refused rewrite put in, or null when there was none to put. */
function withRefusedRewrite(before: Model, after: Model, scope: Scope): { model: Model; lines: string[] } | null {
  const t = translateScope(before, scope);
  if (!('lines' in t)) return null;
  const target = after.scopes.find((s) => keyOf(s) === keyOf(scope));
  if (!target) return null;
  const { items, errors } = itemsOf(t.lines, after);
  if (errors.length) return null;
  // As the prover builds a candidate: the section's other settings kept, its access lines replaced.
  const replaced = [...target.items.filter((i) => !isAccessItem(i)), ...items];
  return { model: withItems(after, new Map<Scope, Item[]>([[target, replaced]])), lines: t.lines };
}

function proveGroup(project: Project): SectionProof[] {
  const proof = proveProject(project);
  const { before, after } = proof;
  const verdicts = [...proof.verdicts.values()];
  if (!verdicts.length) return [];
  const collected = new Map<Verdict, Rows>(verdicts.map((v) => [v, new Rows()]));
  const byKey = new Map(verdicts.map((v) => [keyOf(v.scope), v]));
  // Proven sections: one pass over the representatives of their contexts, each request given to the sections it reaches.
  const proven = verdicts.filter((v) => v.status === 'rewrite');
  if (proven.length) {
    eachRepresentative([before, after], contextsOf(proven.map((v) => v.scope), before), (r) => {
      const reached = applicableScopes(before, r).map((s) => byKey.get(keyOf(s))).filter((v): v is Verdict => v?.status === 'rewrite');
      if (!reached.length) return;
      const x = row(r, decide(before, r), decide(after, r));
      for (const v of reached) collected.get(v)!.add(x);
    });
  }
  const out: SectionProof[] = [];
  for (const v of verdicts) {
    const rows = collected.get(v)!;
    let rewrite = v.status === 'rewrite' ? v.lines : [];
    if (v.status === 'refused') {
      // The refused rewrite, evaluated: the requests it would change are the counterexamples.
      const refused = withRefusedRewrite(before, after, v.scope);
      if (refused) {
        rewrite = refused.lines;
        const key = keyOf(v.scope);
        eachRepresentative([before, refused.model], contextsOf([v.scope], before), (r) => {
          if (!applicableScopes(before, r).some((s) => keyOf(s) === key)) return;
          rows.add(row(r, decide(before, r), decide(refused.model, r)));
        });
      }
    }
    out.push({
      ...label(v, project),
      verdict: v.status === 'rewrite' ? 'proven' : 'refused',
      ...(v.status === 'refused' ? { reason: v.reason } : {}),
      rewrite,
      rows: rows.rows(),
      total: rows.total,
      differing: rows.nDiffer,
    });
  }
  return out.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** Every access section of the run's tree with its verdict and requests, by file then line. */
export function accessProofs(result: MigrateResult): SectionProof[] {
  return components(result.project).flatMap((group) => proveGroup(group));
}
