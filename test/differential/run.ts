/**
 * The checks of the differential, per request (servers.ts runs the jobs):
 *   a24: the migrated config on real 2.4 = decide24(migrated);
 *   a22: the same real status = decide22(original), with the allowance for refused rewrites that
 *        accepted22() describes. Trees that already mix in 2.4 Require syntax (`Require local`)
 *        have no 2.2 behaviour: no a22;
 *   b:   the original on real 2.4 + mod_access_compat = decide24(original), with each refusal's
 *        counterexample request added (counterexample.ts). Originals with an inline `#` in an
 *        Allow/Deny line are not run for (b): 2.4 refuses to start on them.
 */
import type { OracleRequest } from '../oracle/harness.js';
import type { Model, Outcome, Request } from '../../src/access/model/index.js';
import { COMPAT_ACCESS } from '../../src/apache/access-directives.js';
import { applicableScopes } from '../../src/access/decide/index.js';
import { isMixed } from '../../src/access/migrate/index.js';
import { describedRequest, sendable } from './counterexample.js';
import { hasInlineComment } from './generate.js';
import { migrateScenario, modelOf, predict, textsOf, type ScenarioTexts } from './predict.js';
import { runJobs } from './servers.js';
import { configText, statusClass, toEvalRequest, type ScenarioSpec, VHOST_ALIAS_LINE } from './scenario.js';

export type Check = 'a24' | 'a22' | 'b';

export const CHECK_TEXT: Record<Check, string> = {
  a24: '(a) real 2.4 on the migrated config vs decide24(migrated)',
  a22: '(a) real 2.4 on the migrated config vs decide22(original)',
  b: '(b) real 2.4 + mod_access_compat on the original vs decide24(original)',
};

export interface Disagreement {
  check: Check;
  spec: ScenarioSpec;
  /** The texts that ran on the server (migrated for a24/a22, original for b). */
  ran: ScenarioTexts;
  request: OracleRequest;
  expected: Outcome;
  got: number;
  log: string[];
  /** Access findings the migration left standing (refused rewrites). */
  refusals: string[];
}

export interface Prepared {
  spec: ScenarioSpec;
  original: ScenarioTexts;
  migrated: ScenarioTexts;
  refusals: string[];
  /** Requests for (b): the scenario's, plus realisable counterexamples of refusals. */
  bRequests: OracleRequest[];
  /** How many refusal counterexamples could be sent (127/8 source, known path, matching host and env). */
  counterexamples: number;
  /** False when (b) cannot run the original (inline `#` comments stop 2.4 from starting). */
  runB: boolean;
  /**
   * The original already holds 2.4 Require syntax (`Require local`): 2.2 reads it as an unknown
   * Require keyword, the prover refuses such trees, so there is no 2.2 behaviour to keep (no a22).
   */
  mixed: boolean;
}

export function prepare(spec: ScenarioSpec): Prepared {
  const original = textsOf(spec);
  const mig = migrateScenario(original);
  const m22 = modelOf(original, '2.2');
  const m24 = modelOf(original, '2.4', 'migrated');
  const cex = mig.refusals.map(describedRequest).filter((r) => r !== null)
    .map((r) => sendable(r, m22, m24)).filter((r): r is OracleRequest => r !== null && reachable(spec, r));
  return {
    spec, original, migrated: mig.texts, refusals: mig.refusals, bRequests: [...spec.requests, ...cex], counterexamples: cex.length, runB: !hasInlineComment(spec), mixed: isMixed(m22),
  };
}

/**
 * Whether a refusal's counterexample, sent in this scenario, reaches the file the evaluator decides it for. A scenario with a
 * <VirtualHost> sends every request to it (the main server's requests would reach a batch's first one); one whose host
 * serves the scenario's directory at its root sends them at their paths as they are, and to the main server too where an
 * empty first host answers for it (generate.ts). And an /al/ URL serves @DIR@/sub (fileOfPath) only where an Alias maps
 * it: ALIAS_LINE under @LOC@, the host's own VHOST_ALIAS_LINE at its root (seed 261000268: the prover asked for /al/f.html
 * on a host with a <Location "/al"> and no Alias, which the server answered 404, and the evaluator 500 for @DIR@/sub).
 */
export function reachable(spec: ScenarioSpec, r: OracleRequest): boolean {
  const host = r.vhost ? Boolean(spec.vhost) && Boolean(r.rooted) === Boolean(spec.docroot) : !spec.vhost || Boolean(spec.mainToo);
  return host && (!r.path.startsWith('/al/') || (r.rooted ? configText(spec).includes(VHOST_ALIAS_LINE) : Boolean(spec.alias)));
}

export interface BatchOutcome {
  disagreements: Disagreement[];
  requests: number;
}

/** Runs both checks for prepared scenarios: two servers (migrated, original). */
export async function runChecks(prepared: readonly Prepared[], checks: readonly Check[] = ['a24', 'a22', 'b']): Promise<BatchOutcome> {
  const out: Disagreement[] = [];
  let requests = 0;
  const wantA = checks.includes('a24') || checks.includes('a22');
  if (wantA) {
    const results = await runJobs(prepared.map((p) => ({ texts: p.migrated, requests: p.spec.requests })));
    prepared.forEach((p, i) => {
      const preds = predict(modelOf(p.original, '2.2'), modelOf(p.migrated, '2.4'), p.spec.requests);
      const ok22 = accepted22(p.original, p.migrated, p.refusals, p.spec.requests);
      p.spec.requests.forEach((r, j) => {
        requests++;
        const got = results[i]!.statuses[j]!;
        const cls = statusClass(got);
        const base = { spec: p.spec, ran: p.migrated, request: r, got, log: results[i]!.logs[j]!, refusals: p.refusals };
        if (checks.includes('a24') && cls !== preds[j]!.o24.status) out.push({ ...base, check: 'a24', expected: preds[j]!.o24 });
        else if (checks.includes('a22') && !p.mixed && !ok22[j]!.includes(cls)) {
          out.push({ ...base, check: 'a22', expected: preds[j]!.o22 });
        }
      });
    });
  }
  if (checks.includes('b')) {
    const runnable = prepared.filter((p) => p.runB);
    const results = await runJobs(runnable.map((p) => ({ texts: p.original, requests: p.bRequests })));
    runnable.forEach((p, i) => {
      const preds = predict(null, modelOf(p.original, '2.4'), p.bRequests);
      p.bRequests.forEach((r, j) => {
        requests++;
        const got = results[i]!.statuses[j]!;
        if (statusClass(got) !== preds[j]!.o24.status) {
          out.push({ check: 'b', spec: p.spec, ran: p.original, request: r, expected: preds[j]!.o24, got, log: results[i]!.logs[j]!, refusals: p.refusals });
        }
      });
    });
  }
  return { disagreements: out, requests };
}

/** The baseline cannot serve the request on 2.4: it does not start, or a .htaccess on the way fails (decide24's `core: <file>: <message>`). */
function unusable(o: Outcome): boolean {
  return o.by.startsWith('startup') || (o.status === 500 && o.by.startsWith('core: '));
}

/**
 * The statuses check a22 accepts for each request: decide22 of the original. Where a rewrite was
 * refused, the refused sections keep their compat lines, so also what decide24 gives the original
 * with only its AllowOverride made explicit (nothing rewritten); and when that baseline does not
 * even start on 2.4 (2.2-only lines such as AuthzUserAuthoritative), decide24 of the migration for
 * requests that pass through a section still holding compat lines (the refusal message warns that
 * those combine with inherited Require as an AND). The same holds where the baseline answers the
 * request with a .htaccess 2.4 cannot read (an inline `#` in an Allow line: 500 on every request
 * below it). Where no-legacy-access-branch reported that a section written for both versions answers otherwise in 2.4,
 * its 2.4 branch (the author's, kept) decides the requests that meet it: what decide24 gives the migration.
 * A rewrite that changes a request no refused section touches is never excused.
 */
export function accepted22(original: ScenarioTexts, migrated: ScenarioTexts, refusals: readonly string[], reqs: readonly OracleRequest[]): number[][] {
  const m24 = modelOf(migrated, '2.4');
  const preds = predict(modelOf(original, '2.2'), m24, reqs);
  if (!refusals.length) return preds.map((p) => [p.o22.status]);
  const left = predict(null, modelOf(original, '2.4', 'migrated'), reqs);
  return reqs.map((r, j) => {
    const ok = [preds[j]!.o22.status, left[j]!.o24.status];
    const req = toEvalRequest(r);
    if (baselineFails(left[j]!.o24, m24, req) || dualReported(refusals, m24, req)) ok.push(preds[j]!.o24.status);
    return ok;
  });
}

/** Whether no-legacy-access-branch reported a difference and the request meets a section written for both versions. */
export function dualReported(refusals: readonly string[], migrated: Model, req: Request): boolean {
  return refusals.some((r) => r.startsWith('no-legacy-access-branch:')) && meetsDualBranch(migrated, req);
}

/** Whether the request meets a section holding an `<IfModule mod_authz_core.c>` (or `!mod_authz_core.c`) branch. */
function meetsDualBranch(m: Model, req: Request): boolean {
  return applicableScopes(m, req).some((s) => s.node?.children.some((c) => c.type === 'section' && c.lname === 'ifmodule' && /authz_core/i.test(c.args[0]?.value ?? '')));
}

/**
 * accepted22's last allowance, for one request: the original's 2.4 baseline (`left`) cannot serve it, and in the
 * migration it passes through a section that still holds compat lines.
 */
export function baselineFails(left: Outcome, migrated: Model, req: Request): boolean {
  return unusable(left) && applicableScopes(migrated, req).some((s) => s.items.some((it) => COMPAT_ACCESS.has(it.k)));
}
