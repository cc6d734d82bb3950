// npm run test:e2e:dates [-- 2027-03-14T03:30:00-07:00 …]: the whole end-to-end suite once per date
// (the @during-block tests only on the date inside a Focus Block),
// to find tests that pass only on some days (the demo school is seeded around "now", so its content
// changes with the date). Each run gets a fresh database; the server runs under libfaketime and the
// browsers on Playwright's clock (tests/e2e/clock.ts). Needs a build (`next build`) and Debian's
// faketime. Prints one line per date and exits non-zero when any date failed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { playwrightCounts } from "./test-counts.mjs";

/** Days chosen for what tends to break date code, in the demo school's zone (America/Vancouver). */
const DATES = [
  ["2026-11-23T08:05:00-08:00", "Monday before school: no Focus Block on Mondays"],
  ["2026-11-24T09:40:00-08:00", "Tuesday during the Focus Block (09:26-10:06)"],
  ["2026-11-27T23:30:00-08:00", "Friday 23:30: already Saturday in UTC"],
  ["2026-11-28T12:00:00-08:00", "Saturday"],
  ["2026-11-01T01:30:00-07:00", "clocks go back: the repeated hour"],
  ["2027-03-14T03:30:00-07:00", "clocks go forward"],
  ["2026-12-31T23:50:00-08:00", "New Year's Eve: the week spans two years"],
  ["2028-02-29T10:30:00-08:00", "leap day, a Tuesday"],
  ["2026-09-01T08:00:00-07:00", "first day of the school year: last week is outside it"],
  ["2027-06-25T09:00:00-07:00", "last Friday of the school year: next week is outside it"],
  ["2027-07-20T09:00:00-07:00", "summer, between two school years"],
];

const distDir = process.env.NEXT_DIST_DIR ?? ".next";
if (!fs.existsSync(path.join(distDir, "BUILD_ID"))) {
  console.error(`No build in ${distDir}: run \`NEXT_DIST_DIR=${distDir} npx next build\` first.`);
  process.exit(1);
}
const asked = process.argv.slice(2).filter((arg) => arg !== "--");
// A date from the list keeps its description (so the Focus Block date still runs the @during-block tests).
const dates =
  asked.length > 0 ? asked.map((date) => DATES.find(([known]) => known === date) ?? [date, "given"]) : DATES;

const out = fs.mkdtempSync(path.join(os.tmpdir(), "flexblock-e2e-dates-"));
const results = [];
for (const [date, why] of dates) {
  const report = path.join(out, `${results.length}.json`);
  console.log(`\n=== ${date} (${why})`);
  const started = Date.now();
  // Tests tagged @during-block need a Focus Block in progress: they run only on a date inside one.
  const args = why.includes("during the Focus Block") ? ["test"] : ["test", "--grep-invert", "@during-block"];
  const status =
    spawnSync("node_modules/.bin/playwright", args, {
      stdio: "inherit",
      env: {
        ...process.env,
        E2E_NOW: date,
        E2E_CLOCK_OFFSET_MS: "",
        E2E_REPORT: report,
        E2E_PGLITE_DIR: path.join(out, `db-${results.length}`, "pglite"),
      },
    }).status ?? 1;
  const json = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, "utf8")) : null;
  const counts = json ? playwrightCounts(json, status) : { passed: 0, failed: 1, skipped: 0, flaky: [] };
  const failedNames = [];
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === "unexpected")) failedNames.push([...here, spec.title].join(" › "));
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of json?.suites ?? []) walk(suite, []);
  results.push({ date, why, ...counts, failedNames, seconds: Math.round((Date.now() - started) / 1000) });
}
fs.rmSync(out, { recursive: true, force: true });

console.log("\n=== end-to-end suite by date");
for (const r of results) {
  console.log(`${r.date}  ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped  (${r.seconds} s; ${r.why})`);
  for (const name of [...r.failedNames, ...r.flaky.map((n) => `flaky: ${n}`)]) console.log(`    ${name}`);
}
const total = results.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }), { passed: 0, failed: 0, skipped: 0 });
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
