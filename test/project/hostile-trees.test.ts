/**
 * No tree can hang or crash a run (issue 12, items 11-13): include cycles through globs, deep
 * nesting, huge include lists, huge files and pseudo-filesystems end with findings, not a hang,
 * a stack overflow or an out-of-memory crash.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parse/parser.js';
import { print } from '../../src/print/print.js';
import { components } from '../../src/project/components.js';
import { projectOf, type SourceFile } from '../../src/project/project.js';
import { MAX_FILE_BYTES } from '../../src/project/read.js';
import { findingLines, findingsWithRemedy, runCli } from '../helpers/cli.js';
import { sourceFile } from '../helpers/source-file.js';
import { tempDir } from '../helpers/tmp.js';

describe('hostile trees', () => {
  it('follows two files that include the glob matching them once each, while proving an access rewrite (item 11)', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'conf.d'));
    writeFileSync(join(cwd, 'httpd.conf'), 'Listen 80\nInclude conf.d/*.conf\n<Directory /x>\nOrder allow,deny\nAllow from all\n</Directory>\n');
    writeFileSync(join(cwd, 'conf.d/a.conf'), 'Include conf.d/*.conf\n');
    writeFileSync(join(cwd, 'conf.d/b.conf'), 'Include conf.d/*.conf\n');
    const r = await runCli(['diff', '--server-root', cwd, 'httpd.conf'], { cwd });
    expect(findingsWithRemedy(r.stderr)).toMatch(/conf\.d\/a\.conf:1:1 {2}error {2}Include cycle.*conf\.d\/a\.conf → conf\.d\/a\.conf/);
    expect(r.stdout).toContain('+Require all granted');
  });

  it('reports sections nested 5,000 deep at file:line:col and keeps every byte, without a stack overflow (item 12)', async () => {
    const cwd = tempDir();
    const text = `${'<IfModule mod_x.c>\n'.repeat(5000)}KeepAlive 1\n${'</IfModule>\n'.repeat(5000)}`;
    writeFileSync(join(cwd, 'nest.conf'), text);
    expect(print(parse(text))).toBe(text);
    const r = await runCli(['write', 'nest.conf'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('');
    expect(findingsWithRemedy(r.stdout)).toMatch(/^nest\.conf:257:1 {2}error {2}sections are nested more than 256 levels deep here {2}syntax {2}\| httpd-migrate reads no deeper, so the file was not migrated$/m);
  });

  it('groups a project where one Include reads 20,000 files without deep recursion (item 12)', () => {
    const files: SourceFile[] = Array.from({ length: 20_001 }, (_, i) => sourceFile(`/t/f${i}.conf`, '', { display: `f${i}.conf` }));
    const main = parse('Include *.conf\n', '/t/f0.conf');
    files[0] = { ...files[0]!, ast: main };
    const project = { ...projectOf(files), includes: [{ from: '/t/f0.conf', directive: main.children[0] as never, optional: false, pattern: '/t/*.conf', serverRoot: '/t', files: files.slice(1).map((f) => f.path), context: [] }] };
    expect(components(project)).toHaveLength(1);
  });

  it(`refuses a file over ${MAX_FILE_BYTES / 2 ** 20} MB with a clear error instead of running out of memory (item 13)`, async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'huge.conf'), 'KeepAlive On\n'.repeat(Math.ceil((MAX_FILE_BYTES + 1) / 13)));
    const r = await runCli(['check', 'huge.conf'], { cwd });
    expect(r.code).toBe(2);
    expect(findingsWithRemedy(r.stdout)).toMatch(/^huge\.conf:1:1 {2}error {2}cannot read {2}io {2}\| it is 16.0 MB, and httpd-migrate reads configuration files of up to 16 MB$/m);
  });

  it('checks a <Directory> path with a [ that has no ], which fuzzing found crashing check', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'httpd.conf'), '<Directory /usr[share/doc>\nOptions None\n</Directory>\n<Directory /usr/share>\nOrder allow,deny\nAllow from all\n</Directory>\n');
    const r = await runCli(['check', 'httpd.conf'], { cwd });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
  });

  it('does not read /sys, /proc or /dev through an Include (item 13)', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'httpd.conf'), 'IncludeOptional /sys/kernel\nInclude /proc/self/*\nKeepAlive 1\n');
    const r = await runCli(['check', 'httpd.conf'], { cwd });
    expect(findingsWithRemedy(r.stdout)).toMatch(/^httpd\.conf:1:1 {2}warning {2}IncludeOptional \/sys\/kernel is in \/proc, \/sys or \/dev, which hold no configuration files {2}include {2}\| it was not read\.$/m);
    expect(findingLines(r.stdout)).toMatch(/^httpd\.conf:2:1 {2}warning {2}Include \/proc\/self\/\* is in/m);
    expect(r.stdout).toMatch(/problems? \(.*\) in 1 file\./);
  });
  it('reports a directory holding two symlinks to itself at the Include line and reads its file once, without a hang', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'conf/d'), { recursive: true });
    symlinkSync('.', join(cwd, 'conf/d/l1'));
    symlinkSync('.', join(cwd, 'conf/d/l2'));
    writeFileSync(join(cwd, 'conf/d/a.conf'), 'ServerAdmin a\n');
    writeFileSync(join(cwd, 'conf/httpd.conf'), 'ServerName localhost\nInclude conf/d\n');
    // httpd reads d/a.conf, d/l1/a.conf, d/l1/l1/a.conf… and stops with "Too many levels of symbolic links";
    // following both links to that depth is 2^40 paths.
    const r = await runCli(['check', '--server-root', cwd, 'conf/httpd.conf'], { cwd });
    expect(findingsWithRemedy(r.stdout)).toMatch(/^conf\/httpd\.conf:2:1 {2}error {2}httpd refuses to start on this line {2}include {2}\| \S+\/conf\/d\/l1 leads back to \S+\/conf\/d through a symbolic link.*"Too many levels of symbolic links"/m);
    expect(r.stdout).toMatch(/1 problem .* in 2 files\./);
  }, 10_000);
});
