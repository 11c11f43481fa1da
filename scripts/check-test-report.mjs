// CI guard: a Vitest JSON report must show tests that ran, none failed, none skipped. A browser
// run that silently did nothing, or a test skipped in CI, fails the build.
import { readFileSync } from 'node:fs';

const [file, label = file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/check-test-report.mjs <report.json> [label]');
  process.exit(2);
}
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`${label}: no test report at ${file} (${error.message}); did the tests run?`);
  process.exit(1);
}
const { numTotalTests, numPassedTests, numFailedTests, numPendingTests, numTodoTests } = report;
console.log(
  `${label}: ${numPassedTests}/${numTotalTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped, ${numTodoTests} todo`,
);
if (!numTotalTests || numPassedTests === 0) {
  console.error(`${label}: no tests ran.`);
  process.exit(1);
}
if (
  numFailedTests > 0 ||
  numPendingTests > 0 ||
  numTodoTests > 0 ||
  numPassedTests !== numTotalTests
) {
  console.error(`${label}: every test must run and pass (skipped tests count as failures).`);
  process.exit(1);
}
