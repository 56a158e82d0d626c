/**
 * npm run bench: throughput of parse, parse+print and `check` end to end on a
 * synthetic 10,000-vhost 2.2 tree, with peak memory; and, when apache2 is
 * installed, `apache2 -t` on the equivalent 2.4 tree as the reference.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from '../src/parse/parser.js';
import { print } from '../src/print/print.js';
import { loadProject } from '../src/project/load.js';
import { migrate } from '../src/migrate.js';
import { skipProofsForBenchmark } from '../src/eval/prove.js';
import { allRules } from '../rules/index.js';
import { generateTree } from './generate.js';

const VHOSTS = Number(process.env.BENCH_VHOSTS ?? 10_000);
const PER_FILE = 100;

function mbps(bytes: number, ms: number): string {
  return `${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s`;
}

function time<T>(fn: () => T, runs = 1): { ms: number; value: T } {
  let value!: T;
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) value = fn();
  return { ms: (performance.now() - t0) / runs, value };
}

function findApache(): string | null {
  for (const p of [process.env.HTTPD, '/usr/sbin/apache2', '/usr/sbin/httpd']) if (p && existsSync(p)) return p;
  return null;
}

const base = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'httpd-migrate-bench-'));
try {
  const tree = generateTree(join(base, 't22'), VHOSTS, PER_FILE, '2.2');
  const texts = tree.files > 0 ? readAll(tree.root) : [];
  console.log(`tree: ${VHOSTS} vhosts in ${tree.files} files, ${(tree.bytes / 1e6).toFixed(2)} MB (2.2 syntax)`);

  // Each tree is dropped at once, as in a real run; keeping them all alive would measure the GC instead.
  const parseAll = () => { for (const t of texts) parse(t); };
  const parsePrintAll = () => { for (const t of texts) print(parse(t)); };
  time(parsePrintAll, 3); // warm-up
  const p = time(parseAll, 10);
  console.log(`parse:        ${mbps(tree.bytes, p.ms)}  (${p.ms.toFixed(0)} ms)`);
  const pp = time(parsePrintAll, 10);
  console.log(`parse+print:  ${mbps(tree.bytes, pp.ms)}  (${pp.ms.toFixed(0)} ms)`);

  // Three ways to run `check`, each measured as the median of three runs after one warm-up run of each:
  // - with proofs: what the CLI does;
  // - proofs off: the same rules and the same rewrites, but the prover and the guard skipped (the acceptance baseline);
  // - access rules off: every other rule, so no access rewrite and no second pass either.
  const load = () => loadProject([tree.main], { htaccess: false });
  // Each returns only the number of files to change, so no run's trees outlive it.
  const count = (r: ReturnType<typeof migrate>) => r.files.filter((f) => f.changed).length;
  const withProofs = () => count(migrate(load()));
  const proofsOff = () => { const project = load(); skipProofsForBenchmark(project); return count(migrate(project, { guard: () => null })); };
  const withoutAccess = allRules.filter((r) => !r.meta.access);
  const accessOff = () => count(migrate(load(), { rules: withoutAccess, guard: () => null }));
  const runs = { withProofs: [] as number[], proofsOff: [] as number[], accessOff: [] as number[] };
  let changed = 0;
  for (let round = 0; round < 4; round++) {
    const c = time(withProofs);
    changed = c.value;
    const o = time(proofsOff);
    const a = time(accessOff);
    if (round === 0) continue; // warm-up
    runs.withProofs.push(c.ms);
    runs.proofsOff.push(o.ms);
    runs.accessOff.push(a.ms);
  }
  const c = median(runs.withProofs);
  const o = median(runs.proofsOff);
  const a = median(runs.accessOff);
  console.log(`check:        ${mbps(tree.bytes, c)}  (${c.toFixed(0)} ms, ${changed} files to change, access rewrites proven)`);
  console.log(`check, proofs off:       ${mbps(tree.bytes, o)}  (${o.toFixed(0)} ms; same rewrites, unproven; with proofs is ${(c / o).toFixed(2)}x)`);
  console.log(`check, access rules off: ${mbps(tree.bytes, a)}  (${a.toFixed(0)} ms; with proofs is ${(c / a).toFixed(2)}x)`);
  console.log(`peak memory:  ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB RSS`);

  const apache = findApache();
  if (apache) {
    const mods = '/usr/lib/apache2/modules';
    const head = ['mpm_event', 'authz_core', 'authz_host'].map((m) => `LoadModule ${m}_module ${mods}/mod_${m}.so\n`).join('')
      + `PidFile "${base}/httpd.pid"\nDefaultRuntimeDir "${base}"\nErrorLog "${base}/error.log"\n`;
    const t24 = generateTree(join(base, 't24'), VHOSTS, PER_FILE, '2.4', head);
    const t0 = performance.now();
    const r = spawnSync(apache, ['-t', '-f', t24.main, '-d', t24.root], { encoding: 'utf8' });
    const ms = performance.now() - t0;
    const ok = r.status === 0 ? 'Syntax OK' : `failed: ${(r.stderr || '').trim().split('\n')[0]}`;
    console.log(`apache2 -t:   ${mbps(t24.bytes, ms)}  (${ms.toFixed(0)} ms on the equivalent 2.4 tree, ${(t24.bytes / 1e6).toFixed(2)} MB; ${ok})`);
  } else {
    console.log('apache2 -t:   skipped (apache2 not installed: apt-get install -y apache2-bin)');
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}

function median(xs: number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)]!;
}

function readAll(root: string): Buffer[] {
  const list = execFileSync('find', [root, '-name', '*.conf', '-type', 'f'], { encoding: 'utf8' }).trim().split('\n').sort();
  return list.map((f) => readFileSync(f));
}
