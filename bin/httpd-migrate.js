#!/usr/bin/env node
'use strict';
// CommonJS (bin/package.json): an ES module entry would start Node's ES module loader, and importing
// node:fs from one makes Node build its full export list (streams included), both at start-up cost.
const { fstatSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

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
  // The cache carries a hash of V8's flags: it is recorded under the flags it will be loaded under.
  if (process.env.HTTPD_MIGRATE_WRITE_CODE_CACHE === '1') {
    process.once('exit', () => {
      module.exports.untuneCollector();
      writeFileSync(cache, script.createCachedData());
    });
  }
  return module.exports;
}

/** Whether nothing is left to write to fd: only a terminal gets Node's stream (src/cli/io.ts). */
function written(fd, stream) {
  try {
    if (!fstatSync(fd).isCharacterDevice() || !require('node:tty').isatty(fd)) return true;
  } catch { /* closed */ }
  return stream().writableLength === 0;
}

const dist = join(__dirname, '../dist/src/cli');
const bundle = loadBundle(dist);
(bundle ? Promise.resolve(bundle) : import(pathToFileURL(join(dist, 'main.js')).href))
  .then(({ main, tuneCollector }) => {
    // After compiling: V8 would reject the code cache under other flags (src/cli/collector.ts).
    tuneCollector();
    return main(process.argv.slice(2));
  })
  .then((code) => {
    process.exitCode = code;
    // Once the output is written, exit at once: a process left to end by itself tears V8's heap
    // down page by page (munmap, a scavenge first), ~10 ms of CPU on a one-file check, where exit()
    // leaves the memory to the kernel. Pipes and files were written with writeSync (src/cli/io.ts);
    // a terminal's stream is asked, and output it still holds drains the ordinary way.
    if (written(1, () => process.stdout) && written(2, () => process.stderr)) process.exit(code);
  });
