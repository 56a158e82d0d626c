/**
 * Generated scenarios, differential against the real httpd 2.4 (issue 4 item 3).
 *
 *   DIFF_SEED=S DIFF_COUNT=N [DIFF_SECTIONS=K] [GEN_EXTENDED=1] npx vitest run test/differential
 *
 * reproduces (or extends) a run: scenario i is generate(S + i), with up to K sections and .htaccess files
 * beside the <Directory> (default 2), and with GEN_EXTENDED=1 regex and wildcard sections too (generate.ts). Every disagreement is minimised and
 * printed as a case.txt for fixtures/_differential/<name>/ (see case-file.ts); the summary line
 * gives the seed range, agreement and time. Checks (see run.ts): (a) the migrated config on real
 * 2.4 against decide24(migrated) and decide22(original); (b) the original on real 2.4 with
 * mod_access_compat against decide24(original).
 */
import { describe, expect, it } from 'vitest';
import { requireHttpdOrSkip } from '../oracle/httpd.js';
import { EXTENDED_FROM_ENV, generate } from './generate.js';
import { caseText, minimise } from './minimise.js';
import { prepare, runChecks, type Disagreement } from './run.js';
import { serverStats } from './servers.js';

const oracle = requireHttpdOrSkip();

const SEED = Number(process.env.DIFF_SEED ?? 22_000_000);
const COUNT = Number(process.env.DIFF_COUNT ?? 5000);
const SECTIONS = Number(process.env.DIFF_SECTIONS ?? 2);
/** Scenarios per server start. */
const BATCH = 1000;
/** Disagreements minimised and printed (one per distinct check/expected/got). */
const MAX_PRINTED = Number(process.env.DIFF_PRINT ?? 8);

/** One disagreement per kind: same check, expected and real status, .htaccess or not, refusal or not. */
function kinds(ds: readonly Disagreement[]): Disagreement[] {
  const seen = new Map<string, Disagreement>();
  for (const d of ds) {
    const k = `${d.check}|${d.expected.status}|${d.got}|${Object.keys(d.spec.htaccess).length > 0}|${d.refusals.length > 0}`;
    if (!seen.has(k)) seen.set(k, d);
  }
  return [...seen.values()];
}

describe.skipIf(oracle.skip)('differential: generated 2.2 configurations against real httpd 2.4', () => {
  it(`agrees on ${COUNT} scenarios from seed ${SEED}`, async () => {
    const t0 = performance.now();
    const all: Disagreement[] = [];
    let requests = 0;
    let scenariosWithDisagreement = 0;
    let refused = 0;
    let counterexamples = 0;
    let mixed = 0;
    let bSkipped = 0;
    for (let start = 0; start < COUNT; start += BATCH) {
      const n = Math.min(BATCH, COUNT - start);
      const prepared = Array.from({ length: n }, (_, i) => prepare(generate(SEED + start + i, { comments: true, sections: SECTIONS, extended: EXTENDED_FROM_ENV })));
      refused += prepared.filter((p) => p.refusals.length).length;
      counterexamples += prepared.reduce((sum, p) => sum + p.counterexamples, 0);
      mixed += prepared.filter((p) => p.mixed).length;
      bSkipped += prepared.filter((p) => !p.runB).length;
      const r = await runChecks(prepared);
      requests += r.requests;
      all.push(...r.disagreements);
      scenariosWithDisagreement += new Set(r.disagreements.map((d) => d.spec)).size;
    }
    const printed: string[] = [];
    for (const d of kinds(all).slice(0, MAX_PRINTED)) printed.push(caseText(await minimise(d)));
    const secs = Math.round((performance.now() - t0) / 1000);
    const agreed = COUNT - scenariosWithDisagreement;
    console.log(
      `differential: ${COUNT} scenarios, seeds ${SEED}..${SEED + COUNT - 1}, agreed ${agreed}/${COUNT}, ${secs} s`
      + ` (${requests} requests, ${all.length} disagreeing; ${refused} with a refused rewrite, ${counterexamples} refusal counterexamples sent, ${mixed} mixed, `
      + `${bSkipped} not run for (b) because of inline comments; ${serverStats.starts} server starts, ${serverStats.syntaxChecks} apache2 -t, ${serverStats.retries} retried)`,
    );
    for (const [i, text] of printed.entries()) console.log(`---- disagreement ${i + 1} (fixtures/_differential/<name>/case.txt) ----\n${text}`);
    expect(all.map((d) => `${d.check}: ${d.expected.status} expected, ${d.got} real`)).toEqual([]);
  }, 900_000);
});
