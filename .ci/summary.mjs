// Prints CI's last line, "N passed, N failed[, N skipped]", from vitest's JSON report (argv[2]).
// A file that failed outside its tests (a beforeAll that threw, an import error) counts as one failure: vitest
// then marks its tests skipped, and numFailedTests alone would say 0 failed on a red run.
import { readFileSync } from 'node:fs';

function summary(report) {
  const outside = report.testResults.filter((file) => file.status === 'failed'
    && !file.assertionResults.some((test) => test.status === 'failed')).length;
  let failed = report.numFailedTests + outside;
  if (!report.success && failed === 0) failed = 1; // e.g. an unhandled error between tests
  const skipped = report.numPendingTests + report.numTodoTests;
  return `${report.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

console.log(summary(JSON.parse(readFileSync(process.argv[2], 'utf8'))));
