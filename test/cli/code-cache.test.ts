/**
 * bin/httpd-migrate.js compiles the bundle from V8's code cache, then tunes the collector
 * (src/cli/collector.ts). The cache carries a hash of V8's flags, so one recorded under the tuned
 * flags would be rejected at every start and a one-file check would compile the whole CLI again.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = resolve(import.meta.dirname, '../../dist/src/cli');

/** What a fresh node says of the shipped cache, compiling the bundle as the bin does; then again once tuned. */
function cacheAccepted(): { fresh: boolean; afterTuning: boolean } {
  const script = `
    const { readFileSync } = require('node:fs'); const { Script } = require('node:vm');
    const file = ${JSON.stringify(resolve(CLI, 'bundle.js'))};
    const compile = () => new Script(readFileSync(file, 'utf8'), { filename: file, cachedData: readFileSync(${JSON.stringify(resolve(CLI, 'bundle.cache'))}) });
    const first = compile();
    const m = { exports: {} };
    first.runInThisContext()(m.exports, require('node:module').createRequire(file), m, file, ${JSON.stringify(CLI)});
    m.exports.tuneCollector();
    console.log(JSON.stringify({ fresh: !first.cachedDataRejected, afterTuning: !compile().cachedDataRejected }));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as { fresh: boolean; afterTuning: boolean };
}

describe('the code cache beside the bundle', () => {
  it('is accepted by a fresh node, and would not be under the tuned flags it is recorded without', () => {
    expect(existsSync(resolve(CLI, 'bundle.cache')), 'npm run build records it').toBe(true);
    const r = cacheAccepted();
    expect(r.fresh).toBe(true);
    // The flags do enter the hash: this is why the bin tunes after compiling and records untuned.
    expect(r.afterTuning).toBe(false);
  });
});
