import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { runCli } from '../helpers/cli.js';
import { copyTree } from '../helpers/tmp.js';

const EXAMPLE = resolve(import.meta.dirname, '../../fixtures/_example');
/** Mentions of documents that are not shipped with the package. */
const UNSHIPPED = /§|\.\.\/shared|spec\/|semantics|oracle spec|fixtures\/|`(src|test|scripts)\//i;

describe('rules <id>', () => {
  it.each(allRules.map((r) => r.meta))('shows the doc of $id: what, why, the upgrade-notes row and examples', async (meta) => {
    const r = await runCli(['rules', meta.id], { cwd: '/' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(meta.id);
    expect(r.stdout).toMatch(/^Upgrade-notes rows?: /m);
    expect(r.stdout).toMatch(/^Rule Details\n\n\S/m);
    // The examples: a heading, then at least one code block (indented four spaces).
    const examples = r.stdout.slice(r.stdout.indexOf('\nExamples\n'));
    expect(examples, 'an Examples section').toMatch(/^\nExamples\n/);
    expect(examples).toMatch(/\n {4}\s*\S/);
    if (meta.kind !== 'report') expect(examples, 'what it becomes').toMatch(/becomes?|gains|is removed|are removed|are added/);
    expect(r.stdout).not.toMatch(UNSHIPPED);
    expect(r.stdout).not.toMatch(/^#|^```/m);
  });

  it('wraps the doc to the terminal width', async () => {
    const r = await runCli(['rules', 'prefer-require'], { cwd: '/', tty: true, columns: 72, env: { NO_COLOR: '1' } });
    // Code lines are shown as written; prose fits.
    expect(r.stdout.split('\n').filter((l) => l.length > 72 && !l.startsWith('    '))).toEqual([]);
  });

  it('refuses an unknown id with exit 2', async () => {
    const r = await runCli(['rules', 'no-such-rule'], { cwd: '/' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown rule id: no-such-rule');
  });
});

describe('rules', () => {
  it('names only shipped documents, and says how to see a doc', async () => {
    const r = await runCli(['rules'], { cwd: '/' });
    expect(r.stdout).not.toMatch(UNSHIPPED);
    expect(r.stdout).toContain('httpd-migrate rules <id>');
  });

  it('points every JSON finding of a rule at its doc', async () => {
    const cwd = copyTree(EXAMPLE);
    const doc = JSON.parse((await runCli(['check', '--format', 'json', 'conf/httpd.conf', '--server-root', '.'], { cwd })).stdout);
    const findings = doc.files.flatMap((f: { findings: unknown[] }) => f.findings) as { ruleId: string; docs?: { command: string; file: string } }[];
    const ofRules = findings.filter((f) => allRules.some((r) => r.meta.id === f.ruleId));
    expect(ofRules.length).toBeGreaterThan(5);
    for (const f of ofRules) {
      expect(f.docs?.command).toBe(`httpd-migrate rules ${f.ruleId}`);
      expect(existsSync(f.docs!.file), f.docs!.file).toBe(true);
    }
  });
});
