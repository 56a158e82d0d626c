#!/usr/bin/env node
/**
 * kill -9 at random moments of `httpd-migrate write` on a 50-file tree, RUNS times (default 200):
 * after each kill every file must hold its original bytes or its migrated bytes, no temp file may
 * be where an Include of the tree reads, and a second `write` must complete the tree exactly (and
 * leave no temp file at all). Prints the tally; exits 1 on the first violation.
 *
 *   npm run build && node scripts/kill-write.mjs [RUNS]
 *
 * The tree reads half its files through a directory Include (`Include conf.d/`, which reads
 * dotfiles too) and half through a wildcard (`Include sites/*.conf`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const RUNS = Number(process.argv[2] ?? 200);
const CLI = resolve(import.meta.dirname, '../bin/httpd-migrate.js');

function site(i) {
  const lines = [`# site ${i}`, 'KeepAlive 1'];
  for (let j = 0; j < 400; j++) lines.push(j % 20 === 0 ? `MaxClients ${i * 1000 + j}` : `# filler ${'x'.repeat(60)} ${j}`);
  return lines.join('\n') + '\n';
}

function makeTree(dir) {
  mkdirSync(join(dir, 'conf.d'));
  mkdirSync(join(dir, 'sites'));
  writeFileSync(join(dir, 'httpd.conf'), `ServerRoot "${dir}"\nListen 80\nKeepAlive 1\nInclude conf.d/\nInclude sites/*.conf\n`);
  for (let i = 0; i < 25; i++) writeFileSync(join(dir, 'conf.d', `c${String(i).padStart(2, '0')}.conf`), site(i));
  for (let i = 0; i < 24; i++) writeFileSync(join(dir, 'sites', `s${String(i).padStart(2, '0')}.conf`), site(100 + i));
}

function list(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(dir.length + 1)).sort();
}

function snapshot(dir) {
  return new Map(list(dir).map((f) => [f, readFileSync(join(dir, f))]));
}

function write(dir) {
  return spawnSync(process.execPath, [CLI, 'write', '--server-root', dir, join(dir, 'httpd.conf')], { cwd: dir, encoding: 'utf8' });
}

/** Where this tree's Include lines read: everything below conf.d/, and sites/*.conf (no leading dot). */
function readByHttpd(rel) {
  return rel === 'httpd.conf' || rel.startsWith('conf.d/') || /^sites\/[^./][^/]*\.conf$/.test(rel);
}

const base = mkdtempSync(join(tmpdir(), 'httpd-migrate-kill-'));
try {
  const pristine = join(base, 'pristine');
  mkdirSync(pristine);
  makeTree(pristine);
  const originals = snapshot(pristine);
  // The reference: one uninterrupted run (with the same ServerRoot path, so the bytes agree).
  const work = join(base, 'tree');
  cpSync(pristine, work, { recursive: true });
  const t0 = performance.now();
  const ref = write(work);
  const duration = performance.now() - t0;
  if (ref.status === 2) throw new Error(`reference write failed:\n${ref.stdout}${ref.stderr}`);
  const migrated = snapshot(work);
  if ([...originals.keys()].join() !== [...migrated.keys()].join()) throw new Error('the reference write left extra files');
  const changedFiles = [...originals.keys()].filter((f) => !originals.get(f).equals(migrated.get(f))).length;
  const tally = { runs: 0, allOriginal: 0, allMigrated: 0, mixed: 0, tempsLeft: 0 };
  for (let run = 0; run < RUNS; run++) {
    rmSync(work, { recursive: true, force: true });
    cpSync(pristine, work, { recursive: true });
    const child = spawn(process.execPath, [CLI, 'write', '--server-root', work, join(work, 'httpd.conf')], { cwd: work, stdio: 'ignore' });
    const delay = Math.random() * duration * 1.1;
    await new Promise((done) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), delay);
      child.on('exit', () => { clearTimeout(timer); done(); });
    });
    let original = 0;
    let done = 0;
    for (const [f, bytes] of originals) {
      const now = readFileSync(join(work, f));
      if (now.equals(bytes)) original++;
      else if (now.equals(migrated.get(f))) done++;
      else throw new Error(`run ${run}: ${f} is neither its original nor its migrated form (killed after ${delay.toFixed(0)} ms)`);
    }
    const extra = list(work).filter((f) => !originals.has(f));
    const readable = extra.filter(readByHttpd);
    if (readable.length > 0) throw new Error(`run ${run}: files left where httpd reads them: ${readable.join(', ')}`);
    if (extra.some((f) => !/\.httpd-migrate-\d+-\d+\.tmp$/.test(f))) throw new Error(`run ${run}: unexpected files ${extra.join(', ')}`);
    if (extra.length) tally.tempsLeft++;
    if (done === 0 || original === 0) tally[done === 0 ? 'allOriginal' : 'allMigrated']++;
    else tally.mixed++;
    const again = write(work);
    if (again.status === 2) throw new Error(`run ${run}: the second write failed:\n${again.stdout}${again.stderr}`);
    const after = snapshot(work);
    if ([...after.keys()].join() !== [...migrated.keys()].join()) throw new Error(`run ${run}: after the second write the tree holds ${[...after.keys()].join(', ')}`);
    for (const [f, bytes] of migrated) if (!after.get(f).equals(bytes)) throw new Error(`run ${run}: the second write left ${f} different from the migrated form`);
    tally.runs++;
  }
  console.log(`kill-write: ${tally.runs} kills of write on a ${originals.size}-file tree (${changedFiles} files change, uninterrupted run ${duration.toFixed(0)} ms): `
    + `${tally.allOriginal} left it all original, ${tally.allMigrated} all migrated, ${tally.mixed} part migrated, ${tally.tempsLeft} left temp files outside what httpd reads; `
    + 'every file was its original or migrated form and every second write completed the tree');
} finally {
  rmSync(base, { recursive: true, force: true });
}
