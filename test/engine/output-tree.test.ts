// FileResult.outputAst: the fix loop's last parse of a changed file is kept, so the late rules, the Debian
// layout and the --httpd staging read it instead of parsing the output again.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { loadProject, migrate, parse } from '../../src/index.js';
import { tempDir } from '../helpers/tmp.js';

describe('the output tree of a file result', () => {
  it('is the 2.4 reading of the output for a changed file, and null for an unchanged one', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'changed.conf'), 'KeepAlive 5\nMaxClients 150\n');
    writeFileSync(join(cwd, 'same.conf'), 'KeepAlive On\n');
    const result = migrate(loadProject([join(cwd, 'changed.conf'), join(cwd, 'same.conf')]));
    const [changed, same] = result.files;
    expect(changed!.changed).toBe(true);
    expect(changed!.outputAst?.text).toBe(changed!.output);
    const fresh = parse(changed!.output, changed!.file.path, { version: '2.4' });
    expect({ children: changed!.outputAst!.children, diagnostics: changed!.outputAst!.diagnostics }).toEqual({ children: fresh.children, diagnostics: fresh.diagnostics });
    expect(same!.changed).toBe(false);
    expect(same!.outputAst).toBeNull();
  });

  it('follows the rules that run on the migrated tree (a main file with LoadModule lines)', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'httpd.conf'), 'ServerRoot /etc/httpd\nLoadModule mime_module modules/mod_mime.so\n<Directory /x>\nOrder allow,deny\nAllow from all\n</Directory>\n');
    const [main] = migrate(loadProject([join(cwd, 'httpd.conf')])).files;
    expect(main!.changed).toBe(true);
    expect(main!.output).toMatch(/LoadModule authz_core_module/);
    expect(main!.outputAst?.text).toBe(main!.output);
  });
});

describe('a run told not to keep the output trees (outputTrees: false, as check and diff without --httpd)', () => {
  /** The live heap after a full collection, in bytes (Node's gc, reached from a test through V8's flag). */
  const liveHeap = (): number => {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    return process.memoryUsage().heapUsed;
  };

  it('holds no file\'s final tree once the file is done, and gives null outputAst', () => {
    const cwd = tempDir();
    const paths = Array.from({ length: 20 }, (_, i) => join(cwd, `site${i}.conf`));
    // One access section to rewrite, and many lines no rule touches: a final tree weighs far more than the rest of a run.
    const lines = Array.from({ length: 1500 }, (_, i) => `SetEnv VAR${i} value${i}\n`).join('');
    paths.forEach((p, f) => writeFileSync(p, `<Directory /srv/${f}>\nOrder deny,allow\nDeny from all\n</Directory>\n${lines}`));
    /** What the run holds when the last file is done (the live heap then, less the heap before it), and the results. */
    const run = (outputTrees?: boolean) => {
      const start = liveHeap();
      let live = 0;
      const files = migrate(loadProject(paths, { cwd }), { outputTrees, onFile: (done, total) => { if (done === total) live = liveHeap() - start; } }).files;
      return { live, files };
    };
    run(false); // the first run also pays for what every run shares (compiled code, module tables)
    const lean = run(false);
    const kept = run();
    expect(lean.files.every((r) => r.changed && r.outputAst === null)).toBe(true);
    expect(kept.files.every((r) => r.changed && r.outputAst !== null)).toBe(true);
    expect(lean.files.map((r) => r.output)).toEqual(kept.files.map((r) => r.output));
    // What the final trees of the earlier files weigh: the lean run must not be holding them.
    const before = liveHeap();
    const trees = kept.files.slice(0, -1).map((r) => parse(r.output, r.file.path, { version: '2.4' }));
    const weight = liveHeap() - before;
    expect(trees.length).toBe(19);
    // Kept, the difference is about the trees' weight; held by the lean run too, it would be about 0. Half of it
    // tells the two apart with room for the collector's noise (0.8 failed once on a loaded machine: 0.79).
    expect(kept.live - lean.live).toBeGreaterThan(0.5 * weight);
  });

  it('still runs the rules on the migrated tree, and gives the same output as a run that keeps them', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'httpd.conf'), 'ServerRoot /etc/httpd\nLoadModule mime_module modules/mod_mime.so\nInclude site.conf\n');
    writeFileSync(join(cwd, 'site.conf'), '<Directory /x>\nOrder allow,deny\nAllow from all\n</Directory>\n');
    const run = (outputTrees: boolean) => migrate(loadProject([join(cwd, 'httpd.conf')], { cwd }), { outputTrees }).files;
    const lean = run(false);
    expect(lean.map((r) => r.output)).toEqual(run(true).map((r) => r.output));
    expect(lean[0]!.output).toMatch(/LoadModule authz_core_module/);
    expect(lean.every((r) => r.outputAst === null)).toBe(true);
  });
});
