// npm test: every tier. Unit and api tests on PGlite; then a production build and the end-to-end tests in
// Chromium, with the api tests again on PostgreSQL (when TEST_DATABASE_URL is set) in the background beside them.
// A test that passed only on a retry is flaky: named at the end and counted as failed.
// Ends with one line: "N passed, N failed, N skipped".
import { spawn, spawnSync } from "node:child_process";
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

/** Each tier's wall time, printed at the end (where CI's minutes go). */
const tierTimes = [];
function timed(label, started) {
  tierTimes.push([label, (Date.now() - started) / 1000]);
}

function run(label, command, args, env) {
  console.log(`\n=== ${label}`);
  const started = Date.now();
  const status = spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;
  timed(label, started);
  return status;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function jestArgs(label, args) {
  const file = path.join(out, `${label}.json`);
  return { file, argv: ["--ci", "--json", `--outputFile=${file}`, ...args, ...extra] };
}

function collectJest(label, file, status) {
  const report = readJson(file);
  if (!report) console.log(`${label}: no results (jest exited ${status})`);
  add(totals, report ? jestCounts(report, status) : FAILED_ONCE);
}

function jest(label, args, env) {
  const { file, argv } = jestArgs(label, args);
  collectJest(label, file, run(label, "node_modules/.bin/jest", argv, env));
}

/**
 * A jest tier started in the background at a low CPU priority (`nice`), so it takes only the CPU the
 * tiers in the foreground leave idle; returns the function that waits for it and counts its results.
 */
function jestInBackground(label, args, env) {
  // Niced beside the e2e tier a test runs slower than alone: three times the 30 s default (tests that set
  // their own timeout keep theirs).
  const { file, argv } = jestArgs(label, ["--testTimeout=90000", ...args]);
  const background = startInBackground(label, "nice", ["-n", String(BACKGROUND_NICENESS), "node_modules/.bin/jest", ...argv], env);
  return async () => collectJest(label, file, await finish(background));
}

/**
 * How far down the background jest tier goes (nice 0 … 19): far enough that the end-to-end tier in the
 * foreground, which waits on one server and one browser at a time and leaves most of a core idle, is
 * hardly slowed; not so far that a burst of foreground work starves a jest test past its timeout.
 */
const BACKGROUND_NICENESS = 10;

/** Starts a command with its output kept in a file of its own; `done` resolves with its status once it has ended (timed). */
function startInBackground(label, command, args, env) {
  const log = path.join(out, `${label.replace(/\W+/g, "-").replace(/^-|-$/g, "")}.log`);
  const fd = fs.openSync(log, "w");
  const started = Date.now();
  const child = spawn(command, args, { env, stdio: ["ignore", fd, fd] });
  const done = new Promise((resolve) => {
    child.on("error", (error) => fs.writeSync(fd, `${command}: ${error.message}\n`));
    child.on("close", (status) => {
      fs.closeSync(fd);
      timed(label, started);
      resolve(status ?? 1);
    });
  });
  return { label, log, done };
}

/** Waits for a background command, then prints its output whole under its heading; its status. */
async function finish(background) {
  const status = await background.done;
  console.log(`\n=== ${background.label}`);
  process.stdout.write(fs.readFileSync(background.log, "utf8"));
  return status;
}

/** `alongsideMainPass` is started once the build is made, as the main pass starts. */
async function e2e(alongsideMainPass) {
  const chromium = findChromium();
  if (chromium.path === null) {
    // One sentence, no stack trace; and CI must not pass without the end-to-end tier.
    console.log(`\n=== playwright (e2e in Chromium)\n${chromium.message}`);
    add(totals, FAILED_ONCE);
    return;
  }
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  const buildStatus =
    run("next build", "node_modules/.bin/next", ["build"], { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" }) ||
    // The server's worker threads (lib/workers.server.ts), as `npm run build` makes them.
    run("worker threads and the CLI", process.execPath, ["scripts/build-cli.mjs"], process.env);
  if (buildStatus !== 0) {
    add(totals, FAILED_ONCE);
    return;
  }
  alongsideMainPass?.();
  await playwrightSharded("playwright (e2e in Chromium)", ["--grep-invert", `${DURING_THE_BLOCK}|${SSO}|${CHOICE_SPECS}`], chromium.path, distDir);
  // Two small passes, each on a fresh server and database of its own, side by side: most of each is its
  // server starting (Next.js, migrations, the demo school), one core's work, so together they take about
  // what the longer takes alone.
  const passes = [
    // The choice rules' specs change the demo student's Focus Blocks (a waitlist seat, usual choices, a
    // recurring request): they run together on a fresh demo school of their own, so neither they nor the
    // other specs depend on the order they meet the demo's data in.
    { label: "playwright (choosing)", args: ["--grep", CHOICE_SPECS], env: {} },
  ];
  // Students checking themselves in need a Focus Block in progress: those tests run once more on a
  // fresh database with the server (libfaketime) and the browsers moved into one.
  if (hasFaketime()) {
    passes.push({ label: "playwright (during a Focus Block)", args: ["--grep", DURING_THE_BLOCK], env: { E2E_NOW: BLOCK_NOW } });
  } else {
    console.log(`\n=== playwright (during a Focus Block)\n${NO_FAKETIME}`);
    add(totals, FAILED_ONCE);
  }
  await sideBySide("playwright (choosing, during a Focus Block)", passes, chromium.path, distDir);
  // Single sign-on: a real OpenID provider beside the app, which is configured to use it. Alone: with the
  // other two beside it, one of its tests failed twice on a loaded machine (the page had left the answer
  // whose body the test reads).
  playwright("playwright (single sign-on)", ["--grep", SSO], { E2E_SSO: "1" }, chromium.path, distDir);
}

/** The choice rules' spec files (Playwright's grep reads the file name in each test's full title). */
const CHOICE_SPECS = "recurring-requests\\.spec|standing-choices\\.spec|student-day-in-french\\.spec|topic-audience\\.spec|waitlist\\.spec";

/** Tests tagged with this run against a real OpenID provider (playwright.config.ts, E2E_SSO). */
const SSO = "@sso";

/** Tests tagged with this need the clock inside a Focus Block (a Tuesday, 9:35 in the demo school). */
const DURING_THE_BLOCK = "@during-block";
const BLOCK_NOW = wallClockIn("2026-11-24", "09:35:00", process.env.SCHOOL_TIMEZONE ?? "America/Vancouver");

/**
 * `date`T`time` in `zone`, with the offset the runtime's zone data gives it there (never a written-in
 * offset: Node 24's data has British Columbia on UTC-7 from November 2026, older data UTC-8).
 */
function wallClockIn(date, time, zone) {
  const noonUtc = new Date(`${date}T12:00:00Z`);
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(noonUtc)
    .find((part) => part.type === "timeZoneName").value;
  return `${date}T${time}${name === "GMT" ? "+00:00" : name.slice(3)}`;
}
const NO_FAKETIME =
  "The tests tagged @during-block move the server's clock with libfaketime: install it with `apt-get install faketime`.";

function hasFaketime() {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .some((dir) => dir && fs.existsSync(path.join(dir, "faketime")));
}

/** One Playwright run on a server and database of its own (its port, its PGlite folder, its output folder). */
function playwrightArgs(label, args, env, chromiumPath, distDir) {
  const slug = label.replace(/\W+/g, "-").replace(/^-|-$/g, "");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flexblock-e2e-db-"));
  return {
    report: path.join(out, `${slug}.json`),
    dataDir,
    argv: ["test", ...args],
    env: {
      ...process.env,
      ...env,
      CHROMIUM_PATH: chromiumPath,
      NEXT_DIST_DIR: distDir,
      E2E_REPORT: path.join(out, `${slug}.json`),
      E2E_PGLITE_DIR: path.join(dataDir, "pglite"),
      E2E_OUTPUT_DIR: path.join("test-results", slug),
    },
  };
}

function collect(run, status) {
  fs.rmSync(run.dataDir, { recursive: true, force: true });
  const results = readJson(run.report);
  add(totals, results ? playwrightCounts(results, status) : FAILED_ONCE);
}

function playwright(label, args, env, chromiumPath, distDir) {
  const one = playwrightArgs(label, args, env, chromiumPath, distDir);
  collect(one, run(label, "node_modules/.bin/playwright", one.argv, one.env));
}

/**
 * The end-to-end specs split into E2E_SHARDS runs side by side, each with its own server on its own port
 * and its own fresh database, so no run sees another's writes. A shard needs about two cores (its server
 * and its Chromium): on 2 cores two shards side by side took 14.0 and 12.5 min and one run 13.5 min on the
 * same machine, no gain, so the default is one shard per two cores, at most 4.
 */
async function playwrightSharded(label, args, chromiumPath, distDir) {
  const byCores = Math.min(4, Math.floor(os.availableParallelism() / 2));
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? byCores));
  if (shards === 1) return playwright(label, args, {}, chromiumPath, distDir);
  const runs = Array.from({ length: shards }, (_, i) => ({
    label: `${label} ${i + 1}/${shards}`,
    args: [...args, `--shard=${i + 1}/${shards}`],
    env: {},
  }));
  await sideBySide(`${label}: ${shards} shards`, runs, chromiumPath, distDir);
}

/**
 * Playwright runs side by side, each on a server and database of its own. Run i gets E2E_PORT + 2i: a run
 * also takes its port + 2000 and + 2001 (the mailbox), + 1000 (the OpenID provider) and + 50 … + 70 (the
 * own-school specs), so ports one apart would collide. Each run's output is printed whole when it ends,
 * so the log reads as one run after another; each run's time and the whole's are in the tier times.
 */
async function sideBySide(label, runs, chromiumPath, distDir) {
  if (runs.length === 1) return playwright(runs[0].label, runs[0].args, runs[0].env, chromiumPath, distDir);
  const basePort = Number(process.env.E2E_PORT ?? 3200);
  console.log(`\n=== ${label}: ${runs.length} runs side by side`);
  const started = Date.now();
  const children = runs.map((run, i) => {
    const one = playwrightArgs(run.label, run.args, { ...run.env, E2E_PORT: String(basePort + 2 * i) }, chromiumPath, distDir);
    return { one, background: startInBackground(run.label, "node_modules/.bin/playwright", one.argv, one.env) };
  });
  for (const child of children) collect(child.one, await finish(child.background));
  timed(`${label}: side by side`, started);
}

const jestTiers = process.env.SKIP_JEST !== "1";
const pgliteTier = { label: "jest (unit + api on PGlite)", args: [], env: { ...jestEnv, TEST_DATABASE_URL: "" } };
// The api tests on PostgreSQL run first, alone: the database's own processes are not children of jest, so
// `nice` could not lower them, and beside the e2e tier they slowed it most (the main pass once took 35.5 min
// with them beside it against 886 s alone).
if (jestTiers && process.env.TEST_DATABASE_URL) jest("jest (api on PostgreSQL)", ["--selectProjects", "api"], jestEnv);
// The unit and PGlite tier runs beside the main e2e pass, in the CPU it leaves idle: the e2e tier waits on one
// server and one browser at a time (a 41-test sample used 73 CPU-seconds in 143 s of wall time, a quarter
// of two cores), and PGlite runs inside the jest workers, so all of this tier's work is niced.
// JEST_BESIDE_E2E=0 runs it alone, before the e2e tier.
const besideE2e = jestTiers && process.env.SKIP_E2E !== "1" && process.env.JEST_BESIDE_E2E !== "0";
let finishPglite = null;
if (jestTiers && !besideE2e) jest(pgliteTier.label, pgliteTier.args, pgliteTier.env);
if (process.env.SKIP_E2E !== "1") {
  await e2e(besideE2e ? () => (finishPglite = jestInBackground(pgliteTier.label, pgliteTier.args, pgliteTier.env)) : null);
}
if (finishPglite) await finishPglite();
// The e2e tier could not start (no Chromium, a failed build): the tier still runs, alone.
else if (besideE2e) jest(pgliteTier.label, pgliteTier.args, pgliteTier.env);

fs.rmSync(out, { recursive: true, force: true });
console.log("\nTier times:");
for (const [label, seconds] of tierTimes) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${label}`);
console.log("");
for (const line of summaryLines(totals)) console.log(line);
process.exit(totals.failed > 0 ? 1 : 0);
