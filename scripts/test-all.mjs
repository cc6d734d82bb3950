// npm test: every tier. Unit and api tests on PGlite; api tests again on PostgreSQL when
// TEST_DATABASE_URL is set; then a production build and the end-to-end tests in Chromium.
// Ends with one line: "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";

const out = fs.mkdtempSync(path.join(os.tmpdir(), "flexblock-test-"));
const jestEnv = {
  ...process.env,
  NODE_OPTIONS: "--experimental-vm-modules --disable-warning=ExperimentalWarning",
  NEXT_TELEMETRY_DISABLED: "1",
};
const totals = { passed: 0, failed: 0, skipped: 0 };
const extra = process.argv.slice(2);

function run(label, command, args, env) {
  console.log(`\n=== ${label}`);
  return spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;
}

function addJest(label, file, status) {
  if (!fs.existsSync(file)) {
    console.log(`${label}: no results (jest exited ${status})`);
    totals.failed += 1;
    return;
  }
  const r = JSON.parse(fs.readFileSync(file, "utf8"));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  if (status !== 0 && r.numFailedTests + r.numRuntimeErrorTestSuites === 0) totals.failed += 1;
}

function jest(label, args, env) {
  const file = path.join(out, `${label}.json`);
  const status = run(label, "node_modules/.bin/jest", ["--ci", "--json", `--outputFile=${file}`, ...args, ...extra], env);
  addJest(label, file, status);
}

jest("jest (unit + api on PGlite)", [], { ...jestEnv, TEST_DATABASE_URL: "" });
if (process.env.TEST_DATABASE_URL) {
  jest("jest (api on PostgreSQL)", ["--selectProjects", "api"], jestEnv);
}

if (process.env.SKIP_E2E !== "1") {
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  const buildStatus = run("next build", "node_modules/.bin/next", ["build"], { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" });
  if (buildStatus !== 0) {
    totals.failed += 1;
  } else {
    const report = path.join(out, "e2e.json");
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flexblock-e2e-db-"));
    const status = run("playwright (e2e in Chromium)", "node_modules/.bin/playwright", ["test"], {
      ...process.env,
      NEXT_DIST_DIR: distDir,
      E2E_REPORT: report,
      E2E_PGLITE_DIR: path.join(dataDir, "pglite"),
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (fs.existsSync(report)) {
      const stats = JSON.parse(fs.readFileSync(report, "utf8")).stats;
      totals.passed += stats.expected + stats.flaky;
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
      if (status !== 0 && stats.unexpected === 0) totals.failed += 1;
    } else {
      totals.failed += 1;
    }
  }
}

fs.rmSync(out, { recursive: true, force: true });
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
