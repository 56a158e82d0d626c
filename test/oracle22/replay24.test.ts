/**
 * The whole replay of `oracle22/` on the real httpd 2.4: each of the 1,500 scenarios is laid out as
 * a main configuration (the server-level SetEnvIf lines, the scenario) with its .htaccess files,
 * migrated as `httpd-migrate write` does, and then
 * - every scenario the migration left free of Order/Allow/Deny/Satisfy is served by the real 2.4
 *   WITHOUT mod_access_compat, and must answer every request as the real 2.2 did;
 * - every scenario left in 2.2 syntax must have a finding on each section kept that says whether
 *   mod_access_compat keeps its 2.2 answers (and, where not, the request that changes). Where all
 *   of a scenario's findings say it does, the scenario is served by the real 2.4 WITH
 *   mod_access_compat, and must answer every request as the real 2.2 did.
 * Many scenarios share one server (batches, as in test/differential).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODULES, runBatch, type Scenario, WITHOUT_COMPAT as BASE_WITHOUT_COMPAT } from '../oracle/harness.js';
import { requireHttpdOrSkip } from '../oracle/httpd.js';
import { requireDataOrSkip } from '../helpers/shared-data.js';
import { migrate22, type Migrated22 } from './migrate22.js';
import { describe22, loadOracle22, ORACLE22, type Oracle22, type Scenario22 } from './scenarios.js';

const data = requireDataOrSkip(ORACLE22);
const oracle = data.skip ? { skip: true } : requireHttpdOrSkip();

const BATCH = 150;
const WITHOUT_COMPAT = [...BASE_WITHOUT_COMPAT, 'setenvif'];
const WITH_COMPAT = [...DEFAULT_MODULES, 'setenvif'];
const KEEPS = 'Kept as written, with mod_access_compat loaded, it answers as 2.2 did';
const CHANGES = 'Kept as written, with mod_access_compat loaded, it does NOT answer as 2.2 did: ';

function hostsTable(text: string): Record<string, string[]> {
  return Object.fromEntries(text.split('\n').map((l) => l.trim().split(/\s+/)).filter((w) => w.length > 1).map(([ip, ...names]) => [ip!, names]));
}

/** Serves the migrated scenarios in batches on one real 2.4 each; the differing requests, in words. */
async function replay(o: Oracle22, jobs: readonly [Scenario22, Migrated22][], modules: string[]): Promise<{ requests: number; wrong: string[] }> {
  let requests = 0;
  const wrong: string[] = [];
  for (let i = 0; i < jobs.length; i += BATCH) {
    const batch = jobs.slice(i, i + BATCH);
    const scenarios: Scenario[] = batch.map(([sc, m]) => ({ config: m.config, htaccess: m.htaccess, requests: sc.requests }));
    let res = await runBatch({ scenarios, modules, global: o.global, users: o.users, groups: o.groups, hosts: hostsTable(o.hosts) });
    // The harness binds a free port late; another test taking it in between looks like a failed start: once more.
    if (!res.ok) res = await runBatch({ scenarios, modules, global: o.global, users: o.users, groups: o.groups, hosts: hostsTable(o.hosts) });
    expect(res.startError ?? '', `batch ${i / BATCH} did not start`).toBe('');
    batch.forEach(([sc], j) => {
      const expected = o.expected[sc.name]!;
      res.scenarios[j]!.results.forEach((r, k) => {
        requests++;
        if (r.status !== expected[k]) wrong.push(`${describe22(sc, sc.requests[k]!)}: 2.2 gave ${expected[k]}, 2.4 ${r.status}`);
      });
    });
  }
  return { requests, wrong };
}

describe.skipIf(data.skip || oracle.skip)('oracle22/ migrated with write and served by the real httpd 2.4', () => {
  it('answers as the real 2.2 did, or says where mod_access_compat does not', async () => {
    const o = loadOracle22();
    const migrated = o.scenarios.map((sc): [Scenario22, Migrated22] => [sc, migrate22(o, sc)]);
    const rewritten = migrated.filter(([, m]) => !m.legacy);
    const kept = migrated.filter(([, m]) => m.legacy);
    expect(rewritten.length + kept.length).toBe(1500);

    // Left in 2.2 syntax: every access finding says what mod_access_compat does with it.
    // allowoverride-authconfig speaks of the AllowOverride line (a .htaccess 2.2 answered 500 for), not of kept access lines.
    const onKept = (m: Migrated22) => m.findings.filter((f) => !f.startsWith('allowoverride-authconfig: '));
    const silent = kept.filter(([, m]) => !onKept(m).length || onKept(m).some((f) => !f.includes(KEEPS) && !f.includes(CHANGES)));
    expect(silent.map(([sc]) => sc.name), 'scenarios left in 2.2 syntax without a finding on mod_access_compat').toEqual([]);
    const compatKeeps = kept.filter(([, m]) => onKept(m).every((f) => f.includes(KEEPS)));

    const without = await replay(o, rewritten, WITHOUT_COMPAT);
    const withCompat = await replay(o, compatKeeps, WITH_COMPAT);
    console.log(`oracle22 on the real 2.4: ${rewritten.length} scenarios rewritten (${without.requests} requests without mod_access_compat, ${without.wrong.length} differ from 2.2); `
      + `${kept.length} left in 2.2 syntax, ${compatKeeps.length} of them found to keep their 2.2 answers under mod_access_compat (${withCompat.requests} requests, ${withCompat.wrong.length} differ), `
      + `${kept.length - compatKeeps.length} found to change under it`);
    expect(without.wrong.slice(0, 20), `${without.wrong.length} of ${without.requests} requests of rewritten scenarios differ from 2.2`).toEqual([]);
    expect(withCompat.wrong.slice(0, 20), `${withCompat.wrong.length} of ${withCompat.requests} requests of scenarios said to keep their answers under mod_access_compat differ`).toEqual([]);
  }, 1_800_000);
});
