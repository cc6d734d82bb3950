/**
 * Week-schedule speed (design.md §9): GET /api/students/self/schedule/{date} for a student and
 * GET /api/staff/{id}/schedule/{date} for a teacher with ~30 planned students per Focus Block,
 * at 50 concurrent clients. Budget: p95 ≤ 40 ms on PostgreSQL.
 *
 * Standalone: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/schedule.ts`
 * creates its own database on that server, seeds 2,000 students and 120 extra teachers with a school
 * year of history (db/seed seedSchool), serves the real route handlers over HTTP from a child process
 * (a tiny node http server), drives them with autocannon and drops the database again.
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) tune the runs; BENCH_KEEP_DB=1 keeps the
 * database, BENCH_REUSE_DB=<name> benches a kept one without seeding again, BENCH_PREPARE=1 serves with
 * every parameterised statement prepared server-side (see openPreparingDatabase).
 * From `npm run bench`: `benchSchedule({ baseUrl, db, studentToken, teacherToken, teacherId, date })`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import type { Db } from "../../db/client";

export interface ScheduleBenchFigure {
  name: string;
  budgetMs: number;
  p50: number;
  p95: number;
  max: number;
  rps: number;
  /** The same service called in-process, one at a time: the floor under the HTTP figure. */
  floorP50: number;
  pass: boolean;
}

export interface ScheduleBenchContext {
  baseUrl: string;
  db: Db;
  studentToken: string;
  teacherToken: string;
  teacherId: number;
  /** A date inside the benched week (YYYY-MM-DD). */
  date: string;
  connections?: number;
  seconds?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] ?? NaN };
}

async function drive(url: string, token: string, connections: number, seconds: number) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      { url, headers: { authorization: `Bearer ${token}` }, connections, duration: seconds },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    );
    run.on("response", (_client, statusCode, _bytes, ms) => {
      if (statusCode === 200) latencies.push(ms);
    });
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { ...summarize(latencies), rps: result.requests.average };
}

async function floorOf(work: () => Promise<unknown>, runs = 200) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    samples.push(performance.now() - t0);
  }
  return summarize(samples).p50;
}

/** Benchmarks both week schedules against a running server (read-only). */
export async function benchSchedule(context: ScheduleBenchContext): Promise<ScheduleBenchFigure[]> {
  const { findAccountByUserId } = await import("../../db/queries/auth");
  const { sessions } = await import("../../db/schema");
  const { eq } = await import("drizzle-orm");
  const { roleOf } = await import("../../lib/auth/principal");
  const { hashToken } = await import("../../lib/auth/tokens");
  const { staffWeekSchedule, studentWeekSchedule } = await import("../../lib/schedule/week");
  const { db, baseUrl, date } = context;
  const connections = context.connections ?? 50;
  const seconds = context.seconds ?? 10;

  const [session] = await db
    .select({ user_id: sessions.user_id })
    .from(sessions)
    .where(eq(sessions.token_hash, hashToken(context.studentToken)));
  const account = (await findAccountByUserId(db, session!.user_id))!;
  const student = { ...account, role: roleOf(account), sessionId: 0 };

  const studentUrl = `${baseUrl}/api/students/self/schedule/${date}`;
  const staffUrl = `${baseUrl}/api/staff/${context.teacherId}/schedule/${date}`;
  const probe = await fetch(staffUrl, { headers: { authorization: `Bearer ${context.teacherToken}` } });
  const week = (await probe.json()) as { schedule: { blocks: { flex: boolean; planned: unknown[] }[] }[] };
  if (probe.status !== 200) throw new Error(`staff schedule answered ${probe.status}`);
  const planned = week.schedule.flatMap((day) =>
    day.blocks.filter((b) => b.flex).map((b) => b.planned.length),
  );

  const baseline = await drive(`${baseUrl}/api/user`, context.studentToken, connections, seconds);
  const studentRun = await drive(studentUrl, context.studentToken, connections, seconds);
  const staffRun = await drive(staffUrl, context.teacherToken, connections, seconds);
  const studentFloor = await floorOf(() => studentWeekSchedule(db, student, "self", date, new Date()));
  const staffFloor = await floorOf(() => staffWeekSchedule(db, context.teacherId, date, new Date()));
  return [
    {
      name: `GET /api/user, ${connections} clients (sign-in check only: the stack's floor, no budget)`,
      budgetMs: 40,
      ...baseline,
      floorP50: NaN,
      pass: true,
    },
    {
      name: `GET /api/students/self/schedule/{date}, ${connections} clients`,
      budgetMs: 40,
      ...studentRun,
      floorP50: studentFloor,
      pass: studentRun.p95 <= 40,
    },
    {
      name: `GET /api/staff/{id}/schedule/{date}, ${connections} clients (planned per Focus Block: ${planned.join(", ")})`,
      budgetMs: 40,
      ...staffRun,
      floorP50: staffFloor,
      pass: staffRun.p95 <= 40,
    },
  ];
}

export function printScheduleFigures(figures: ScheduleBenchFigure[]) {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  for (const f of figures) {
    console.log(
      `${f.pass ? "PASS" : "FAIL"}  ${f.name}\n      p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  max ${ms(f.max)}` +
        `  ${f.rps.toFixed(0)} req/s` +
        (Number.isNaN(f.floorP50) ? "" : `  (budget ${f.budgetMs} ms; in-process p50 ${ms(f.floorP50)})`),
    );
  }
}

// ---- standalone ---------------------------------------------------------------------------------

/** Child process: serves the schedule route handlers on a port, on the database in BENCH_DB_URL. */
async function serve(port: number) {
  const { setDatabaseForTests } = await import("../../db");
  setDatabaseForTests(
    process.env.BENCH_PREPARE === "1"
      ? await openPreparingDatabase(process.env.BENCH_DB_URL!)
      : await (
          await import("../../db/client")
        ).openDatabase({ url: process.env.BENCH_DB_URL!, migrate: false, max: 10 }),
  );
  const user = await import("../../app/api/user/route");
  const student = await import("../../app/api/students/[id]/schedule/[date]/route");
  const staff = await import("../../app/api/staff/[id]/schedule/[date]/route");
  const routes = [
    { pattern: /^\/api\/(user)()$/, handler: user.GET },
    { pattern: /^\/api\/students\/([^/]+)\/schedule\/([^/]+)$/, handler: student.GET },
    { pattern: /^\/api\/staff\/([^/]+)\/schedule\/([^/]+)$/, handler: staff.GET },
  ];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    const request = new Request(url, { method: req.method, headers: req.headers as Record<string, string> });
    let response = new Response("not found", { status: 404 });
    for (const { pattern, handler } of routes) {
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      const params = Promise.resolve({
        id: decodeURIComponent(match[1]!),
        date: decodeURIComponent(match[2]!),
      });
      response = await handler(request, { params });
      break;
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, "127.0.0.1", () => console.log("ready"));
}

/**
 * An experiment for the lead (BENCH_PREPARE=1): the app's postgres.js client, except that drizzle's
 * statements with parameters (up to 100) run as server-side prepared statements. Stock drizzle on
 * postgres.js sends every statement unprepared, so PostgreSQL parses and plans it on every request.
 */
async function openPreparingDatabase(url: string) {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const schema = await import("../../db/schema");
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const unsafe = client.unsafe.bind(client);
  client.unsafe = ((query: string, args?: unknown[], options?: { prepare?: boolean }) =>
    unsafe(query, args as never, {
      ...options,
      prepare: Array.isArray(args) && args.length > 0 && args.length <= 100 ? true : options?.prepare,
    })) as typeof client.unsafe;
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, kind: "postgres" as const, close: () => client.end({ timeout: 5 }) };
}

/** Gives the teacher at least `count` planned students on each Focus Block of the week (moving other plans). */
async function fillTeacher(db: Db, teacherId: number, focusBlockId: number, days: string[], count: number) {
  const { sql } = await import("drizzle-orm");
  for (const date of days) {
    await db.execute(sql`
      update plans set staff_id = ${teacherId}
      where id in (
        select id from plans
        where block_id = ${focusBlockId} and date = ${date} and staff_id <> ${teacherId}
        order by id
        limit greatest(0, ${count} - (select count(*) from plans where block_id = ${focusBlockId} and date = ${date} and staff_id = ${teacherId}))
      )`);
  }
}

async function standalone() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error("Set DATABASE_URL to a PostgreSQL server (a database is created and dropped there).");
  const { default: postgres } = await import("postgres");
  const { sql } = await import("drizzle-orm");
  const { openDatabase } = await import("../../db/client");
  const { seedSchool } = await import("../../db/seed/school");
  const { createSession } = await import("../../lib/auth/service");
  const { schoolToday, weekDays } = await import("../../lib/time");
  const reuse = process.env.BENCH_REUSE_DB;
  const name = reuse ?? `flexblock_bench_schedule_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  if (!reuse) await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let child: ChildProcess | undefined;
  const handle = await openDatabase({ url: url.toString(), max: 10 });
  try {
    const timezone = "America/Vancouver";
    const weeksBack = Number(process.env.BENCH_WEEKS_BACK ?? 36);
    let t = Date.now();
    if (!reuse) {
      const seeded = await handle.db.transaction((tx) =>
        seedSchool(tx, {
          now: new Date(),
          timezone,
          students: 2000,
          extraTeachers: 120,
          weeksBack,
          weeksAhead: 2,
        }),
      );
      console.log(
        `Seeded ${seeded.people.students.length} students, ${seeded.people.staff.length} staff, ${seeded.plans} plans, ` +
          `${seeded.checkIns} check-ins, ${seeded.appointments} appointments (${weeksBack} weeks back) in ` +
          `${((Date.now() - t) / 1000).toFixed(1)} s.`,
      );
    }
    const date = schoolToday(timezone, new Date());
    const one = async <T>(query: ReturnType<typeof sql>) =>
      ((await handle.db.execute(query)) as unknown as T[])[0]!;
    const focus = await one<{ id: number }>(sql`select id from blocks where label = 'Focus Block' limit 1`);
    const teacher = await one<{ id: number; user_id: number }>(
      sql`select id, user_id from staff where email = 'teacher@demo.school'`,
    );
    const student = await one<{ user_id: number }>(
      sql`select user_id from students where student_number = '100001'`,
    );
    await fillTeacher(handle.db, teacher.id, focus.id, weekDays(date, true), 30);
    await handle.db.execute(sql`analyze`);
    const studentToken = (await createSession(handle.db, student.user_id, "bench", new Date())).access_token;
    const teacherToken = (await createSession(handle.db, teacher.user_id, "bench", new Date())).access_token;

    const port = 3990 + (process.pid % 9);
    child = spawn(process.execPath, ["--import", "tsx", path.resolve(__filename), "serve", String(port)], {
      env: { ...process.env, BENCH_DB_URL: url.toString(), LOG_LEVEL: "silent", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on("data", (data: Buffer) => data.toString().includes("ready") && resolve());
      child!.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 50; i++) {
      await fetch(`${baseUrl}/api/students/self/schedule/${date}`, {
        headers: { authorization: `Bearer ${studentToken}` },
      });
      await fetch(`${baseUrl}/api/staff/${teacher.id}/schedule/${date}`, {
        headers: { authorization: `Bearer ${teacherToken}` },
      });
    }
    t = Date.now();
    const figures = await benchSchedule({
      baseUrl,
      db: handle.db,
      studentToken,
      teacherToken,
      teacherId: teacher.id,
      date,
      connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
      seconds: Number(process.env.BENCH_SECONDS ?? 10),
    });
    printScheduleFigures(figures);
    console.log(`(${((Date.now() - t) / 1000).toFixed(1)} s)`);
    if (figures.some((f) => !f.pass)) process.exitCode = 1;
  } finally {
    child?.kill("SIGTERM");
    await handle.close();
    if (!process.env.BENCH_KEEP_DB && !reuse)
      await admin.unsafe(`drop database if exists ${name} with (force)`);
    else console.log(`Kept database ${name}.`);
    await admin.end({ timeout: 5 });
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename);
if (isMain) {
  const run = process.argv[2] === "serve" ? serve(Number(process.argv[3])) : standalone();
  run.catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
