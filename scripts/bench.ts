/**
 * npm run bench: seeds a large school (2,000 students, 120 staff, a school year of history) into a
 * new database on the PostgreSQL server in DATABASE_URL, starts the built app on it (`next start`),
 * drives it with autocannon over loopback and prints each endpoint's p50/p95 and throughput beside
 * the in-process time of the same work (the floor). The database is dropped afterwards.
 *
 * BENCH_CONNECTIONS (50) and BENCH_SECONDS (10) tune the concurrent runs; BENCH_KEEP_DB=1 keeps the
 * database and BENCH_REUSE_DB=<name> benches a kept one without seeding again.
 *
 * Then ours against the floor (how much the framework and our code cost): a bare node:http server (scripts/bench/floor.ts) answering
 * the same endpoints with the same statements and JSON, both driven at 1, 10 and 50 connections, on
 * PostgreSQL and on PGlite, printed as ours / floor with the ratio, and the targets checked.
 *   npm run bench -- --quick                 2 s per run instead of 4
 *   npm run bench -- --only=user,status      some endpoints (health user status student-week staff-week search inbox)
 *   npm run bench -- --db=pglite             one database (postgres, pglite; both by default with DATABASE_URL)
 *   npm run bench -- --no-budgets            skip the budget runs (docs/benchmarks.md#budgets), only the ratios
 *   npm run bench -- --db=postgres --budgets=dashboard   some budget groups alone, no ratios
 *   npm run bench -- --levels=50             connection levels (default 1,10,50)
 * BENCH_PORT / BENCH_FLOOR_PORT (3300 / 3301) and BENCH_DIST_DIR (.next-bench) let several people
 * bench on one machine; BENCH_APP_DIR=<checkout> benches another checkout's build (before/after);
 * BENCH_CPU_PROF=<dir> runs the app under `node --cpu-prof` into that folder.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { openDatabase, type Db } from "../db/client";
import { findAccountByUsername, insertSession } from "../db/queries/auth";
import { checkInCalendar } from "../db/queries/checkin";
import { seedSchool } from "../lib/demo/school.server";
import { focusBlockOn } from "../lib/checkin/rules";
import { hashToken, newToken } from "../lib/auth/tokens.server";
import { addDays, schoolToday, weekDays } from "../lib/core/time";
import { benchCheckIn } from "./bench/check-in";
import { drive, passes, printFigures, timeSequential, type BenchFigure } from "./bench/harness";
import { benchPlacement } from "./bench/placement";
import { benchCalendar } from "./bench/calendar";
import { benchDashboard } from "./bench/dashboard";
import { largeSchool } from "./bench/large-school";
import { benchPowerScheduler } from "./bench/power-scheduler";
import { benchReports } from "./bench/reports";
import { checkTargets, compare, FRAMEWORK_KEY, printRatios, sameAnswers, type Endpoint, type RatioRow } from "./bench/ratios";
import { benchSchedule, fillTeacher } from "./bench/schedule";

const TIMEZONE = "America/Vancouver";
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 3301);
const DIST_DIR = process.env.BENCH_DIST_DIR ?? ".next-bench";
/** Another checkout whose built app to bench (e.g. the commit before a change), with this floor. */
const APP_DIR = process.env.BENCH_APP_DIR ?? ".";
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const baseUrl = `http://127.0.0.1:${PORT}`;
const floorUrl = `http://127.0.0.1:${FLOOR_PORT}`;

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    db: { type: "string" },
    "no-budgets": { type: "boolean", default: false },
    budgets: { type: "string" },
    levels: { type: "string", default: "1,10,50" },
    seconds: { type: "string" },
  },
});
const ratioSeconds = Number(args.seconds ?? (args.quick ? 2 : 4));
const levels = args.levels!.split(",").map(Number);

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
  const school = await seedSchool(db, largeSchool(new Date()));
  console.log(
    `Seeded ${school.people.students.length} students, ${school.people.staff.length} staff, ${school.plans} plans, ` +
      `${school.checkIns} check-ins in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

function build() {
  if (fs.existsSync(path.join(APP_DIR, DIST_DIR, "BUILD_ID")) && process.env.BENCH_BUILD !== "1") return;
  console.log("Building the app (next build)…");
  const result = spawnSync("node_modules/.bin/next", ["build"], {
    cwd: APP_DIR,
    stdio: "inherit",
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_SKIP_TYPECHECK: "1", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error("next build failed");
}

/** The app's production server on PORT: `next start` (under `node --cpu-prof` with BENCH_CPU_PROF). */
async function startServer(database: { DATABASE_URL: string } | { PGLITE_DIR: string }): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...database,
    SEED_DEMO: "0",
    NEXT_DIST_DIR: DIST_DIR,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  if ("PGLITE_DIR" in database) delete env.DATABASE_URL;
  const profile = process.env.BENCH_CPU_PROF;
  const child = profile
    ? spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profile}`, "node_modules/next/dist/bin/next", "start", "-p", String(PORT)], {
        env,
        cwd: APP_DIR,
        stdio: ["ignore", "inherit", "inherit"],
      })
    : spawn("node_modules/.bin/next", ["start", "-p", String(PORT)], { env, cwd: APP_DIR, stdio: ["ignore", "inherit", "inherit"] });
  return waitUntilUp(child, baseUrl, "the server");
}

/** The floor (scripts/bench/floor.ts) on FLOOR_PORT, on the same database (a copy of it for PGlite). */
async function startFloor(database: { url: string } | { pgliteDir: string }): Promise<ChildProcess> {
  const target = "url" in database ? ["--database-url", database.url] : ["--pglite", database.pgliteDir];
  const child = spawn(
    "node_modules/.bin/tsx",
    ["--conditions=react-server", "scripts/bench/floor.ts", "--port", String(FLOOR_PORT), ...target],
    { env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", "ignore", "inherit"] },
  );
  return waitUntilUp(child, floorUrl, "the floor");
}

async function waitUntilUp(child: ChildProcess, url: string, what: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill("SIGTERM");
  throw new Error(`${what} did not start`);
}

/** Stops a server and waits for it to exit (a CPU profile is written on exit). */
async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
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

/** The school the ratios are measured on: the teacher, the dates, and sessions made in the database. */
async function prepareSchool(db: Db) {
  const date = schoolToday(TIMEZONE, new Date());
  // PGlite answers { rows }; postgres.js an array.
  const first = <T>(result: unknown): T =>
    (Array.isArray(result) ? result[0] : (result as { rows: T[] }).rows[0]) as T;
  const teacherId = first<{ id: number }>(
    await db.execute(sql`select s.id from staff s where s.email = 'teacher@demo.school'`),
  ).id;
  const focusId = first<{ id: number }>(await db.execute(sql`select id from blocks where label = 'Focus Block' limit 1`)).id;
  await fillTeacher(db, teacherId, focusId, weekDays(date, true), 30);
  // The status date: the latest Focus Block day up to today (plans and check-ins exist for it).
  const focusCalendar = await checkInCalendar(db);
  let statusDate = date;
  while (!focusBlockOn(focusCalendar, statusDate)) statusDate = addDays(statusDate, -1);
  // Sessions written straight into the database (the PGlite floor runs on a copy made afterwards).
  const tokenOf = async (username: string) => {
    const account = (await findAccountByUsername(db, username))!;
    const token = newToken();
    await insertSession(db, {
      user_id: account.user.id,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + 24 * 3600_000),
      user_agent: "bench",
    });
    return token;
  };
  const teacherToken = await tokenOf("teacher@demo.school");
  const studentToken = await tokenOf("100001");
  const endpoints: Endpoint[] = [
    { key: "health", name: "GET /api/health (select 1)", path: "/api/health", token: null },
    { key: "user", name: "GET /api/user", path: "/api/user", token: teacherToken },
    {
      key: "status",
      name: "GET /api/check-in/status/{date}",
      path: `/api/check-in/status/${statusDate}`,
      token: teacherToken,
      conditional: true,
    },
    {
      key: "student-week",
      name: "GET /api/students/self/schedule/{date}",
      path: `/api/students/self/schedule/${date}`,
      token: studentToken,
      conditional: true,
    },
    {
      key: "staff-week",
      name: "GET /api/staff/{id}/schedule/{date}",
      path: `/api/staff/${teacherId}/schedule/${date}`,
      token: teacherToken,
      conditional: true,
    },
    { key: "search", name: "GET /api/search?query=mar", path: "/api/search?query=mar", token: teacherToken },
    {
      key: "inbox",
      name: "GET /api/notifications/inbox (poll, nothing new)",
      path: "/api/notifications/inbox",
      token: teacherToken,
      conditional: true,
    },
  ];
  // The `select 1` pair is always run: it measures the framework's own cost, which the ceilings need.
  const only = args.only?.split(",");
  return { teacherId, date, endpoints: only ? endpoints.filter((e) => e.key === FRAMEWORK_KEY || only.includes(e.key)) : endpoints };
}

async function warmUp(endpoints: Endpoint[]) {
  for (let i = 0; i < 20; i++) {
    for (const e of endpoints) {
      for (const base of [baseUrl, floorUrl]) {
        const response = await fetch(base + e.path, { headers: e.token ? { authorization: `Bearer ${e.token}` } : {} });
        await response.arrayBuffer();
      }
    }
  }
}

async function ratios(title: string, endpoints: Endpoint[]): Promise<RatioRow[]> {
  await warmUp(endpoints);
  const problems = await sameAnswers(baseUrl, floorUrl, endpoints);
  for (const problem of problems) console.log(`WARNING  ${problem}`);
  console.log(`\n${title}: ${ratioSeconds} s per run, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  const rows = await compare({
    ours: baseUrl,
    floor: floorUrl,
    endpoints,
    levels,
    seconds: ratioSeconds,
    log: (line) => console.log(line),
  });
  return rows;
}

/** PostgreSQL: the budgets (docs/benchmarks.md#budgets) (unless --no-budgets), then ours against the floor. */
async function benchPostgres(serverUrl: string) {
  const database = await createDatabase(serverUrl);
  const handle = await openDatabase({ url: database.url, max: 10 });
  let server: ChildProcess | undefined;
  let floor: ChildProcess | undefined;
  try {
    if (!database.seeded) await seed(handle.db);
    const school = await prepareSchool(handle.db);
    // Fresh bulk-loaded rows: without this the first lock on each student row costs ~0.4 ms.
    await handle.db.execute(sql`vacuum (analyze)`);
    server = await startServer({ DATABASE_URL: database.url });
    floor = await startFloor({ url: database.url });
    if (!args["no-budgets"]) await budgets(handle.db, school.teacherId, school.date);
    // Some budgets asked for: those alone, no ratios.
    if (args.budgets) return { endpoints: school.endpoints, rows: [] };
    const rows = await ratios("PostgreSQL", school.endpoints);
    return { endpoints: school.endpoints, rows };
  } finally {
    await stop(server);
    await stop(floor);
    await handle.close();
    await database.drop();
  }
}

/** PGlite (the embedded default): the app and the floor each on their own copy of one seeded folder. */
async function benchPglite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "flexblock-bench-"));
  let server: ChildProcess | undefined;
  let floor: ChildProcess | undefined;
  try {
    const handle = await openDatabase({ pgliteDir: path.join(dir, "app") });
    const started = Date.now();
    const school = await seedSchool(handle.db, {
      now: new Date(),
      timezone: TIMEZONE,
      students: 2000,
      extraTeachers: 117,
      weeksBack: Number(process.env.BENCH_PGLITE_WEEKS_BACK ?? 8),
      weeksAhead: 2,
    });
    console.log(`PGlite: seeded ${school.people.students.length} students in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    const prepared = await prepareSchool(handle.db);
    await handle.db.execute(sql`vacuum (analyze)`);
    await handle.close();
    fs.cpSync(path.join(dir, "app"), path.join(dir, "floor"), { recursive: true });
    server = await startServer({ PGLITE_DIR: path.join(dir, "app") });
    floor = await startFloor({ pgliteDir: path.join(dir, "floor") });
    const rows = await ratios("PGlite", prepared.endpoints);
    return { endpoints: prepared.endpoints, rows };
  } finally {
    await stop(server);
    await stop(floor);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The budgets on PostgreSQL (docs/benchmarks.md#budgets) (check-in, status, weeks, search, Power Scheduler,
 * reports, the dashboard); `--budgets=dashboard,reports` runs only those groups.
 */
async function budgets(db: Db, teacherId: number, date: string) {
  const teacherToken = await signIn("teacher@demo.school");
  const studentToken = await signIn("100001");
  const groups: Record<string, () => Promise<BenchFigure[]>> = {
    auth: () => benchAuth(teacherToken),
    "check-in": () => benchCheckIn({ baseUrl, token: teacherToken, db, connections, seconds }),
    schedule: () => benchSchedule({ baseUrl, db, studentToken, teacherToken, teacherId, date, connections, seconds }),
    "power-scheduler": async () => benchPowerScheduler({ baseUrl, db, adminToken: await signIn("admin@demo.school") }),
    placement: () => benchPlacement({ db }),
    calendar: () => benchCalendar({ db }),
    reports: async () => benchReports({ baseUrl, adminToken: await signIn("admin@demo.school") }),
    dashboard: async () => benchDashboard({ baseUrl, db, adminToken: await signIn("admin@demo.school"), teacherToken }),
  };
  const chosen = args.budgets?.split(",") ?? Object.keys(groups);
  const unknown = chosen.filter((name) => !(name in groups));
  if (unknown.length > 0) throw new Error(`--budgets: no such group ${unknown.join(", ")} (${Object.keys(groups).join(", ")})`);
  const figures: BenchFigure[] = [];
  for (const name of chosen) figures.push(...(await groups[name]!()));
  console.log(`\nFlexblock bench: PostgreSQL, ${connections} concurrent clients, ${seconds} s per run\n`);
  printFigures(figures);
  if (figures.some((figure) => !passes(figure))) process.exitCode = 1;
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  const kinds = (args.db ?? (serverUrl ? "postgres,pglite" : "pglite")).split(",");
  if (kinds.includes("postgres") && !serverUrl) {
    console.error(
      "The PostgreSQL bench needs DATABASE_URL (a database is created there and dropped afterwards), e.g.\n" +
        "  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench",
    );
    process.exit(2);
  }
  build();
  const results: { title: string; endpoints: Endpoint[]; rows: RatioRow[] }[] = [];
  if (kinds.includes("postgres")) results.push({ title: "PostgreSQL", ...(await benchPostgres(serverUrl!)) });
  if (kinds.includes("pglite") && !args.budgets) results.push({ title: "PGlite", ...(await benchPglite()) });
  for (const result of results) if (result.rows.length > 0) printRatios(result.title, result.endpoints, result.rows);
  const postgresResult = results.find((r) => r.title === "PostgreSQL");
  if (postgresResult && postgresResult.rows.length > 0) {
    const top = Math.max(...levels);
    console.log(`\nTargets against the floor (PostgreSQL, ${top} connections, one run):`);
    for (const line of checkTargets(postgresResult.endpoints, postgresResult.rows, top)) console.log(line.text);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
