#!/usr/bin/env node
/**
 * Fuzzing: COUNT mutated inputs (default 100,000) made from the files of a corpus directory, each
 * through parse (print(parse(x)) must give x back), `check`, `diff` + `git apply`, and `write`
 * twice. Fails on a crash (an exception or "internal error"), a batch slower than 30 s, a patch
 * git apply rejects or that gives other bytes than write, or a second write that changes anything.
 * Inputs go in batches of 100 loose files, each in a directory of its own (--no-follow-includes:
 * each is its own input), one git apply per batch. Prints the figures; exits 1 on the first failure, keeping its batch.
 *
 *   npm run build && node scripts/fuzz.mjs CORPUS_DIR [COUNT] [SEED]
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main } from '../dist/src/cli/main.js';
import { parse } from '../dist/src/parse/parser.js';
import { print } from '../dist/src/print/print.js';

const [corpusDir, countArg, seedArg] = process.argv.slice(2);
if (!corpusDir) {
  console.error('usage: node scripts/fuzz.mjs CORPUS_DIR [COUNT] [SEED]');
  process.exit(2);
}
const COUNT = Number(countArg ?? 100_000);
const BATCH = 100;
const HANG_MS = 30_000;
let seed = Number(seedArg ?? 12);

/** mulberry32: the same seed gives the same inputs. */
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (a) => a[Math.floor(random() * a.length)];

function corpusFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { recursive: true })) {
    const p = join(dir, e);
    if (statSync(p).isFile() && !/\.(md|tsv)$/.test(p)) out.push(readFileSync(p));
  }
  return out;
}

/** Pieces that mean something to httpd or to our parser. */
const TOKENS = ['<Directory /x>', '</Directory>', '<IfModule !mod_x.c>', '</IfModule>', '<Location />', '</Location>', 'Order deny,allow', 'Order allow,deny',
  'Allow from all', 'Deny from 10.0.0.0/8', 'Satisfy Any', 'Require valid-user', 'KeepAlive 1', 'MaxClients 5', 'NameVirtualHost *:80', 'Include x.conf',
  '"', "'", '\\', '\\\n', '\r', '\r\n', '\0', '#', '<', '>', '${X}', 'AllowOverride All', 'SSLProtocol all', '\xff\xfe', '\t', ' ', '\n'];

function mutate(sources) {
  const src = pick(sources);
  // A slice of up to 80 lines keeps inputs small and the run fast.
  const lines = src.toString('latin1').split('\n');
  const from = Math.floor(random() * lines.length);
  let text = lines.slice(from, from + 1 + Math.floor(random() * 80)).join('\n') + (random() < 0.8 ? '\n' : '');
  const n = 1 + Math.floor(random() * 6);
  for (let i = 0; i < n; i++) {
    const at = Math.floor(random() * (text.length + 1));
    const r = random();
    if (r < 0.35) text = text.slice(0, at) + pick(TOKENS) + (random() < 0.5 ? '\n' : '') + text.slice(at);
    else if (r < 0.55) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 20));
    else if (r < 0.7) text = text.slice(0, at) + String.fromCharCode(Math.floor(random() * 256)) + text.slice(at + 1);
    else if (r < 0.85) { const other = pick(sources).toString('latin1').split('\n'); text = text.slice(0, at) + pick(other) + '\n' + text.slice(at); }
    else { const ls = text.split('\n'); const j = Math.floor(random() * ls.length); ls.splice(j, 0, ls[Math.floor(random() * ls.length)] ?? ''); text = ls.join('\n'); }
  }
  return Buffer.from(text, 'latin1');
}

async function cli(args, cwd) {
  const out = [];
  const err = [];
  const sink = (into) => ({ write: (c) => { into.push(typeof c === 'string' ? Buffer.from(c, 'utf8') : Buffer.from(c)); }, isTTY: false });
  const code = await main(args, { stdout: sink(out), stderr: sink(err), env: {}, cwd });
  const stderr = Buffer.concat(err).toString('utf8');
  const stdout = Buffer.concat(out);
  if (/^httpd-migrate: internal error/m.test(stderr)) throw new Error(`crash in ${args[0]}: ${stderr}`);
  return { code, stdout };
}

const sources = corpusFiles(resolve(corpusDir));
// Not below /tmp: a corpus line such as `DocumentRoot /tmp` would make every input the context of one .htaccess.
const base = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'httpd-migrate-fuzz-'));
const tally = { inputs: 0, changed: 0, unparsable: 0, slowestBatchMs: 0 };
const t0 = performance.now();
let failed = false;
try {
  for (let b = 0; b * BATCH < COUNT; b++) {
    const size = Math.min(BATCH, COUNT - b * BATCH);
    const dirA = join(base, `a${b}`);
    const dirB = join(base, `b${b}`);
    mkdirSync(dirA);
    const names = [];
    const originals = [];
    for (let i = 0; i < size; i++) {
      const bytes = mutate(sources);
      const text = bytes.toString('latin1');
      const ast = parse(bytes, 'x.conf');
      if (print(ast) !== text) throw new Error(`batch ${b} input ${i}: print(parse(x)) differs from x`);
      if (ast.diagnostics.some((d) => d.severity === 'error')) tally.unparsable++;
      // Each input in a directory of its own, so that no input is read as the context of another.
      const name = `${String(i).padStart(3, '0')}/${random() < 0.15 ? '.htaccess' : 'f.conf'}`;
      mkdirSync(join(dirA, name, '..'));
      writeFileSync(join(dirA, name), bytes);
      names.push(name);
      originals.push(bytes);
    }
    cpSync(dirA, dirB, { recursive: true });
    const args = ['--no-follow-includes', '--no-htaccess', ...names];
    const tb = performance.now();
    await cli(['check', ...args], dirA);
    const diff = await cli(['diff', ...args], dirA);
    const first = await cli(['write', ...args], dirB);
    const afterFirst = names.map((n) => readFileSync(join(dirB, n)));
    const second = await cli(['write', ...args], dirB);
    const ms = performance.now() - tb;
    tally.slowestBatchMs = Math.max(tally.slowestBatchMs, ms);
    if (ms > HANG_MS) throw new Error(`batch ${b} took ${ms.toFixed(0)} ms`);
    names.forEach((n, i) => { if (!readFileSync(join(dirB, n)).equals(afterFirst[i])) throw new Error(`batch ${b}: the second write changed ${n}`); });
    if (first.code === 2 && /cannot write/.test(first.stdout.toString())) throw new Error(`batch ${b}: a write failed:\n${first.stdout}`);
    if (second.code === 2 && /cannot write/.test(second.stdout.toString())) throw new Error(`batch ${b}: the second write failed`);
    if (diff.stdout.length > 0) {
      writeFileSync(join(base, `p${b}.patch`), diff.stdout);
      execFileSync('git', ['apply', join(base, `p${b}.patch`)], { cwd: dirA, stdio: ['ignore', 'ignore', 'pipe'] });
    }
    names.forEach((n, i) => {
      if (!readFileSync(join(dirA, n)).equals(afterFirst[i])) throw new Error(`batch ${b}: git apply and write disagree on ${n}`);
      if (!afterFirst[i].equals(originals[i])) tally.changed++;
    });
    tally.inputs += size;
    rmSync(dirA, { recursive: true, force: true });
    rmSync(dirB, { recursive: true, force: true });
    rmSync(join(base, `p${b}.patch`), { force: true });
    if (process.env.FUZZ_PROGRESS && b % 10 === 0) console.error(`fuzz: ${tally.inputs} inputs, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
} catch (e) {
  failed = true;
  console.error(`fuzz: FAILED after ${tally.inputs} inputs (seed ${seedArg ?? 12}); the batch is kept in ${base}\n${e.stack ?? e}`);
}
if (!failed) {
  rmSync(base, { recursive: true, force: true });
  console.log(`fuzz: ${tally.inputs} mutated inputs from ${sources.length} corpus files in ${((performance.now() - t0) / 1000).toFixed(0)} s: `
    + `no crash, slowest batch of ${BATCH} ${(tally.slowestBatchMs / 1000).toFixed(1)} s, ${tally.changed} changed by write, ${tally.unparsable} with syntax errors, `
    + 'git apply equal to write every time, every second write changed nothing');
}
process.exit(failed ? 1 : 0);
