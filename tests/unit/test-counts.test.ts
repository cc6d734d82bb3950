/** @jest-environment node */
import report from "./fixtures/playwright-flaky-report.json";
import { add, jestCounts, playwrightCounts, summaryLines } from "@/scripts/test-counts.mjs";

/** A Jest --json report of one file: one test passed on its second try (jest.retryTimes), one at once. */
const jestReport = {
  numPassedTests: 2,
  numFailedTests: 0,
  numRuntimeErrorTestSuites: 0,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [
    {
      name: `${process.cwd()}/tests/api/x.test.ts`,
      assertionResults: [
        { status: "passed", invocations: 2, fullName: "x retries once", title: "retries once" },
        { status: "passed", invocations: 1, fullName: "x passes", title: "passes" },
        { status: "pending", invocations: 1, fullName: "x later", title: "later" },
      ],
    },
  ],
};

const empty = () => ({ passed: 0, failed: 0, skipped: 0, flaky: [] as string[] });

describe("the counts of npm test", () => {
  it("counts a Playwright test that passed only on retry as flaky and failed, not passed, and names it", () => {
    // The report is real (retries: 1, the first try failed); Playwright itself exited 0 for it.
    const counts = playwrightCounts(report, 0);
    expect(counts).toEqual({
      passed: 1,
      failed: 1,
      skipped: 1,
      flaky: ["demo.spec.ts › a group › fails the first time, passes on the retry"],
    });
  });

  it("counts a Jest test that needed a retry the same way", () => {
    expect(jestCounts(jestReport, 0)).toEqual({
      passed: 1,
      failed: 1,
      skipped: 1,
      flaky: ["tests/api/x.test.ts › x retries once"],
    });
  });

  it("fails a tier whose runner failed without a failing test", () => {
    const clean = { stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 }, suites: [] };
    expect(playwrightCounts(clean, 0).failed).toBe(0);
    expect(playwrightCounts(clean, 1).failed).toBe(1);
  });

  it("prints each flaky test and ends with exactly 'N passed, N failed, N skipped'", () => {
    const totals = add(add(empty(), jestCounts(jestReport, 0)), playwrightCounts(report, 0));
    const lines = summaryLines(totals);
    expect(lines).toEqual([
      "2 flaky (passed only on a retry; counted as failed):",
      "  flaky: tests/api/x.test.ts › x retries once",
      "  flaky: demo.spec.ts › a group › fails the first time, passes on the retry",
      "2 passed, 2 failed, 2 skipped",
    ]);
    expect(summaryLines(empty())).toEqual(["0 passed, 0 failed, 0 skipped"]);
  });
});
