/**
 * The 2.2 model against the real httpd 2.2.34: every request of the 1,500 recorded scenarios of
 * `oracle22/` must get the status the real server gave (semantics §2.1, §2.5, §4.5, §4.6).
 */
import { describe, expect, it } from 'vitest';
import { decide22 } from '../../src/access/decide/index.js';
import { projectModel } from '../../src/access/model/index.js';
import { requireDataOrSkip } from '../helpers/shared-data.js';
import { describe22, evalRequest, loadOracle22, ORACLE22, projectOf22 } from './scenarios.js';

const data = requireDataOrSkip(ORACLE22);

describe.skipIf(data.skip)('the 2.2 model on the recorded answers of httpd 2.2.34', () => {
  it('agrees on every request of every scenario', () => {
    const o = loadOracle22();
    let requests = 0;
    const wrong: string[] = [];
    const statuses = new Map<number, number>();
    for (const sc of o.scenarios) {
      const expected = o.expected[sc.name]!;
      expect(expected, sc.name).toHaveLength(sc.requests.length);
      const model = projectModel(projectOf22(o, [sc]), '2.2');
      sc.requests.forEach((r, i) => {
        requests++;
        statuses.set(expected[i]!, (statuses.get(expected[i]!) ?? 0) + 1);
        const got = decide22(model, evalRequest(o, sc, r));
        if (got.status !== expected[i]) wrong.push(`${describe22(sc, r)}: 2.2 gave ${expected[i]}, the model ${got.status} (${got.by})`);
      });
    }
    expect(o.scenarios).toHaveLength(1500);
    expect(requests).toBe(133_568);
    expect(Object.fromEntries(statuses)).toEqual({ 200: 76_353, 403: 28_152, 401: 27_335, 500: 1_728 });
    expect(wrong.slice(0, 20), `${wrong.length} of ${requests} requests differ`).toEqual([]);
  });
});
