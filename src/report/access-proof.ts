/**
 * The access proof of a run, made visible: for every access section the prover looked at, its
 * verdict (rewritten, or left as it is and why) and the representative requests that reach it,
 * each decided by the 2.2 reading of the original and the 2.4 reading of the rewrite. For a
 * refused section the rewrite that was refused is evaluated too, so the request it would change
 * (the counterexample) shows up as a row with two different answers.
 *
 * Read-only use of the evaluator (src/access): the same models and representatives the prover used.
 */
import type { MigrateResult } from '../migrate.js';
import type { Project } from '../project/project.js';
import { components } from '../project/components.js';
import { LineCounter } from '../parse/line-counter.js';
import { decide, describePath, eachRepresentative, holdsText } from '../access/compare/index.js';
import { applicableScopes } from '../access/decide/index.js';
import { isAccessItem, type Item, keyOf, type Model, type Outcome, type Request, type Scope } from '../access/model/index.js';
import { contextsOf, itemsOf, proveProject, sameAccessText, translateScope, withItems, type Verdict } from '../access/migrate/index.js';

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
  /** A proven section whose 2.4 lines are the lines it has (Require lines 2.4 reads as 2.2 did): left as it is. */
  unchanged: boolean;
  /** Why a refused section was left as it is (with the request that would change, in words). */
  reason?: string;
  /** The 2.4 lines: written (proven) or refused. */
  rewrite: string[];
  /** For a refused section: whether its 2.4 answers are of its rewrite alone, or of every refused rewrite of the tree together. */
  alone: boolean;
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
  return (c.groups.length ? `${c.user} (groups ${c.groups.join(', ')})` : c.user) + holdsText(c);
}

function clientOf(r: Request): string {
  return `${r.ip}${r.host ? ` (${r.host})` : ''}${r.env.length ? `, env ${r.env.join(', ')}` : ''}`;
}

const answer = (o: Outcome) => `${o.status} (${o.by})`;

function row(r: Request, b: Outcome, a: Outcome): ProofRow {
  return { vhost: r.vhost, method: r.method, path: describePath(r), client: clientOf(r), credentials: credentialsOf(r), before: answer(b), after: answer(a), differs: b.status !== a.status };
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

/** A refused section's rewrite as model items (its other settings kept, as the prover builds a candidate), or null. */
function refusedItems(before: Model, after: Model, scope: Scope): { target: Scope; items: Item[]; lines: string[] } | null {
  const t = translateScope(before, scope);
  if (!('lines' in t)) return null;
  const target = after.scopes.find((s) => keyOf(s) === keyOf(scope));
  if (!target) return null;
  const { items, errors } = itemsOf(t.lines, after);
  if (errors.length) return null;
  return { target, items: [...target.items.filter((i) => !isAccessItem(i)), ...items], lines: t.lines };
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
    eachRepresentative([before, after], contextsOf(proven.map((v) => v.scope), [before, after]), (r) => {
      const reached = applicableScopes(before, r).map((s) => byKey.get(keyOf(s))).filter((v): v is Verdict => v?.status === 'rewrite');
      if (!reached.length) return;
      const x = row(r, decide(before, r), decide(after, r));
      for (const v of reached) collected.get(v)!.add(x);
    });
  }
  const out: SectionProof[] = [];
  const refusedRewrites = new Map<Verdict, ReturnType<typeof refusedItems>>(verdicts.filter((v) => v.status === 'refused').map((v) => [v, refusedItems(before, after, v.scope)]));
  const together = withItems(after, new Map([...refusedRewrites.values()].filter((x) => x !== null).map((x) => [x!.target, x!.items])));
  for (const v of verdicts) {
    let rows = collected.get(v)!;
    let rewrite = v.status === 'rewrite' ? v.lines : [];
    let alone = true;
    const refused = refusedRewrites.get(v);
    if (refused) {
      // The refused rewrite, evaluated: the requests it would change are the counterexamples. A section
      // refused for how it combines with another (a <Directory> under a <Location>) changes nothing
      // alone; then every refused rewrite of the tree is put in together, as the prover first tried.
      rewrite = refused.lines;
      const key = keyOf(v.scope);
      const evaluate = (model: Model) => {
        const acc = new Rows();
        eachRepresentative([before, model], contextsOf([v.scope], [before, after]), (r) => {
          if (!applicableScopes(before, r).some((s) => keyOf(s) === key)) return;
          acc.add(row(r, decide(before, r), decide(model, r)));
        });
        return acc;
      };
      rows = evaluate(withItems(after, new Map([[refused.target, refused.items]])));
      if (rows.nDiffer === 0 && refusedRewrites.size > 1) {
        const joint = evaluate(together);
        if (joint.nDiffer > 0) { rows = joint; alone = false; }
      }
    }
    out.push({
      ...label(v, project),
      verdict: v.status === 'rewrite' ? 'proven' : 'refused',
      unchanged: v.status === 'rewrite' && sameAccessText(v.original, v.lines),
      ...(v.status === 'refused' ? { reason: v.reason } : {}),
      rewrite,
      alone,
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
