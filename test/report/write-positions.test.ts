/**
 * After write, every finding points into the file as rewritten: the parser's and the loader's too,
 * not only the rules'. Found by a helper's bug hunt: two NameVirtualHost lines removed above two
 * Include lines left those lines' findings two lines too low (3:1 and 4:1 in a 3-line file).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

describe('positions after write', () => {
  it('put loader and parser findings at their lines in the rewritten file', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'httpd.conf'), 'NameVirtualHost *:80\nNameVirtualHost *:81\nInclude ${NOPE}/x.conf\nInclude missing/*.conf\nKeepAlive 5\n');
    const r = await runCli(['write', '--format', 'json', '--server-root', '.', 'httpd.conf'], { cwd });
    const lines = readFileSync(join(cwd, 'httpd.conf'), 'latin1').split('\n');
    const findings = JSON.parse(r.stdout).files[0].findings as { line: number; col: number; ruleId: string; message: string }[];
    const include = findings.filter((f) => f.ruleId === 'include');
    expect(include.length).toBeGreaterThanOrEqual(2);
    for (const f of include) {
      const word = f.message.includes('NOPE') ? '${NOPE}' : 'missing/*.conf';
      expect([f.message, lines[f.line - 1]]).toEqual([f.message, expect.stringContaining(word)]);
    }
    expect(findings.filter((f) => f.line > lines.length - 1)).toEqual([]);
  });

  // Found by a helper's bug hunt: a finding that ends where write inserts lines (the LoadModule lines
  // after a last LoadModule line without a line ending) ended after them, 2:1-8:55 for 2:1-2:43.
  it('end a finding before the lines write inserts where it ends', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'httpd.conf'), 'ServerRoot "."\nLoadModule mime_module modules/mod_mime.so');
    const r = await runCli(['write', '--format', 'json', '--server-root', '.', 'httpd.conf'], { cwd });
    const findings = JSON.parse(r.stdout).files[0].findings as { line: number; col: number; endLine: number; endCol: number; ruleId: string }[];
    const after = JSON.parse((await runCli(['check', '--format', 'json', '--server-root', '.', 'httpd.conf'], { cwd })).stdout).files[0].findings as typeof findings;
    expect(readFileSync(join(cwd, 'httpd.conf'), 'latin1').split('\n').length).toBeGreaterThan(3);
    const notes = (fs: typeof findings) => fs.filter((f) => f.ruleId === 'build-notes').map((f) => [f.line, f.col, f.endLine, f.endCol]);
    expect(notes(findings)).toEqual([[2, 1, 2, 43]]);
    expect(notes(findings)).toEqual(notes(after));
  });
});
