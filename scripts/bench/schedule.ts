/**
 * Week-schedule speed (docs/benchmarks.md#budgets): GET /api/students/self/schedule/{date} for a student and
 * GET /api/staff/{id}/schedule/{date} for a teacher with ~30 planned students per Focus Block, at
 * 50 concurrent clients. Budget: p95 ≤ 40 ms on PostgreSQL. Called by scripts/bench.ts.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { findAccountByUserId } from "../../db/queries/auth";
import { sessions } from "../../db/schema";
import { roleOf } from "../../lib/auth/principal";
import { hashToken } from "../../lib/auth/tokens.server";
import { staffWeekSchedule, studentWeekSchedule } from "../../lib/schedule/week.server";
import { drive, timeSequential, type BenchFigure } from "./harness";

export interface ScheduleBenchContext {
  baseUrl: string;
  db: Db;
  studentToken: string;
  teacherToken: string;
  teacherId: number;
  /** A date inside the benched week (YYYY-MM-DD). */
  date: string;
  connections: number;
  seconds: number;
}

/** Gives the teacher at least `count` planned students on each Focus Block of the days (moving other plans). */
export async function fillTeacher(db: Db, teacherId: number, focusBlockId: number, days: string[], count: number) {
  for (const date of days) {
    await db.execute(sql`
      update plans set staff_id = ${teacherId}
      where id in (
        select id from plans
        where block_id = ${focusBlockId} and date = ${date} and staff_id <> ${teacherId}
        order by id
        limit greatest(0, ${count} - (select count(*) from plans
          where block_id = ${focusBlockId} and date = ${date} and staff_id = ${teacherId}))
      )`);
  }
}

/** Benchmarks both week schedules against a running server (read-only). */
export async function benchSchedule(context: ScheduleBenchContext): Promise<BenchFigure[]> {
  const { db, baseUrl, date, connections, seconds } = context;
  const [session] = await db
    .select({ user_id: sessions.user_id })
    .from(sessions)
    .where(eq(sessions.token_hash, hashToken(context.studentToken)));
  const account = (await findAccountByUserId(db, session!.user_id))!;
  const student = { ...account, role: roleOf(account), sessionId: 0 };

  const studentUrl = `${baseUrl}/api/students/self/schedule/${date}`;
  const staffUrl = `${baseUrl}/api/staff/${context.teacherId}/schedule/${date}`;
  const probe = await fetch(staffUrl, { headers: { authorization: `Bearer ${context.teacherToken}` } });
  if (probe.status !== 200) throw new Error(`staff schedule answered ${probe.status}`);
  const week = (await probe.json()) as { schedule: { blocks: { flex: boolean; planned: unknown[] }[] }[] };
  const planned = week.schedule.flatMap((day) => day.blocks.filter((b) => b.flex).map((b) => b.planned.length));

  const studentRun = await drive(studentUrl, { token: context.studentToken, connections, seconds });
  const staffRun = await drive(staffUrl, { token: context.teacherToken, connections, seconds });
  const studentFloor = await timeSequential(() => studentWeekSchedule(db, student, "self", date, new Date()), 200);
  const staffFloor = await timeSequential(() => staffWeekSchedule(db, context.teacherId, date, new Date()), 200);
  return [
    {
      name: `GET /api/students/self/schedule/{date}, ${connections} clients`,
      budgetMs: 40,
      budgetOn: "p95",
      ...studentRun,
      floorP50: studentFloor.p50,
    },
    {
      name: `GET /api/staff/{id}/schedule/{date}, ${connections} clients (planned per Focus Block: ${planned.join(", ")})`,
      budgetMs: 40,
      budgetOn: "p95",
      ...staffRun,
      floorP50: staffFloor.p50,
    },
  ];
}
