/**
 * Running jobs (scenario texts + requests) on the real httpd 2.4: one server for a whole batch.
 * A job the evaluator expects to stop httpd from starting is checked alone with `apache2 -t`
 * (no port, so these run in parallel); if it passes after all, it joins the batch. A batch that
 * fails to start anyway is split in halves until the job that breaks it is found. A job that
 * does not start gets 500 for every request (decide24 predicts 500 for a start-up error). A job whose .htaccess names a
 * method only a <Limit> of a configuration file could register runs alone (namesUnknownMethod), and so does a job
 * with a section of the whole server, which would meet the batch's other jobs' requests (serverWide).
 */
import { startupError } from '../../src/access/decide/index.js';
import { unknownLimitMethod } from '../../src/access/migrate/candidates.js';
import { DEFAULT_MODULES, runBatch, type OracleRequest, type Scenario } from '../oracle/harness.js';
import { moduleLoadLines, runAsLines, syntaxCheck } from '../oracle/httpd.js';
import { modelOf, type ScenarioTexts } from './predict.js';
import { envLines, fileOfPath, GROUPS, HOSTS, linesWithDepth, TOP_SECTION, USERS } from './scenario.js';

export interface Job { texts: ScenarioTexts; requests: OracleRequest[] }
export interface JobResult { statuses: number[]; logs: string[][] }

const MODULES = [...DEFAULT_MODULES, 'setenvif'];
const HOSTS_TABLE = Object.fromEntries(Object.entries(HOSTS).map(([ip, name]) => [ip, [name]]));
const PARALLEL_CHECKS = 4;

/** Server starts, and the milliseconds they and their requests took (for the summary line). */
export const serverStats = { starts: 0, failedStarts: 0, syntaxChecks: 0, retries: 0, ms: 0 };

const failed = (j: Job, why: string): JobResult => ({ statuses: j.requests.map(() => 500), logs: j.requests.map(() => [`start-up failed: ${why}`]) });

/** `apache2 -t` on the job's config as the batch would hold it: null when it passes, else the error. */
async function syntaxError(j: Job): Promise<string | null> {
  const config = j.texts.config.replaceAll('@DIR@', '@ROOT@/htdocs/s0').replaceAll('@LOC@', '/s0').replaceAll('@PORT@', '9').replaceAll('@NAME@', 's0.example.test')
    .replaceAll('@HTPASSWD@', '@ROOT@/htpasswd').replaceAll('@GROUPS@', '@ROOT@/groups');
  const r = await syntaxCheck([moduleLoadLines(MODULES), runAsLines(), 'Listen 127.0.0.1:9', envLines(), config].join('\n'));
  serverStats.syntaxChecks++;
  return r.ok ? null : r.stderr.split('\n').filter(Boolean).slice(0, 2).join(' ');
}

async function pool<T, R>(xs: readonly T[], f: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(xs.length);
  let next = 0;
  await Promise.all(Array.from({ length: PARALLEL_CHECKS }, async () => {
    while (next < xs.length) { const i = next++; out[i] = await f(xs[i]!); }
  }));
  return out;
}

/**
 * runBatch, retried when it throws: the harness picks a free port and binds it later, so another
 * process that takes the port in between (other oracle tests running at the same time) makes the
 * start look successful while our httpd died (then error.log is missing).
 */
async function runBatchRetrying(scenarios: Scenario[], attempts = 3): Promise<Awaited<ReturnType<typeof runBatch>>> {
  for (let i = 1; ; i++) {
    try {
      return await runBatch({ scenarios, modules: MODULES, global: envLines(), users: { ...USERS }, groups: GROUPS, hosts: HOSTS_TABLE });
    } catch (e) {
      if (i >= attempts) throw e;
      serverStats.retries++;
    }
  }
}

async function bisect(jobs: readonly Job[]): Promise<JobResult[]> {
  if (!jobs.length) return [];
  // An aliased URL's file lies under @DIR@/sub (scenario.ts, ALIAS_LINE): laid out there too.
  const scenarios: Scenario[] = jobs.map((j) => ({ config: j.texts.config, htaccess: j.texts.htaccess, requests: j.requests, files: j.requests.map((r) => fileOfPath(r.path)) }));
  const t = performance.now();
  const res = await runBatchRetrying(scenarios);
  serverStats.starts++;
  serverStats.ms += performance.now() - t;
  if (res.ok) return res.scenarios.map((s) => ({ statuses: s.results.map((r) => r.status), logs: s.results.map((r) => r.log) }));
  serverStats.failedStarts++;
  if (jobs.length === 1) return [failed(jobs[0]!, (res.startError ?? '').split('\n').filter(Boolean).slice(0, 2).join(' '))];
  const half = Math.ceil(jobs.length / 2);
  return [...await bisect(jobs.slice(0, half)), ...await bisect(jobs.slice(half))];
}

/**
 * Whether a job's .htaccess names in <Limit>/<LimitExcept> a method httpd does not know from start-up: in a batch, another
 * job's <Limit get> in the configuration would register it for the whole server, and the .htaccess would not get its 500
 * (found so: a migration that wrote <Limit get> into a .htaccess showed as 200). Such a job gets a server of its own.
 */
function namesUnknownMethod(j: Job): boolean {
  return Object.values(j.texts.htaccess).some((text) => unknownLimitMethod(text.split('\n')) !== null);
}

/**
 * Whether a job's configuration has a top-level section that names neither its directory nor its URL (`<Directory />`,
 * `<Location />`, a top-level `<Files>`): in a batch it would decide the other jobs' requests too. Or a DocumentRoot
 * (a <VirtualHost>'s own): as a batch's first <VirtualHost>, its host would answer the other jobs' requests from its root.
 */
export function serverWide(j: Job): boolean {
  if (/^\s*DocumentRoot\b/im.test(j.texts.config)) return true;
  return linesWithDepth(j.texts.config).some(({ trimmed, depth }) => depth === 0 && TOP_SECTION.test(trimmed) && !/@DIR@|@LOC@/.test(trimmed));
}

export async function runJobs(jobs: readonly Job[]): Promise<JobResult[]> {
  const expectFail = jobs.map((j) => startupError(modelOf(j.texts, '2.4')) !== null);
  const suspects = jobs.filter((_, i) => expectFail[i]);
  const errors = await pool(suspects, syntaxError);
  const why = new Map(suspects.map((j, i) => [j, errors[i]]));
  const batch = jobs.filter((j) => (why.get(j) ?? null) === null);
  const shared = batch.filter((j) => !namesUnknownMethod(j) && !serverWide(j));
  const results = await bisect(shared);
  const byJob = new Map(shared.map((j, i) => [j, results[i]!]));
  for (const j of batch) if (!byJob.has(j)) byJob.set(j, (await bisect([j]))[0]!);
  return jobs.map((j) => byJob.get(j) ?? failed(j, why.get(j)!));
}
