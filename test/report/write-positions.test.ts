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
});
