// How scripts/test-all.mjs turns each runner's JSON report into passed / failed / skipped.
// A test that passed only on a retry is flaky: it is named, and counted as failed, never as passed,
// so CI cannot go green on a test that fails some of the time.
import path from "node:path";

/**
 * @typedef {{ passed: number, failed: number, skipped: number, flaky: string[] }} Counts
 */

/** Jest's --json report. Jest retries only with jest.retryTimes; a pass after a retry has invocations > 1. */
export function jestCounts(report, exitStatus = 0) {
  const flaky = [];
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === "passed" && (test.invocations ?? 1) > 1) {
        const where = file.name ? path.relative(process.cwd(), file.name) : "?";
        flaky.push(`${where} › ${test.fullName ?? test.title}`);
      }
    }
  }
  const failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
  const counts = {
    passed: report.numPassedTests - flaky.length,
    failed: failed + flaky.length,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    flaky,
  };
  // The runner failed without a failing test to show for it (a crash, a bad config): still a failure.
  if (exitStatus !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

/** Playwright's JSON reporter: a test's status is "expected", "unexpected", "flaky" or "skipped". */
export function playwrightCounts(report, exitStatus = 0) {
  const flaky = [];
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "flaky") {
          const project = test.projectName ? ` [${test.projectName}]` : "";
          flaky.push(`${[...here, spec.title].join(" › ")}${project}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  const stats = report.stats ?? {};
  const counts = {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + flaky.length,
    skipped: stats.skipped ?? 0,
    flaky,
  };
  // stats.flaky and the walk must agree; if they do not, trust the larger so nothing flaky is lost.
  if ((stats.flaky ?? 0) > flaky.length) {
    const missing = stats.flaky - flaky.length;
    for (let i = 0; i < missing; i++) flaky.push("(a flaky test the report did not name)");
    counts.failed += missing;
  }
  if (exitStatus !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

/** Adds one tier's counts to the totals. */
export function add(totals, counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  totals.flaky.push(...counts.flaky);
  return totals;
}

/** The lines printed at the end of a run; the last one is exactly "N passed, N failed, N skipped". */
export function summaryLines(totals) {
  const lines = [];
  if (totals.flaky.length > 0) {
    lines.push(`${totals.flaky.length} flaky (passed only on a retry; counted as failed):`);
    for (const name of totals.flaky) lines.push(`  flaky: ${name}`);
  }
  lines.push(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  return lines;
}
