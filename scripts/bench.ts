/**
 * npm run bench: seeds a large school (2,000 students, 120 staff, a school year of history) into a
 * new database on the PostgreSQL server in DATABASE_URL, starts the built app on it (`next start`),
 * drives it with autocannon over loopback and prints each endpoint's p50/p95 and throughput beside
 * the in-process time of the same work (the floor). The database is dropped afterwards.
 *
 * BENCH_CONNECTIONS (50) and BENCH_SECONDS (10) tune the concurrent runs; BENCH_KEEP_DB=1 keeps the
 * database and BENCH_REUSE_DB=<name> benches a kept one without seeding again.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { openDatabase, type Db } from "../db/client";
import { seedSchool } from "../db/seed/school";
import { schoolToday, weekDays } from "../lib/time";
import { benchCheckIn } from "./bench/check-in";
import { drive, passes, printFigures, timeSequential, type BenchFigure } from "./bench/harness";
import { benchSchedule, fillTeacher } from "./bench/schedule";

const TIMEZONE = "America/Vancouver";
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const DIST_DIR = ".next-bench";
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const baseUrl = `http://127.0.0.1:${PORT}`;

async function createDatabase(serverUrl: string) {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const reuse = process.env.BENCH_REUSE_DB;
  const name = reuse ?? `flexblock_bench_${randomBytes(4).toString("hex")}`;
  if (!reuse) await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    if (!reuse && process.env.BENCH_KEEP_DB !== "1") await admin.unsafe(`drop database if exists ${name} with (force)`);
    else console.log(`Kept database ${name}.`);
    await admin.end({ timeout: 5 });
  };
  return { url: url.toString(), seeded: Boolean(reuse), drop };
}

async function seed(db: Db) {
  const started = Date.now();
  const school = await seedSchool(db, {
    now: new Date(),
    timezone: TIMEZONE,
    students: 2000,
    extraTeachers: 117,
    weeksBack: Number(process.env.BENCH_WEEKS_BACK ?? 36),
    weeksAhead: 2,
  });
  console.log(
    `Seeded ${school.people.students.length} students, ${school.people.staff.length} staff, ${school.plans} plans, ` +
      `${school.checkIns} check-ins in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

function build() {
  if (fs.existsSync(path.join(DIST_DIR, "BUILD_ID")) && process.env.BENCH_BUILD !== "1") return;
  console.log("Building the app (next build)…");
  const result = spawnSync("node_modules/.bin/next", ["build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_SKIP_TYPECHECK: "1", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error("next build failed");
}

async function startServer(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn("node_modules/.bin/next", ["start", "-p", String(PORT)], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "0",
      NEXT_DIST_DIR: DIST_DIR,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not start");
}

async function signIn(username: string) {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "demo-password" }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username} answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function benchAuth(teacherToken: string): Promise<BenchFigure[]> {
  const login = await timeSequential(() => signIn("teacher@demo.school"), 30);
  const user = await drive(`${baseUrl}/api/user`, { token: teacherToken, connections, seconds });
  const userOne = await drive(`${baseUrl}/api/user`, { token: teacherToken, connections: 1, seconds: 3 });
  const search = await drive(`${baseUrl}/api/search?query=mar`, { token: teacherToken, connections, seconds });
  return [
    { name: "POST /api/login, one at a time (argon2id verify included)", budgetMs: null, budgetOn: "p50", ...login },
    { name: "GET /api/user, 1 client", budgetMs: null, budgetOn: "p50", ...userOne },
    { name: `GET /api/user, ${connections} clients (the sign-in check: every route's floor)`, budgetMs: null, budgetOn: "p95", ...user },
    { name: `GET /api/search?query=mar, ${connections} clients`, budgetMs: 25, budgetOn: "p95", ...search },
  ];
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error(
      "npm run bench measures the budgets of design.md §9, which are set on PostgreSQL.\n" +
        "Set DATABASE_URL to a PostgreSQL server (a database is created there and dropped afterwards), e.g.\n" +
        "  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench",
    );
    process.exit(2);
  }
  const database = await createDatabase(serverUrl);
  const handle = await openDatabase({ url: database.url, max: 10 });
  let server: ChildProcess | undefined;
  try {
    if (!database.seeded) await seed(handle.db);
    const date = schoolToday(TIMEZONE, new Date());
    const [teacher] = (await handle.db.execute(
      sql`select s.id from staff s where s.email = 'teacher@demo.school'`,
    )) as unknown as { id: number }[];
    const [focus] = (await handle.db.execute(
      sql`select id from blocks where label = 'Focus Block' limit 1`,
    )) as unknown as { id: number }[];
    await fillTeacher(handle.db, teacher!.id, focus!.id, weekDays(date, true), 30);
    // Fresh bulk-loaded rows: without this the first lock on each student row costs ~0.4 ms.
    await handle.db.execute(sql`vacuum (analyze)`);
    build();
    server = await startServer(database.url);
    const teacherToken = await signIn("teacher@demo.school");
    const studentToken = await signIn("100001");
    // Warm up: compile routes, fill statement caches.
    for (let i = 0; i < 30; i++) {
      await fetch(`${baseUrl}/api/students/self/schedule/${date}`, { headers: { authorization: `Bearer ${studentToken}` } });
      await fetch(`${baseUrl}/api/staff/${teacher!.id}/schedule/${date}`, { headers: { authorization: `Bearer ${teacherToken}` } });
      await fetch(`${baseUrl}/api/check-in/status`, { headers: { authorization: `Bearer ${teacherToken}` } });
    }

    const figures = [
      ...(await benchAuth(teacherToken)),
      ...(await benchCheckIn({ baseUrl, token: teacherToken, db: handle.db, connections, seconds })),
      ...(await benchSchedule({ baseUrl, db: handle.db, studentToken, teacherToken, teacherId: teacher!.id, date, connections, seconds })),
    ];
    console.log(`\nFlexblock bench: PostgreSQL, ${connections} concurrent clients, ${seconds} s per run\n`);
    printFigures(figures);
    if (figures.some((figure) => !passes(figure))) process.exitCode = 1;
  } finally {
    server?.kill("SIGTERM");
    await handle.close();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
