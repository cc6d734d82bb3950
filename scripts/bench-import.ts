/**
 * npm run bench:import — how long a 5,000-student CSV takes to import, end to end, and how the app
 * answers meanwhile (the budget: ≤ 30 s including the initial passwords' hashing; check-in
 * status p95 ≤ 100 ms at 5 clients while the import runs).
 *
 * It starts the built app (`next start`, NEXT_DIST_DIR, default .next) on a new database — PostgreSQL
 * when DATABASE_URL is set (a database is created on that server and dropped after), else a fresh
 * embedded PGlite folder — with the demo school, signs in, uploads one CSV through
 * POST /api/students/upload and polls the job to its end, while autocannon drives
 * GET /api/check-in/status with 5 connections. BENCH_ROWS (5000) and BENCH_PORT (3345) tune it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";
import { summarize } from "./bench/harness";

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const PORT = Number(process.env.BENCH_PORT ?? 3345);
const CLIENTS = 5;
const base = `http://127.0.0.1:${PORT}`;
const serverUrl = process.env.DATABASE_URL;

async function database(): Promise<{
  env: Record<string, string>;
  label: string;
  drop: () => Promise<void>;
}> {
  if (!serverUrl) {
    const dir = path.resolve(`.data/bench-import-${Date.now()}`);
    return {
      env: { PGLITE_DIR: dir },
      label: "PGlite",
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `flexblock_importbench_${randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), SEED_DEMO: "1" },
    label: "PostgreSQL",
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

async function start(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn("node_modules/.bin/next", ["start", "-p", String(PORT)], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_MANUAL_SIG_HANDLE: "true",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health?db=1`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill("SIGTERM");
  throw new Error("the app did not start");
}

async function signIn(username: string) {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "demo-password" }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username}: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

const NAMES = [
  "Ana",
  "Björn",
  "Chloé",
  "Dmitri",
  "Eun-ji",
  "Farah",
  "Gaël",
  "Hiroshi",
  "Ines",
  "Jorge",
  "Kwame",
  "Li",
];
const csv = () =>
  ["first_name,last_name,grade,student_number"]
    .concat(
      Array.from(
        { length: ROWS },
        (_, i) => `${NAMES[i % NAMES.length]},Student${i},${8 + (i % 5)},${9_000_000 + i}`,
      ),
    )
    .join("\n");

/** Check-in status at CLIENTS connections until stopped; latencies of 2xx answers with their end time. */
function driveStatus(token: string) {
  const samples: { at: number; ms: number }[] = [];
  let failures = 0;
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => (finished = resolve));
  // With a callback autocannon answers its instance (events, stop) rather than a promise.
  const run = autocannon(
    {
      url: `${base}/api/check-in/status`,
      headers: { authorization: `Bearer ${token}` },
      connections: CLIENTS,
      duration: 600,
    },
    () => finished(),
  );
  run.on("response", (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) samples.push({ at: Date.now(), ms });
    else failures += 1;
  });
  return {
    samples,
    failures: () => failures,
    stop: async () => {
      run.stop();
      await done;
    },
  };
}

async function main() {
  const db = await database();
  const server = await start(db.env);
  try {
    const [admin, teacher] = [await signIn("admin@demo.school"), await signIn("teacher@demo.school")];
    const calm = driveStatus(teacher);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await calm.stop();

    const load = driveStatus(teacher);
    const form = new FormData();
    form.append("file", new File([csv()], "roster.csv", { type: "text/csv" }));
    form.append("headers", "first_name,last_name,grade,student_number");
    form.append("password", "demo-password");
    const sent = Date.now();
    const response = await fetch(`${base}/api/students/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const accepted = Date.now();
    if (response.status !== 202)
      throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    const { job_id, import_id } = (await response.json()) as { job_id: number; import_id: number };
    let job: { status: string; done: number; total: number | null };
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await (
        await fetch(`${base}/api/jobs/${job_id}`, { headers: { authorization: `Bearer ${admin}` } })
      ).json();
    } while (job.status !== "succeeded" && job.status !== "failed");
    const finished = Date.now();
    await load.stop();
    // A fast import that skipped rows measures nothing: every row must have made an account.
    const report = (await (
      await fetch(`${base}/api/imports/${import_id}`, { headers: { authorization: `Bearer ${admin}` } })
    ).json()) as { created: number; skipped: number; unchanged: number };
    if (report.created !== ROWS) {
      throw new Error(
        `the import created ${report.created} of ${ROWS} accounts (${report.skipped} skipped, ${report.unchanged} unchanged)`,
      );
    }

    const round = (figures: ReturnType<typeof summarize>) =>
      Object.fromEntries(
        Object.entries(figures).map(([key, value]) => [key, Math.round(value)]),
      ) as typeof figures;
    const during = round(
      summarize(load.samples.filter((s) => s.at >= sent && s.at <= finished).map((s) => s.ms)),
    );
    const before = round(summarize(calm.samples.map((s) => s.ms)));
    const seconds = (finished - sent) / 1000;
    console.log(`\n${db.label}: ${ROWS.toLocaleString("en-US")} students from one CSV`);
    console.log(`  job ${job.status}: ${job.done} of ${job.total} rows, ${report.created} accounts created`);
    console.log(`  upload answered 202 in ${accepted - sent} ms`);
    console.log(
      `  upload to last row written: ${seconds.toFixed(1)} s (${Math.round(ROWS / seconds)} rows/s; budget 30 s)`,
    );
    console.log(
      `  check-in status at ${CLIENTS} clients, idle:        p50 ${before.p50} ms, p95 ${before.p95} ms`,
    );
    console.log(
      `  check-in status at ${CLIENTS} clients, during import: p50 ${during.p50} ms, p95 ${during.p95} ms, max ${during.max} ms (budget p95 100 ms)`,
    );
    console.log(`  non-2xx answers: ${calm.failures() + load.failures()}`);
    console.log(
      `  machine load average (1 min) at the end: ${(await import("node:os")).loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await db.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
