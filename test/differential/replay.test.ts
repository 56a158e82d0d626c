/**
 * Replays every case kept in fixtures/_differential (see case-file.ts).
 *   - The text that ran when the case was found (the original for b, the recorded migration for
 *     a24/a22) must still get the recorded status from the real httpd 2.4: the ground truth.
 *   - decide24 of that text must predict it (the finding for b and a24 cases).
 *   - a22: today's migration of the original, run on the real server, must give what decide22
 *     predicts for the original (with run.ts's allowance for refused rewrites, accepted22).
 * A case stays red until the evaluator (or the migration, for a22) is fixed, then guards against
 * a relapse.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { requireHttpdOrSkip } from '../oracle/httpd.js';
import { readCases, type CaseFile } from './case-file.js';
import { migrateScenario, modelOf, predict, type ScenarioTexts } from './predict.js';
import { accepted22 } from './run.js';
import { runJobs, type Job } from './servers.js';
import { statusClass } from './scenario.js';

const oracle = requireHttpdOrSkip();
const cases = readCases();

const original = (c: CaseFile): ScenarioTexts => ({ config: c.config, htaccess: c.htaccess });
const recorded = (c: CaseFile): ScenarioTexts => (c.check === 'b' ? original(c) : c.migrated ?? migrateScenario(original(c)).texts);
const requests = (c: CaseFile) => c.requests.map((x) => x.request);

interface Today { texts: ScenarioTexts; refusals: string[] }

describe.skipIf(oracle.skip || cases.length === 0)('fixtures/_differential: kept disagreement cases', () => {
  const real = new Map<string, number[]>();
  const today = new Map<string, Today & { real: number[] }>();

  beforeAll(async () => {
    const jobs: Job[] = cases.map((c) => ({ texts: recorded(c), requests: requests(c) }));
    const a22 = cases.filter((c) => c.check === 'a22').map((c) => {
      const m = migrateScenario(original(c));
      return { c, texts: m.texts, refusals: m.refusals };
    });
    const results = await runJobs([...jobs, ...a22.map((x) => ({ texts: x.texts, requests: requests(x.c) }))]);
    cases.forEach((c, i) => real.set(c.name, results[i]!.statuses.map(statusClass)));
    a22.forEach((x, i) => today.set(x.c.name, { ...x, real: results[cases.length + i]!.statuses.map(statusClass) }));
  }, 120_000);

  for (const c of cases) {
    it(`${c.name} (${c.check}): the real httpd 2.4 still answers the recorded text as recorded`, () => {
      expect(real.get(c.name)).toEqual(c.requests.map((x) => x.expected));
    });
    it(`${c.name} (${c.check}): decide24 predicts what the real server answers to that text`, () => {
      const p = predict(null, modelOf(recorded(c), '2.4'), requests(c));
      expect(p.map((x) => x.o24.status)).toEqual(c.requests.map((x) => x.expected));
    });
    if (c.check === 'a22') {
      it(`${c.name} (a22): today's migration behaves on the real server as decide22 says 2.2 does`, () => {
        const t = today.get(c.name)!;
        const ok = accepted22(original(c), t.texts, t.refusals, requests(c));
        t.real.forEach((got, i) => {
          expect(ok[i], `request ${i + 1}, migrated text:\n${t.texts.config}\n${JSON.stringify(t.texts.htaccess)}`).toContain(got);
        });
      });
    }
  }
});
