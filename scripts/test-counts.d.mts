export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** Names of tests that passed only on a retry (already counted in `failed`). */
  flaky: string[];
}
export function jestCounts(report: unknown, exitStatus?: number): Counts;
export function playwrightCounts(report: unknown, exitStatus?: number): Counts;
export function add(totals: Counts, counts: Counts): Counts;
export function summaryLines(totals: Counts): string[];
