/**
 * Check-in speed (design.md §9): a 500-number check-in (budget 200 ms) and the status read at 50
 * concurrent clients (budget p95 40 ms), on PostgreSQL with a large school.
 *
 * Standalone: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/check-in.ts`
 * creates its own database on that server, seeds 2,000 students and 120 extra teachers with a school
 * year of history, serves the real route handlers over HTTP from a child process, drives them
 * (autocannon for the concurrent read) and drops the database again.
 * From `npm run bench`: `benchCheckIn({ baseUrl, token, db })` against a server that is already running.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { and, eq, gte, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { drive, passes, printFigures, summarize, timeSequential, type BenchFigure } from "./harness";

export interface CheckInBenchContext {
  /** The running server, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** A bearer token of a teacher with plans and check-ins (teacher@demo.school). */
  token: string;
  db: Db;
  /** Concurrent clients for the status read (default 50) and seconds to run it (default 10). */
  connections?: number;
  seconds?: number;
  /** A signed-in route that does nothing, run the same way as a reference (standalone mode serves one). */
  referenceUrl?: string;
}

/** Runs the check-in benchmarks against a running server; leaves the data as it found it. */
export async function benchCheckIn(context: CheckInBenchContext): Promise<BenchFigure[]> {
  const { checkIns, sessions, students } = await import("../../db/schema");
  const { checkInCalendar } = await import("../../db/queries/checkin");
  const { findAccountByUserId } = await import("../../db/queries/auth");
  const { roleOf } = await import("../../lib/auth/principal");
  const { hashToken } = await import("../../lib/auth/tokens");
  const { checkIn, checkInStatus } = await import("../../lib/checkin/service");
  const { focusBlockOn } = await import("../../lib/checkin/rules");
  const { addDays, schoolInstant, schoolToday } = await import("../../lib/time");
  const { db, baseUrl, token } = context;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };

  const calendar = await checkInCalendar(db);
  const timezone = calendar.timezone ?? "UTC";
  const meetings = calendar.meetings;
  const today = schoolToday(timezone, new Date());
  const focusDays = (from: string, step: 1 | -1, count: number) => {
    const found: string[] = [];
    for (let d = from; found.length < count; d = addDays(d, step))
      if (focusBlockOn(meetings, d)) found.push(d);
    return found;
  };
  // The status read: the latest Focus Block day up to today (plans and check-ins exist for it).
  const [statusDate] = focusDays(today, -1, 1);
  // The check-ins: Focus Block days from four weeks ahead (no ledger rows yet), 4 batches of 500 a day.
  const checkInDates = focusDays(addDays(today, 28), 1, 3);
  const numbers = (await db.select({ n: students.student_number }).from(students).orderBy(students.id)).map(
    (r) => r.n,
  );
  const [session] = await db
    .select({ user_id: sessions.user_id })
    .from(sessions)
    .where(eq(sessions.token_hash, hashToken(token)));
  const account = (await findAccountByUserId(db, session!.user_id))!;
  const principal = { ...account, role: roleOf(account), sessionId: 0 };
  const started = new Date();

  const cleanUp = () =>
    db
      .delete(checkIns)
      .where(
        and(
          inArray(checkIns.date, checkInDates),
          eq(checkIns.checked_in_by, account.user.id),
          gte(checkIns.created_at, started),
        ),
      );

  try {
    // 1. A 500-number check-in over HTTP, a fresh batch of students each time.
    const batches: { date: string; chips: { value: string; timestamp: string }[] }[] = [];
    for (const date of checkInDates) {
      const stamp = schoolInstant(date, "09:30", timezone).toISOString();
      for (let start = 0; start + 500 <= numbers.length; start += 500) {
        batches.push({
          date,
          chips: numbers.slice(start, start + 500).map((value) => ({ value, timestamp: stamp })),
        });
      }
    }
    const floorBatch = batches.pop()!; // kept for the in-process floor
    const postTimes: number[] = [];
    for (const batch of batches) {
      const t0 = performance.now();
      const response = await fetch(`${baseUrl}/api/check-in`, {
        method: "POST",
        headers,
        body: JSON.stringify({ chips: batch.chips, type: "student_number", date: batch.date }),
      });
      const body = (await response.json()) as { success?: unknown[] };
      postTimes.push(performance.now() - t0);
      if (response.status !== 200 || body.success?.length !== 500) {
        throw new Error(`check-in answered ${response.status} with ${body.success?.length} successes`);
      }
    }
    const t0 = performance.now();
    await checkIn(
      db,
      principal,
      {
        chips: floorBatch.chips.map((c) => ({ value: c.value, timestamp: new Date(c.timestamp) })),
        type: "student_number",
        date: floorBatch.date,
      },
      new Date(),
    );
    const postFloor = performance.now() - t0;

    // 2. The status read at 50 concurrent clients.
    const statusUrl = `${baseUrl}/api/check-in/status/${statusDate}`;
    const probe = await fetch(statusUrl, { headers });
    const status = (await probe.json()) as { blocks: { planned: unknown[]; ledger_entries: unknown[] }[] };
    if (probe.status !== 200) throw new Error(`status answered ${probe.status}`);
    const connections = context.connections ?? 50;
    const seconds = context.seconds ?? 10;
    const read = await drive(statusUrl, { token, connections, seconds });
    const floor = await timeSequential(() => checkInStatus(db, principal, statusDate, new Date()), 200);
    const [entry] = status.blocks;
    // What the same harness gives for a signed-in route doing nothing: the floor of this machine.
    const reference = context.referenceUrl
      ? await drive(context.referenceUrl, { token, connections, seconds })
      : null;
    return [
      {
        name: `POST /api/check-in, 500 numbers (${postTimes.length} runs)`,
        budgetMs: 200,
        budgetOn: "p95",
        ...summarize(postTimes),
        floorP50: postFloor,
      },
      {
        name: `GET /api/check-in/status/{date}, ${connections} clients (${entry?.planned.length ?? 0} planned, ${entry?.ledger_entries.length ?? 0} checked in)`,
        budgetMs: 40,
        budgetOn: "p95",
        ...read,
        floorP50: floor.p50,
      },
      ...(reference
        ? [
            {
              name: `reference: a signed-in no-op route, ${connections} clients`,
              budgetMs: null,
              budgetOn: "p95" as const,
              ...reference,
            },
          ]
        : []),
    ];
  } finally {
    await cleanUp();
  }
}

// ---- standalone ---------------------------------------------------------------------------------

/** Child process: serves the check-in route handlers on a port, on the database in BENCH_DB_URL. */
export async function serve(port: number) {
  const { openDatabase } = await import("../../db/client");
  const { setDatabaseForTests } = await import("../../db");
  const handle = await openDatabase({ url: process.env.BENCH_DB_URL!, migrate: false, max: 10 });
  setDatabaseForTests(handle);
  const checkInRoute = await import("../../app/api/check-in/route");
  const statusRoute = await import("../../app/api/check-in/status/route");
  const statusOnRoute = await import("../../app/api/check-in/status/[date]/route");
  const { route } = await import("../../lib/api/route");
  const { ROLES } = await import("../../lib/auth/roles");
  const signedIn = route({ roles: ROLES.shell }, () => ({ ok: true }));
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    const request = new Request(url, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const match = /^\/api\/check-in\/status\/([^/]+)$/.exec(url.pathname);
    const params = Promise.resolve(match ? { date: decodeURIComponent(match[1]!) } : {});
    const handler =
      url.pathname === "/api/check-in" && req.method === "POST"
        ? checkInRoute.POST
        : url.pathname === "/api/check-in/status"
          ? statusRoute.GET
          : match
            ? statusOnRoute.GET
            : url.pathname === "/bench/signed-in"
              ? signedIn
              : null;
    const response = handler
      ? await handler(request, { params })
      : new Response("not found", { status: 404 });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, "127.0.0.1", () => console.log("ready"));
}

async function standalone() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error("Set DATABASE_URL to a PostgreSQL server (a database is created and dropped there).");
  const { default: postgres } = await import("postgres");
  const { openDatabase } = await import("../../db/client");
  const { seedSchool } = await import("../../db/seed/school");
  const { createSession } = await import("../../lib/auth/service");
  const name = `flexblock_bench_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let child: ChildProcess | undefined;
  const handle = await openDatabase({ url: url.toString(), max: 10 });
  try {
    const weeksBack = Number(process.env.BENCH_WEEKS_BACK ?? 36);
    let t = Date.now();
    const seeded = await handle.db.transaction((tx) =>
      seedSchool(tx, {
        now: new Date(),
        timezone: "America/Vancouver",
        students: 2000,
        extraTeachers: 120,
        weeksBack,
        weeksAhead: 2,
      }),
    );
    console.log(
      `Seeded ${seeded.people.students.length} students, ${seeded.people.staff.length} staff, ${seeded.plans} plans, ` +
        `${seeded.checkIns} check-ins (${weeksBack} weeks back) in ${((Date.now() - t) / 1000).toFixed(1)} s.`,
    );
    // As autovacuum would have by then: without it, the first foreign-key lock on each freshly
    // bulk-loaded student row costs ~0.4 ms (500 of them: ~200 ms), which no real school sees.
    await handle.db.execute((await import("drizzle-orm")).sql`vacuum (analyze)`);
    const { access_token } = await createSession(
      handle.db,
      seeded.people.teacher.user_id,
      "bench",
      new Date(),
    );

    const port = 3900 + (process.pid % 90);
    child = spawn(process.execPath, ["--import", "tsx", path.resolve(__filename), "serve", String(port)], {
      env: { ...process.env, BENCH_DB_URL: url.toString(), LOG_LEVEL: "silent", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on("data", (data: Buffer) => data.toString().includes("ready") && resolve());
      child!.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
    });
    // Warm up: compile paths, fill the pool.
    for (let i = 0; i < 50; i++) {
      await fetch(`http://127.0.0.1:${port}/api/check-in/status`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
    }
    t = Date.now();
    const figures = await benchCheckIn({
      baseUrl: `http://127.0.0.1:${port}`,
      token: access_token,
      db: handle.db,
      referenceUrl: `http://127.0.0.1:${port}/bench/signed-in`,
    });
    printFigures(figures);
    console.log(`(${((Date.now() - t) / 1000).toFixed(1)} s)`);
    if (figures.some((f) => !passes(f))) process.exitCode = 1;
  } finally {
    child?.kill("SIGTERM");
    await handle.close();
    if (!process.env.BENCH_KEEP_DB) await admin.unsafe(`drop database if exists ${name} with (force)`);
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
