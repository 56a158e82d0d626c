/**
 * Part of `npm run build`, after tsc: bundles the CLI (dist/src/cli/main.js and everything it
 * imports, commander and chalk included) into one CommonJS file, dist/src/cli/bundle.js, and
 * records V8's compiled code for it in dist/src/cli/bundle.cache.
 *
 * Why: a one-file `check` (the pre-commit case) spent most of its time loading ~170 modules
 * through Node's ES module loader (resolving, reading, compiling each). One file read and
 * compiled from the code cache costs a fraction of that; bin/httpd-migrate.js loads it.
 * The cache is made by running the bundle once on fixtures/_example, so it holds the functions
 * a check compiles, not only the top level. A Node whose V8 differs rejects it and compiles.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Two imports replaced in the bundle, each of which loaded Node modules at start-up that a check
 * never uses (together ~4 ms of a one-file check's CPU):
 * - chalk's `#supports-color` looks at the terminal (node:os, node:tty, the environment) when chalk
 *   loads. Every Chalk here is made with an explicit level (0 or 1, from src/cli/io.ts's colorLevel),
 *   so what it finds is never read: it says "no colour" without looking.
 * - node:child_process (which loads node:net, node:dgram…) is loaded on the first call instead:
 *   only --httpd, write's copy of extended attributes, and commander's executable subcommands
 *   (which this CLI has none of) call it. A function missing here fails the build, not a run.
 */
const SHIMS = {
  'supports-color': 'export default { stdout: false, stderr: false };',
  'child-process': `
    const real = () => require('child_process');
    export const spawn = (...a) => real().spawn(...a);
    export const spawnSync = (...a) => real().spawnSync(...a);
    export const execFile = (...a) => real().execFile(...a);
    export const execFileSync = (...a) => real().execFileSync(...a);`,
};
const shims = {
  name: 'start-up shims',
  setup(b) {
    b.onResolve({ filter: /^#supports-color$/ }, (a) => (a.importer.includes('/node_modules/chalk/') ? { path: 'supports-color', namespace: 'shim' } : undefined));
    b.onResolve({ filter: /^node:child_process$/ }, () => ({ path: 'child-process', namespace: 'shim' }));
    b.onLoad({ filter: /.*/, namespace: 'shim' }, (a) => ({ contents: SHIMS[a.path], loader: 'js' }));
  },
};
const out = join(root, 'dist/src/cli/bundle.js');
rmSync(`${out.slice(0, -3)}.cache`, { force: true });
await build({
  entryPoints: [join(root, 'dist/src/cli/main.js')],
  outfile: out,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Whitespace, syntax and local names: a smaller text and code cache to read and deserialize
  // (518 -> 377 KB; ~5 ms of a one-file check). Stack traces (DEBUG=1) name minified functions; the
  // modules under dist/src, which bin runs when the bundle is missing, keep their names.
  minify: true,
  logLevel: 'warning',
  plugins: [shims],
  // The modules find package.json and fast-glob from their own URL: the bundle's, in the same folder.
  define: { 'import.meta.url': '__bundleUrl' },
  // The file is the function bin/httpd-migrate.js calls with CommonJS's arguments, so that the text it
  // reads is the script V8 compiles, not a copy of it inside a wrapper (half a MB less to allocate).
  banner: { js: "(function (exports, require, module, __filename, __dirname) {const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  footer: { js: '})' },
});
const example = join(root, 'fixtures/_example');
try {
  execFileSync(process.execPath, [join(root, 'bin/httpd-migrate.js'), 'check', '--no-color', '--server-root', example, join(example, 'conf/httpd.conf')], {
    env: { ...process.env, HTTPD_MIGRATE_WRITE_CODE_CACHE: '1' }, stdio: 'ignore',
  });
} catch (e) {
  if (e.status !== 1) throw e; // 1: the example has findings, as it should
}
