#!/usr/bin/env node
/**
 * Records what `diff` and `check --format json` print for every fixture file, every fixture folder
 * and every file and folder of the real corpus, as one text, so a change meant to keep output byte-identical
 * (a speed-up) can be checked: run it before and after and compare the two files.
 *
 *   node scripts/snapshot-outputs.mjs > before.txt   (after `npm run build`)
 *
 * The corpus is read from HTTPD_MIGRATE_DATA (default: the `shared/` folder beside the project), as the tests do.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { main } from '../dist/src/cli/main.js';

const root = resolve(import.meta.dirname, '..');
const data = process.env.HTTPD_MIGRATE_DATA ? resolve(process.env.HTTPD_MIGRATE_DATA) : resolve(root, '../shared');

function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const s = statSync(p, { throwIfNoEntry: false });
    if (s?.isDirectory()) out.push(...filesUnder(p));
    else if (s?.isFile()) out.push(p);
  }
  return out;
}

async function run(argv) {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (c) => { stdout += typeof c === 'string' ? c : Buffer.from(c).toString('latin1'); } },
    stderr: { write: (c) => { stderr += typeof c === 'string' ? c : Buffer.from(c).toString('latin1'); } },
    env: { NO_COLOR: '1' },
    cwd: root,
    stdin: [],
  };
  const code = await main(argv, io);
  return `$ ${argv.join(' ')}\nexit ${code}\n--- stdout\n${stdout}\n--- stderr\n${stderr}\n`;
}

const fixtures = join(root, 'fixtures');
const targets = [];
for (const name of readdirSync(fixtures).sort()) targets.push(relative(root, join(fixtures, name)));
for (const f of filesUnder(fixtures)) targets.push(relative(root, f));
const corpus = join(data, 'corpus/real');
if (existsSync(corpus)) {
  for (const name of readdirSync(corpus).sort()) if (statSync(join(corpus, name)).isDirectory()) targets.push(join(corpus, name));
  for (const f of filesUnder(corpus)) if (!/\.(md|tsv)$/.test(f)) targets.push(f);
} else {
  process.stderr.write(`corpus not found at ${corpus}: fixtures only\n`);
}

const wholetree = join(data, 'wholetree/stock22/tree');
if (existsSync(wholetree)) targets.push(wholetree);

for (const t of targets) {
  // The corpus names system paths (a DocumentRoot of /tmp): looking for .htaccess files there would read whatever is there today.
  const flags = t.startsWith(root) || !t.startsWith('/') ? [] : ['--no-htaccess'];
  process.stdout.write(await run(['diff', t, ...flags]));
  process.stdout.write(await run(['check', t, '--format', 'json', ...flags]));
}
