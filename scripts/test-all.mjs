// npm test: every tier. Unit and api tests on PGlite; api tests again on PostgreSQL when
// TEST_DATABASE_URL is set; then a production build and the end-to-end tests in Chromium.
// A test that passed only on a retry is flaky: named at the end and counted as failed.
// Ends with one line: "N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { findChromium } from "./find-chromium.mjs";
import { add, jestCounts, playwrightCounts, summaryLines } from "./test-counts.mjs";

const out = fs.mkdtempSync(path.join(os.tmpdir(), "flexblock-test-"));
const jestEnv = {
  ...process.env,
  NODE_OPTIONS: "--experimental-vm-modules --disable-warning=ExperimentalWarning",
  NEXT_TELEMETRY_DISABLED: "1",
};
const totals = { passed: 0, failed: 0, skipped: 0, flaky: [] };
const extra = process.argv.slice(2);
const FAILED_ONCE = { passed: 0, failed: 1, skipped: 0, flaky: [] };

function run(label, command, args, env) {
  console.log(`\n=== ${label}`);
  return spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function jest(label, args, env) {
  const file = path.join(out, `${label}.json`);
  const status = run(label, "node_modules/.bin/jest", ["--ci", "--json", `--outputFile=${file}`, ...args, ...extra], env);
  const report = readJson(file);
  if (!report) console.log(`${label}: no results (jest exited ${status})`);
  add(totals, report ? jestCounts(report, status) : FAILED_ONCE);
}

function e2e() {
  const chromium = findChromium();
  if (chromium.path === null) {
    // One sentence, no stack trace; and CI must not pass without the end-to-end tier.
    console.log(`\n=== playwright (e2e in Chromium)\n${chromium.message}`);
    add(totals, FAILED_ONCE);
    return;
  }
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  const buildStatus = run("next build", "node_modules/.bin/next", ["build"], { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" });
  if (buildStatus !== 0) {
    add(totals, FAILED_ONCE);
    return;
  }
  playwright("playwright (e2e in Chromium)", ["--grep-invert", DURING_THE_BLOCK], {}, chromium.path, distDir);
  // Students checking themselves in need a Focus Block in progress: those tests run once more on a
  // fresh database with the server (libfaketime) and the browsers moved into one.
  if (!hasFaketime()) {
    console.log(`\n=== playwright (during a Focus Block)\n${NO_FAKETIME}`);
    add(totals, FAILED_ONCE);
    return;
  }
  playwright("playwright (during a Focus Block)", ["--grep", DURING_THE_BLOCK], { E2E_NOW: BLOCK_NOW }, chromium.path, distDir);
}

/** Tests tagged with this need the clock inside a Focus Block (a Tuesday, 9:35 in the demo school). */
const DURING_THE_BLOCK = "@during-block";
const BLOCK_NOW = "2026-11-24T09:35:00-08:00";
const NO_FAKETIME =
  "The tests tagged @during-block move the server's clock with libfaketime: install it with `apt-get install faketime`.";

function hasFaketime() {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .some((dir) => dir && fs.existsSync(path.join(dir, "faketime")));
}

function playwright(label, args, env, chromiumPath, distDir) {
  const report = path.join(out, `${label.replace(/\W+/g, "-")}.json`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flexblock-e2e-db-"));
  const status = run(label, "node_modules/.bin/playwright", ["test", ...args], {
    ...process.env,
    ...env,
    CHROMIUM_PATH: chromiumPath,
    NEXT_DIST_DIR: distDir,
    E2E_REPORT: report,
    E2E_PGLITE_DIR: path.join(dataDir, "pglite"),
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  const results = readJson(report);
  add(totals, results ? playwrightCounts(results, status) : FAILED_ONCE);
}

jest("jest (unit + api on PGlite)", [], { ...jestEnv, TEST_DATABASE_URL: "" });
if (process.env.TEST_DATABASE_URL) {
  jest("jest (api on PostgreSQL)", ["--selectProjects", "api"], jestEnv);
}
if (process.env.SKIP_E2E !== "1") e2e();

fs.rmSync(out, { recursive: true, force: true });
console.log("");
for (const line of summaryLines(totals)) console.log(line);
process.exit(totals.failed > 0 ? 1 : 0);
