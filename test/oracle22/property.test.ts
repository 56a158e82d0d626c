/**
 * Property: on generated cross-kind splits (generate22.ts), every rewrite the prover accepts
 * answers every request of the oracle22 grid as the 2.2 model says the original does, and every
 * section kept in 2.2 syntax whose finding says mod_access_compat keeps its 2.2 answers does so
 * on the whole grid. The grid is not the prover's representative set, so this checks the prover's
 * choice of requests as well as its translations.
 */
import { describe, expect, it } from 'vitest';
import { decide22, decide24 } from '../../src/access/decide/index.js';
import { projectModel } from '../../src/access/model/index.js';
import { generate22, SERVER22 } from './generate22.js';
import { migrate22, migratedModel } from './migrate22.js';
import { describe22, evalRequest, projectOf22, type Oracle22 } from './scenarios.js';

const COUNT = 300;
const SEED = 9_000;
const KEEPS = 'Kept as written, with mod_access_compat loaded, it answers as 2.2 did';

describe('generated cross-kind splits', () => {
  it(`rewrites and compat findings hold on the whole grid (${COUNT} scenarios from seed ${SEED})`, () => {
    const o: Oracle22 = { ...SERVER22, scenarios: [], expected: {} };
    const wrong: string[] = [];
    const counts = { rewritten: 0, keeps: 0, changes: 0 };
    for (let i = 0; i < COUNT; i++) {
      const sc = generate22(SEED + i);
      const m = migrate22(o, sc);
      const keeps = m.findings.length > 0 && m.findings.every((f) => f.includes(KEEPS));
      if (m.legacy && !keeps) { counts.changes++; continue; }
      if (m.legacy) counts.keeps++; else counts.rewritten++;
      const before = projectModel(projectOf22(o, [sc]), '2.2');
      const after = migratedModel(o, sc, m, m.legacy);
      for (const r of sc.requests) {
        const b = decide22(before, evalRequest(o, sc, r));
        const a = decide24(after, evalRequest(o, sc, r));
        if (a.status !== b.status) wrong.push(`${describe22(sc, r)}: 2.2 ${b.status}, migrated ${a.status}${m.legacy ? ' (compat)' : ''}\n${sc.config}\n${JSON.stringify(sc.htaccess)}`);
      }
    }
    console.log(`generated cross-kind splits: ${JSON.stringify(counts)}`);
    expect(counts.rewritten).toBeGreaterThan(COUNT / 3);
    expect(wrong.slice(0, 5), `${wrong.length} requests differ (${JSON.stringify(counts)})`).toEqual([]);
  }, 300_000);
});
