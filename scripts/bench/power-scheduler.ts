/**
 * Power Scheduler and Credentials Manager speed (their budgets) on PostgreSQL with the large school:
 * - POST /api/power-scheduler, an appointment for every student (All Students) on one date: ≤ 1 s;
 * - the same over ten dates: ≤ 5 s;
 * - POST /api/power-scheduler/preview for every student over ten dates: ≤ 300 ms;
 * - GET /api/users with 2,000 students and 120 staff: ≤ 100 ms.
 * Each run is undone before the next (also timed, for the record), so every run books the same rows
 * and clears the same plans. Called by scripts/bench.ts against the running server.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { checkInCalendar } from "../../db/queries/checkin";
import type { Principal } from "../../lib/auth/principal";
import { listUsers } from "../../lib/credentials/service.server";
import { addDays, dayOfWeek } from "../../lib/core/time";
import { summarize, timeSequential, type BenchFigure } from "./harness";

export interface PowerSchedulerBenchContext {
  baseUrl: string;
  db: Db;
  /** A bearer token of an administrator (admin@demo.school). */
  adminToken: string;
}

interface Options {
  students: unknown[];
  staff: { id: number; email: string }[];
  blocks: { id: number; label: string; days: number[] }[];
  today: string;
}

export async function benchPowerScheduler(context: PowerSchedulerBenchContext): Promise<BenchFigure[]> {
  const { baseUrl, db, adminToken } = context;
  const headers = { authorization: `Bearer ${adminToken}`, "content-type": "application/json" };
  const call = async (method: "GET" | "POST", path: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // Timed to the last byte received; parsing the answer is the client's work, not the server's.
    const bytes = await response.arrayBuffer();
    const ms = performance.now() - started;
    const answer = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown> & {
      id?: number;
      created?: number;
    };
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return { ms, answer };
  };

  const { answer } = await call("GET", "/api/power-scheduler/options");
  const options = answer as unknown as Options;
  const focus = options.blocks.find((b) => b.label === "Focus Block")!;
  const teacher = options.staff.find((s) => s.email === "teacher@demo.school")!;
  // Ten Focus Block dates from tomorrow on, inside a school year stretched to hold them; never a day the
  // calendar says no blocks meet (the demo's Pro-D day: the scheduler refuses it, 422, and the bench stopped).
  const { noBlockDates } = await checkInCalendar(db);
  const dates: string[] = [];
  for (let d = addDays(options.today, 1); dates.length < 10; d = addDays(d, 1)) {
    if (focus.days.includes(dayOfWeek(d)) && !noBlockDates.includes(d)) dates.push(d);
  }
  await db.execute(sql`update settings set value = ${addDays(dates[9]!, 7)} where key = 'end_datetime'
    and (value is null or substr(value, 1, 10) < ${addDays(dates[9]!, 7)})`);
  const body = (from: string, to: string) => ({
    student_type: "all",
    schedule_type: "appointment",
    staff_id: teacher.id,
    memo: "Bench assembly",
    date_time: from,
    end_date: to,
    block_ids: [focus.id],
  });

  const oneDate: number[] = [];
  const tenDates: number[] = [];
  const undos: number[] = [];
  const booked = { one: 0, ten: 0 };
  for (let run = 0; run < 5; run++) {
    const one = await call("POST", "/api/power-scheduler", body(dates[run]!, dates[run]!));
    oneDate.push(one.ms);
    booked.one = one.answer.created ?? 0;
    undos.push((await call("POST", `/api/power-scheduler/${one.answer.id}/undo`, {})).ms);
  }
  for (let run = 0; run < 3; run++) {
    const ten = await call("POST", "/api/power-scheduler", body(dates[0]!, dates[9]!));
    tenDates.push(ten.ms);
    booked.ten = ten.answer.created ?? 0;
    undos.push((await call("POST", `/api/power-scheduler/${ten.answer.id}/undo`, {})).ms);
  }
  const preview = await timeSequential(
    () => call("POST", "/api/power-scheduler/preview", body(dates[0]!, dates[9]!)),
    20,
  );
  const users = await timeSequential(() => call("GET", "/api/users"), 30);
  const { answer: listed } = await call("GET", "/api/users");
  const accounts = (listed as unknown as unknown[]).length;
  // The same work in-process (no HTTP, no sign-in check), and a trivial signed-in route: this
  // machine's noise floor for a sequential request in the same minute.
  const { answer: me } = await call("GET", "/api/user");
  const principal = { user: { id: Number(me.id) }, role: "admin" } as unknown as Principal;
  const usersFloor = await timeSequential(() => listUsers(db, principal, new Date()), 30);
  const reference = await timeSequential(() => call("GET", "/api/user"), 30);

  return [
    {
      name: `POST /api/power-scheduler, All Students on 1 date (${booked.one} appointments, 5 runs)`,
      budgetMs: 1000,
      budgetOn: "max",
      ...summarize(oneDate),
    },
    {
      name: `POST /api/power-scheduler, All Students on 10 dates (${booked.ten} appointments, 3 runs)`,
      budgetMs: 5000,
      budgetOn: "max",
      ...summarize(tenDates),
    },
    {
      name: "POST /api/power-scheduler/{id}/undo (the runs above)",
      budgetMs: null,
      budgetOn: "p50",
      ...summarize(undos),
    },
    {
      name: "POST /api/power-scheduler/preview, All Students on 10 dates (20 runs)",
      budgetMs: 300,
      budgetOn: "p95",
      ...preview,
    },
    {
      name: `GET /api/users, ${accounts} accounts (30 runs)`,
      budgetMs: 100,
      budgetOn: "p95",
      ...users,
      floorP50: usersFloor.p50,
    },
    {
      name: "reference: GET /api/user, one at a time (30 runs)",
      budgetMs: null,
      budgetOn: "p50",
      ...reference,
    },
  ];
}
