// .ci/run's last line, from vitest's JSON report: a file that failed outside its tests must not read "0 failed".
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tmp.js';

const script = join(import.meta.dirname, '..', '..', '.ci', 'summary.mjs');

type Status = 'passed' | 'failed' | 'skipped';
function report(files: { status: Status; tests: Status[] }[], success: boolean) {
  const tests = files.flatMap((f) => f.tests);
  return {
    numPassedTests: tests.filter((s) => s === 'passed').length,
    numFailedTests: tests.filter((s) => s === 'failed').length,
    numPendingTests: tests.filter((s) => s === 'skipped').length,
    numTodoTests: 0,
    success,
    testResults: files.map((f) => ({ status: f.status, assertionResults: f.tests.map((status) => ({ status })) })),
  };
}

function lastLine(r: object): string {
  const file = join(tempDir('ci-summary-'), 'report.json');
  writeFileSync(file, JSON.stringify(r));
  return execFileSync(process.execPath, [script, file], { encoding: 'utf8' }).trim();
}

describe('.ci/summary.mjs', () => {
  it('counts passed, failed and skipped tests', () => {
    expect(lastLine(report([{ status: 'passed', tests: ['passed', 'skipped'] }, { status: 'failed', tests: ['failed', 'passed'] }], false)))
      .toBe('2 passed, 1 failed, 1 skipped');
    expect(lastLine(report([{ status: 'passed', tests: ['passed'] }], true))).toBe('1 passed, 0 failed');
  });

  it('counts a file whose beforeAll threw (its tests skipped, none failed) as a failure', () => {
    expect(lastLine(report([{ status: 'passed', tests: ['passed'] }, { status: 'failed', tests: ['passed', 'skipped'] }], false)))
      .toBe('2 passed, 1 failed, 1 skipped');
  });

  it('never says 0 failed on a run vitest calls unsuccessful', () => {
    expect(lastLine(report([{ status: 'passed', tests: ['passed'] }], false))).toBe('1 passed, 1 failed');
  });
});
