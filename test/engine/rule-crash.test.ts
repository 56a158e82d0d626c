// A rule that throws is reported as an error naming the rule and the file; that file is left as it was
// read, every other file and every other rule goes on, and the run fails (exit 2). The throwing rule is
// injected: a rule of the test's own through the library API, or a real rule's create() spied on for the CLI.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allRules, defineRule, loadProject, migrate, type FileResult, type MigrateOptions, type Rule } from '../../src/index.js';
import preferMaxRequestWorkers from '../../rules/prefer-max-request-workers.js';
import { findingLines, findingsWithRemedy, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

const TEXT = 'Timeout 300\nKeepAlive 5\nMaxClients 150\n';

/** A tree of two identical files, a.conf and b.conf. */
function tree(): string {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'a.conf'), TEXT);
  writeFileSync(join(cwd, 'b.conf'), TEXT);
  return cwd;
}

/** A rule that throws on the named directive in b.conf only. */
function boom(lname: string, where: 'create' | 'handler' = 'handler'): Rule {
  return defineRule({
    meta: { id: 'boom', description: 'Throws.', row: 'none', kind: 'report' },
    create(context) {
      const mine = context.file.path.endsWith('b.conf');
      if (mine && where === 'create') throw new Error('cannot start');
      return { [`Directive:${lname}`]: () => { if (mine) throw new TypeError(`kaboom on ${lname}`); } };
    },
  });
}

function run(rules: readonly Rule[], guard?: MigrateOptions['guard']) {
  const cwd = tree();
  const result = migrate(loadProject([join(cwd, 'a.conf'), join(cwd, 'b.conf')]), { rules, ...(guard ? { guard } : {}) });
  const byName = (n: string) => result.files.find((f) => f.file.path.endsWith(n))!;
  return { a: byName('a.conf'), b: byName('b.conf') };
}

const ids = (r: FileResult) => [...r.applied, ...r.remaining].map((p) => p.ruleId).sort();

describe('a rule that throws, through the library API', () => {
  const clean = run(allRules);

  it('is an error finding on the file it crashed on, naming the rule, at the node it was visiting', () => {
    const { b } = run([...allRules, boom('keepalive')]);
    const crash = b.remaining.filter((p) => p.crash);
    expect(crash).toEqual([expect.objectContaining({
      ruleId: 'boom', severity: 'error', message: 'rule boom crashed on this file: kaboom on keepalive', line: 2, col: 1,
    })]);
  });

  it('leaves that file as read, with the other rules\' findings, and migrates every other file as before', () => {
    const { a, b } = run([...allRules, boom('keepalive')]);
    expect(b.changed).toBe(false);
    expect(b.output).toBe(TEXT);
    expect(b.skipped).toBe(true);
    expect(ids(b)).toEqual(['boom', ...ids(clean.b)].sort());
    expect(b.applied).toEqual([]);
    expect(a.output).toBe(clean.a.output);
    expect(a.changed).toBe(true);
    expect(ids(a)).toEqual(ids(clean.a));
  });

  it('reports a throw in create() at the top of the file', () => {
    const { a, b } = run([...allRules, boom('keepalive', 'create')]);
    expect(b.remaining.find((p) => p.crash)).toMatchObject({ ruleId: 'boom', message: 'rule boom crashed on this file: cannot start', line: 1, col: 1 });
    expect(a.output).toBe(clean.a.output);
  });

  it('catches a crash on text an earlier fix wrote, and still leaves the file as read', () => {
    // prefer-max-request-workers writes MaxRequestWorkers in the first pass; boom throws on it in the second.
    const { a, b } = run([...allRules, boom('maxrequestworkers')]);
    expect(b.output).toBe(TEXT);
    expect(b.remaining.filter((p) => p.crash)).toEqual([expect.objectContaining({ ruleId: 'boom', message: 'rule boom crashed on this file: kaboom on maxrequestworkers', line: 3 })]);
    expect(a.output).toBe(clean.a.output);
  });

  it('names the rule whose fix was being proven when the guard throws', () => {
    const { a, b } = run(allRules, (file) => { if (file.path.endsWith('b.conf')) throw new Error('prover failed'); return null; });
    const crash = b.remaining.find((p) => p.crash)!;
    expect(crash.message).toMatch(/^rule (keep-alive-on-off|prefer-max-request-workers) crashed on this file: prover failed$/);
    expect(b.output).toBe(TEXT);
    expect(a.output).toBe(clean.a.output);
  });
});

describe('a rule that throws, on the command line', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  /** prefer-max-request-workers, as it is, except that it throws on b.conf's MaxClients. */
  function breakRule(): void {
    const real = preferMaxRequestWorkers.create.bind(preferMaxRequestWorkers);
    vi.spyOn(preferMaxRequestWorkers, 'create').mockImplementation((context) => (context.file.path.endsWith('b.conf')
      ? { 'Directive:maxclients': () => { throw new Error('kaboom'); } }
      : real(context)));
  }
  const CRASH = 'rule prefer-max-request-workers crashed on this file: kaboom';
  /** The crash as stylish shows it: the headline, the rule id, then the rule's message below. */
  const SHOWN = 'b.conf:3:1  error  rule prefer-max-request-workers crashed on this file  prefer-max-request-workers  | kaboom';

  it('check: the crash is an error of b.conf, a.conf is reported in full, exit 2', async () => {
    const cwd = tree();
    breakRule();
    const r = await runCli(['check', 'a.conf', 'b.conf'], { cwd });
    expect(r.code).toBe(2);
    expect(findingsWithRemedy(r.stdout)).toContain(SHOWN);
    expect(r.stdout).toContain('1 file not processed');
    const lines = findingLines(r.stdout);
    expect(lines).toMatch(/^a\.conf:3:1 .* prefer-max-request-workers$/m);
    expect(lines).toMatch(/^a\.conf:2:1 .* keep-alive-on-off$/m);
    expect(lines).toMatch(/^b\.conf:2:1 .* keep-alive-on-off$/m);
  });

  it('check --format json: the crash finding, the file counted as failed, exit 2', async () => {
    const cwd = tree();
    breakRule();
    const r = await runCli(['check', '--format', 'json', 'a.conf', 'b.conf'], { cwd });
    expect(r.code).toBe(2);
    const json = JSON.parse(r.stdout) as { summary: { failed: number }; files: { path: string; findings: { ruleId: string; severity: string; message: string; line: number }[] }[] };
    expect(json.summary.failed).toBe(1);
    const b = json.files.find((f) => f.path === 'b.conf')!;
    expect(b.findings).toContainEqual(expect.objectContaining({ ruleId: 'prefer-max-request-workers', severity: 'error', message: CRASH, line: 3 }));
    const a = json.files.find((f) => f.path === 'a.conf')!;
    expect(a.findings.map((f) => f.ruleId).sort()).toEqual(['keep-alive-on-off', 'prefer-max-request-workers']);
  });

  it('diff: a patch for a.conf only, exit 2', async () => {
    const cwd = tree();
    breakRule();
    const r = await runCli(['diff', 'a.conf', 'b.conf'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('+++ b/a.conf');
    expect(r.stdout).toContain('+MaxRequestWorkers 150');
    expect(r.stdout).not.toContain('b.conf');
    expect(findingsWithRemedy(r.stderr)).toContain(SHOWN);
  });

  it('write: a.conf is written, b.conf is left byte for byte, exit 2', async () => {
    const cwd = tree();
    breakRule();
    const r = await runCli(['write', 'a.conf', 'b.conf'], { cwd });
    expect(r.code).toBe(2);
    expect(readFileSync(join(cwd, 'a.conf'), 'latin1')).toBe('Timeout 300\nKeepAlive On\nMaxRequestWorkers 150\n');
    expect(readFileSync(join(cwd, 'b.conf'), 'latin1')).toBe(TEXT);
    expect(findingsWithRemedy(r.stdout)).toContain(SHOWN);
  });
});
