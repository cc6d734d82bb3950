/**
 * `npm run bench:uploads`: the longest stall of the server's event loop while each upload route answers
 * the worst files of tests/helpers/hostile-uploads.ts (sub-daily and never-matching rules, 100k events,
 * zip bombs, 10,000 files in a zip, 2 MB CSVs, 50 MB of noise, image bombs), one at a time, in-process
 * (the route handlers as Next.js calls them, on a new database: PostgreSQL when DATABASE_URL names a
 * server, else PGlite in memory). An accepted CSV import's job runs too, as the server's job runner
 * would run it, and counts in its upload's figure.
 *
 * The probe is a timer due every millisecond, armed just before the request and stopped after the answer
 * (and after one more tick, so a stall at the very end is seen): the longest gap between two of its
 * ticks, less the millisecond, is the longest any other user's request would have waited for the loop;
 * the server thread's CPU time in its longest busy stretch is how long our code held the loop (see
 * stallProbe). Budget: 50 ms of it per upload (the process exits 1 over it, or when an answer is not the
 * one tests/api/bad-input-uploads.test.ts expects). The npm script bundles the worker threads first and
 * runs with NODE_ENV=production, so the workers start as they do in production (dist/workers). `--only=<text>` keeps
 * the uploads whose route or name contains it, `--skip=<text>` leaves those out; `--no-budgets` only prints; BENCH_CPU_PROF=<folder> profiles each upload.
 */
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { setDatabaseForTests } from "../../db";
import { findAccountByUsername } from "../../db/queries/auth";
import { calendarContext } from "../../lib/calendar/school-days.server";
import { DEMO_PASSWORD, seedSchool } from "../../lib/demo/school.server";
import { registerEveryJobKind } from "../../lib/job-kinds/every-kind.server";
import { runPendingJobs } from "../../lib/jobs/runner.server";
import { tokenFor } from "../../tests/helpers/factories";
import { answerText, answerUpload, HOSTILE_UPLOADS, uploadRequest } from "../../tests/helpers/hostile-uploads";
import { openBenchDatabase } from "./throwaway-db";

const STALL_BUDGET_MS = 50;
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith("--only="))?.slice("--only=".length);
const skip = args.find((a) => a.startsWith("--skip="))?.slice("--skip=".length);
const budgets = !args.includes("--no-budgets");
const gc = (globalThis as { gc?: () => void }).gc;
/** BENCH_CPU_PROF=<folder>: a CPU profile of the server thread for each upload (<n>.cpuprofile). */
const profileDir = process.env.BENCH_CPU_PROF;

async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!profileDir) return work();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  try {
    return await work();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    fs.mkdirSync(profileDir, { recursive: true });
    fs.writeFileSync(path.join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/**
 * The longest wait of a 1 ms timer between its start and stop(): `wall`, as a request would have felt it,
 * and `busy`, the server thread's own CPU time in that longest busy stretch (process.threadCpuUsage). On a
 * quiet machine the two agree; on a loaded one the wall gap also holds the time the operating system gave
 * other processes, so the budget is on `busy`: the time our code held the loop.
 */
/** The calling thread's CPU time (Node 23.9 and later; the typings in use do not have it yet). */
const threadCpuUsage = () => (process as unknown as { threadCpuUsage(): NodeJS.CpuUsage }).threadCpuUsage();

function stallProbe() {
  let last = performance.now();
  let lastCpu = threadCpuUsage();
  let wall = 0;
  let busy = 0;
  const tick = () => {
    const at = performance.now();
    const cpu = threadCpuUsage();
    wall = Math.max(wall, at - last - 1);
    busy = Math.max(busy, (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000);
    last = at;
    lastCpu = cpu;
  };
  const timer = setInterval(tick, 1);
  return {
    async stop() {
      await new Promise((resolve) => setTimeout(resolve, 5));
      clearInterval(timer);
      tick();
      return { wall: Math.max(0, wall), busy };
    },
  };
}

async function main() {
  const bench = await openBenchDatabase("uploads");
  let failed = false;
  try {
    const db = bench.handle.db;
    setDatabaseForTests(bench.handle);
    registerEveryJobKind();
    const now = new Date();
    await seedSchool(db, { now, timezone: "America/Vancouver", students: 300, extraTeachers: 20, weeksBack: 1, weeksAhead: 1 });
    const admin = (await findAccountByUsername(db, "admin@demo.school"))!;
    const token = await tokenFor(db, admin);
    const { yearStart, yearEnd } = await calendarContext(db, now);
    const context = { yearStart, yearEnd, password: DEMO_PASSWORD };
    console.log(
      `uploads: ${bench.onPostgres ? "PostgreSQL" : "PGlite"}, school year ${yearStart} – ${yearEnd}, budget ${STALL_BUDGET_MS} ms of event-loop stall per upload`,
    );
    const rows: string[][] = [];
    for (const upload of HOSTILE_UPLOADS) {
      const label = `${upload.route} ${upload.name}`;
      if ((only && !label.includes(only)) || (skip && label.includes(skip))) continue;
      const together = upload.together ?? 1;
      const requests = await Promise.all(
        Array.from({ length: together }, async () => uploadRequest(upload, token, await upload.form(context))),
      );
      gc?.();
      const started = performance.now();
      const probe = stallProbe();
      const answers = await profiled(String(rows.length + 1), async () => {
        const answered = await Promise.all(requests.map((request) => answerUpload(upload, request)));
        if (upload.runsJob) await runPendingJobs(db);
        return answered;
      });
      const elapsed = performance.now() - started;
      const { wall, busy } = await probe.stop();
      const answer = answers[0]!;
      const text = answerText(answer.body);
      const right = answers.every((a) => a.status === upload.status) && (!upload.says || upload.says.test(text));
      const over = busy > STALL_BUDGET_MS;
      if (!right || (budgets && over)) failed = true;
      rows.push([
        upload.route,
        upload.name,
        `${answer.status}${right ? "" : ` (expected ${upload.status}${upload.says ? ` ${upload.says}` : ""}: ${text.slice(0, 120)})`}`,
        `${elapsed.toFixed(0)} ms`,
        `${busy.toFixed(1)} ms${over ? " OVER" : ""}`,
        `${wall.toFixed(1)} ms`,
      ]);
      console.log(rows.at(-1)!.join(" | "));
    }
    const load = os.loadavg().map((l) => l.toFixed(1)).join(", ");
    console.log(`\nload average ${load} on ${os.availableParallelism()} cores`);
    console.log("| route | upload | answer | answered in | longest stall: the loop's CPU | and as felt (wall) |\n|---|---|---|---|---|---|");
    for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  } finally {
    await bench.close();
  }
  if (failed) {
    console.error(`An upload stalled the event loop over ${STALL_BUDGET_MS} ms, or got an unexpected answer.`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
