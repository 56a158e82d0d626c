import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

const OLD = '<Directory "/srv/www">\n    Order deny,allow\n    Deny from all\n    Allow from 10.0.0.0/8\n</Directory>\n';

function trees(newText: string): string {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'old.conf'), OLD);
  writeFileSync(join(cwd, 'new.conf'), newText);
  return cwd;
}

describe('verify', () => {
  it('exits 0 when a hand migration keeps every answer', async () => {
    const cwd = trees('<Directory "/srv/www">\n    Require ip 10.0.0.0/8\n</Directory>\n');
    const r = await runCli(['verify', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    expect(r.stdout).toMatch(/^✔ all \d+ representative requests get the same answer in both trees\.$/m);
    expect(r.code).toBe(0);
  });

  it('lists each request that changes, with both outcomes, and exits 1', async () => {
    const cwd = trees('<Directory "/srv/www">\n    Require all granted\n</Directory>\n');
    const r = await runCli(['verify', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^request +before \(2\.2\) +after \(2\.4\)$/m);
    expect(r.stdout).toMatch(/from (?!10\.)[\d.]+.*403.*200/);
    expect(r.stdout).not.toMatch(/from 10\.[\d.]+.*403/);
  });

  it('gives JSON rows for machines', async () => {
    const cwd = trees('<Directory "/srv/www">\n    Require all denied\n</Directory>\n');
    const r = await runCli(['verify', '--format', 'json', 'old.conf', 'new.conf', '--no-htaccess'], { cwd });
    const doc = JSON.parse(r.stdout);
    expect(doc.exitCode).toBe(1);
    expect(doc.rows.length).toBeGreaterThan(0);
    expect(doc.rows[0]).toEqual({ request: expect.stringMatching(/from 10\./), before: expect.stringMatching(/200/), after: expect.stringMatching(/403/) });
  });
});
