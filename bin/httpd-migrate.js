#!/usr/bin/env node
'use strict';
// CommonJS (bin/package.json): an ES module entry would start Node's ES module loader, and importing
// node:fs from one makes Node build its full export list (streams included), both at start-up cost.
const { readFileSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

// A reader that stops early (`httpd-migrate diff … | head`) closes the pipe: stop quietly, with the
// status a process killed by SIGPIPE has (128 + 13), as other Unix tools do, instead of a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(141);
  });
}

/**
 * The CLI as one CommonJS file with V8's code cache (scripts/bundle.mjs, run by `npm run build`):
 * loading it costs a fraction of loading dist/src's modules one by one. When the bundle is missing
 * or older than the build (tsc run alone), the modules are loaded instead.
 */
function loadBundle(dist) {
  const file = join(dist, 'bundle.js');
  try {
    if (statSync(file).mtimeMs < statSync(join(dist, 'main.js')).mtimeMs) return null;
  } catch {
    return null;
  }
  const cache = join(dist, 'bundle.cache');
  let cachedData;
  try { cachedData = readFileSync(cache); } catch { /* no cache: V8 compiles */ }
  // The file is one function expression (scripts/bundle.mjs wraps it) that takes CommonJS's arguments.
  const script = new Script(readFileSync(file, 'utf8'), { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require('node:module').createRequire(file), module, file, dist);
  if (process.env.HTTPD_MIGRATE_WRITE_CODE_CACHE === '1') process.once('exit', () => writeFileSync(cache, script.createCachedData()));
  return module.exports;
}

const dist = join(__dirname, '../dist/src/cli');
const bundle = loadBundle(dist);
(bundle ? Promise.resolve(bundle) : import(pathToFileURL(join(dist, 'main.js')).href))
  .then(({ main }) => main(process.argv.slice(2)))
  .then((code) => {
    process.exitCode = code;
    // Once the output is written, exit at once: a process left to end by itself tears V8's heap
    // down page by page (munmap, a scavenge first), ~10 ms of CPU on a one-file check, where exit()
    // leaves the memory to the kernel. Output still queued (a slow pipe) drains the ordinary way.
    if (process.stdout.writableLength === 0 && process.stderr.writableLength === 0) process.exit(code);
  });
