/**
 * Shared by `npm run soak`, `npm run bench:busiest` and the scale-out run: a seeded school in a new
 * database (a new PostgreSQL database on DATABASE_URL's server, or a new PGlite folder), sessions
 * minted in the database (signing 2,000 students in through argon2 would take minutes), the built
 * app started on it (one process or several), and the server's memory read from /proc.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { seedSchool } from "../../lib/demo/school.server";
import { createSession } from "../../lib/auth/service.server";
import { addDays, isPending, schoolToday } from "../../lib/core/time";

export const TIMEZONE = "America/Vancouver";

export interface School {
  kind: "postgres" | "pglite";
  /** Environment for the app: DATABASE_URL or PGLITE_DIR. */
  env: Record<string, string>;
  date: string;
  focusBlockId: number;
  teachers: { staffId: number; token: string }[];
  students: { number: string; token: string }[];
  /** Student numbers of the whole school (check-in entries). */
  numbers: string[];
  drop(): Promise<void>;
}

export function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : Number(process.env[`LOAD_${name.toUpperCase()}`] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

export const flag = (name: string) => process.argv.includes(`--${name}`);

/** Seeds a school of `students` and `teachers` and mints a session for each of them. */
export async function prepareSchool(options: { students: number; teachers: number; pglite: boolean }): Promise<School> {
  const serverUrl = process.env.DATABASE_URL;
  const started = Date.now();
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let handleOptions: Parameters<typeof openDatabase>[0];
  if (options.pglite || !serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "flexblock-load-"));
    const pgliteDir = path.join(dir, "pglite");
    env = { PGLITE_DIR: pgliteDir, SEED_DEMO: "0", DATABASE_URL: "" };
    handleOptions = { pgliteDir };
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const name = `flexblock_load_${randomBytes(4).toString("hex")}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString(), SEED_DEMO: "0" };
    handleOptions = { url: url.toString(), max: 4 };
    drop = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    };
  }
  const handle = await openDatabase(handleOptions);
  try {
    const now = new Date();
    const school = await seedSchool(handle.db, {
      now,
      timezone: TIMEZONE,
      students: options.students,
      extraTeachers: Math.max(0, options.teachers - 2), // + admin@, teacher@ (new@ is left out)
      weeksBack: 4,
      weeksAhead: 2,
    });
    if (handle.kind === "postgres") await handle.db.execute(sql`vacuum (analyze)`);
    const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
    const meetings = rowsOf<{ id: number; date: string; end: string }>(
      await handle.db.execute(sql`select b.id, o.date::text as date, o."end"::text as "end" from blocks b
        join block_occurrences o on o.block_id = b.id where b.label = 'Focus Block'`),
    );
    const focusBlockId = meetings[0]!.id;
    // The next Focus Block that has not ended (today's, or a later day's): the block the load is about.
    // Once today's has ended, students plan for the next one (planning an ended block is refused).
    const today = schoolToday(TIMEZONE, now);
    const offset = [0, 1, 2, 3, 4, 5, 6, 7].find((d) => {
      const day = addDays(today, d);
      return meetings.some((m) => m.date === day && isPending(day, m.end, TIMEZONE, now));
    })!;
    const date = addDays(today, offset);
    const teachers = [];
    // Not new@demo.school: their password has expired (every route but a few answers 403).
    const active = school.people.staff.filter((member) => member.email !== "new@demo.school");
    for (const member of active.slice(0, options.teachers)) {
      const session = await createSession(handle.db, member.user_id, "load", now);
      teachers.push({ staffId: member.id, token: session.access_token });
    }
    const students = [];
    for (const student of school.people.students) {
      const session = await createSession(handle.db, student.user_id, "load", now);
      students.push({ number: student.student_number, token: session.access_token });
    }
    console.log(
      `Seeded ${students.length} students and ${teachers.length} teachers on ${handle.kind} in ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s.`,
    );
    return {
      kind: handle.kind,
      env,
      date,
      focusBlockId,
      teachers,
      students,
      numbers: students.map((s) => s.number),
      drop,
    };
  } finally {
    await handle.close();
  }
}

/** Builds the app into NEXT_DIST_DIR (default .next) when there is no build there yet. */
export function ensureBuild(): string {
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  if (fs.existsSync(path.join(distDir, "BUILD_ID"))) return distDir;
  console.log(`No build in ${distDir}: running next build…`);
  const result = spawnSync("node_modules/.bin/next", ["build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error("next build failed");
  return distDir;
}

export interface App {
  port: number;
  process: ChildProcess;
  stop(): Promise<number>;
}

/** Starts `next start` on the school's database; resolves when /api/health answers. */
export async function startApp(school: School, port: number, extraEnv: Record<string, string> = {}): Promise<App> {
  const distDir = ensureBuild();
  const child = spawn("node_modules/.bin/next", ["start", "-p", String(port)], {
    env: {
      ...process.env,
      ...school.env,
      ...extraEnv,
      NEXT_DIST_DIR: distDir,
      NODE_ENV: "production",
      LOG_LEVEL: "error",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_MANUAL_SIG_HANDLE: "true",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the app on port ${port} exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    port,
    process: child,
    /** SIGTERM, and the milliseconds until the process has exited. */
    stop: () =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        if (child.exitCode !== null) return resolve(0);
        child.once("exit", () => resolve(performance.now() - started));
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 60_000).unref();
      }),
  };
}

/** Resident memory (MB) of a process and its descendants (Linux /proc; 0 elsewhere). */
export function rssMb(pid: number | undefined): number {
  if (!pid || !fs.existsSync("/proc")) return 0;
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  let total = 0;
  const walk = (id: number) => {
    try {
      const status = fs.readFileSync(`/proc/${id}/status`, "utf8");
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      // gone
    }
    for (const child of children.get(id) ?? []) walk(child);
  };
  walk(pid);
  return Math.round(total);
}

/**
 * A round-robin HTTP proxy on loopback (the scale-out measurement): each request goes to the next
 * backend port, over keep-alive connections.
 */
export function startProxy(port: number, backends: number[]): Promise<http.Server> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = http.createServer((request, response) => {
    const target = backends[next++ % backends.length]!;
    const upstream = http.request(
      { host: "127.0.0.1", port: target, method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

export const loadAverage = () => os.loadavg().map((value) => value.toFixed(1)).join(" ");
