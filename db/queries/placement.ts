import "server-only";
import { between, eq, sql, type SQL } from "drizzle-orm";
import { attendsBySql } from "@/lib/core/attendance/sql.server";
import type { Db } from "../client";
import { placementRuns, settings } from "../schema";
import { byDateAndStart, meetings } from "./occurrences";
import { visibleStudentNumber, type StudentNumbers } from "./people";
import { staffRefJsonOrNull, staffStillHereSql } from "./staff-ref";

/** Default placement (lib/placement): the flex timetable, the runs, the set-based placement, the Unscheduled list. */

export type PlacementRunRow = typeof placementRuns.$inferSelect;

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}

/** Every occurrence of a flex block from `from` to `to` (the school calendar), by date and start. */
export function flexMeetings(db: Db, from: string, to: string) {
  const meeting = meetings(db, { range: { from, to }, flex: true });
  return db
    .select({ block_id: meeting.block_id, date: meeting.date, start: meeting.start, end: meeting.end })
    .from(meeting)
    .orderBy(...byDateAndStart(meeting));
}

export function runsBetween(db: Db, from: string, to: string) {
  return db.select().from(placementRuns).where(between(placementRuns.date, from, to));
}

export async function runOn(db: Db, date: string): Promise<PlacementRunRow | undefined> {
  const [row] = await db.select().from(placementRuns).where(eq(placementRuns.date, date)).limit(1);
  return row;
}

/** Claims the date's run; undefined when another runner has it already (the unique date decides). */
export async function claimRun(db: Db, date: string, cutoffAt: Date): Promise<PlacementRunRow | undefined> {
  const [row] = await db
    .insert(placementRuns)
    .values({ date, cutoff_at: cutoffAt })
    .onConflictDoNothing({ target: placementRuns.date })
    .returning();
  return row;
}

export async function finishRun(db: Db, id: number, placed: number, skipped: number) {
  await db.update(placementRuns).set({ placed, skipped }).where(eq(placementRuns.id, id));
}

const blockList = (blockIds: number[]) => sql.join(blockIds.map((id) => sql`(${id}::integer)`), sql`, `);

/**
 * Students still to place for (block, date): active, attending by then (lib/core/attendance/sql.server.ts: not before
 * the school's attendance_from or their own start; without attends_from, their account existed by
 * `existedBy`), and with no plan, no appointment and no amendment (their own or a global one) there.
 * `b` is the block, `s` the student.
 */
export const unscheduledWhere = (date: SQL, existedBy: SQL) => sql`s.archived_at is null
  and ${attendsBySql({ date, existedBy })}
  and not exists (select 1 from plans p where p.student_id = s.id and p.block_id = b.block_id and p.date = ${date})
  and not exists (select 1 from appointments a where a.student_id = s.id and a.block_id = b.block_id and a.date = ${date})
  and not exists (select 1 from amendments m where (m.student_id = s.id or m.student_id is null)
                  and m.block_id = b.block_id and m.date = ${date})`;

/**
 * Whom default placement gives student `s`: their default teacher, unless that teacher takes no Focus
 * Block students (office staff) or has left (their account is locked): then nobody.
 */
export const placementTargetOf = sql`(select t.id from staff t where t.id = s.default_teacher_id and t.takes_students
  and ${staffStillHereSql("t")})`;

/**
 * Gives every unscheduled student with a default teacher a plan with that teacher on each of the
 * date's flex blocks, in ONE statement; answers how many plans it made, how many students it had
 * to leave (no default teacher), and whom it placed with whom (each is told). A plan made meanwhile by the student wins (on conflict do nothing).
 */
export async function placeDate(
  db: Db,
  input: { date: string; blockIds: number[]; runId: number; existedBy: Date },
): Promise<{ placed: number; skipped: number; students: { student_id: number; staff_id: number }[] }> {
  const { date, blockIds, runId, existedBy } = input;
  if (blockIds.length === 0) return { placed: 0, skipped: 0, students: [] };
  const [row] = await rows<{ placed: number; skipped: number; students: { student_id: number; staff_id: number }[] }>(
    db,
    sql`with todo as (
      select s.id as student_id, b.block_id, ${placementTargetOf} as default_teacher_id
      from students s cross join (values ${blockList(blockIds)}) as b(block_id)
      where ${unscheduledWhere(sql`${date}::date`, sql`${existedBy.toISOString()}::timestamptz`)}),
    ins as (
      insert into plans (student_id, staff_id, block_id, date, source, placement_run_id)
      select student_id, default_teacher_id, block_id, ${date}::date, 'placed', ${runId}::integer
      from todo where default_teacher_id is not null
      on conflict (student_id, block_id, date) do nothing
      returning student_id, staff_id)
    select (select count(*) from ins)::integer as placed,
      (select count(distinct student_id) from todo where default_teacher_id is null)::integer as skipped,
      (select coalesce(json_agg(distinct jsonb_build_object('student_id', student_id, 'staff_id', staff_id)), '[]'::json) from ins) as students`,
  );
  if (!row) return { placed: 0, skipped: 0, students: [] };
  // PGlite hands json back as text.
  return { ...row, students: typeof row.students === "string" ? JSON.parse(row.students) : row.students };
}

export interface UnscheduledRow {
  id: number;
  first_name: string;
  last_name: string;
  grade: number;
  /** Null where the viewer may not see it (visibleStudentNumber). */
  student_number: string | null;
  default_teacher: { id: number; title: string; first_name: string; last_name: string } | null;
}

/** The date's unscheduled students (on any of its flex blocks), of one default teacher or the whole school. */
export function unscheduledStudents(
  db: Db,
  input: { date: string; blockIds: number[]; existedBy: Date; teacherId: number | null; numbers: StudentNumbers },
): Promise<UnscheduledRow[]> {
  const { date, blockIds, existedBy, teacherId, numbers } = input;
  if (blockIds.length === 0) return Promise.resolve([]);
  return rows<UnscheduledRow>(
    db,
    sql`select s.id, coalesce(nullif(s.preferred_first_name, ''), s.first_name) as first_name, s.last_name, s.grade,
      ${visibleStudentNumber(numbers, sql.raw("s.student_number"))} as student_number,
      ${sql.raw(staffRefJsonOrNull("t"))} as default_teacher
    from students s left join staff t on t.id = s.default_teacher_id
    where ${teacherId === null ? sql`true` : sql`s.default_teacher_id = ${teacherId}::integer`}
      and exists (select 1 from (values ${blockList(blockIds)}) as b(block_id)
        where ${unscheduledWhere(sql`${date}::date`, sql`${existedBy.toISOString()}::timestamptz`)})
    order by lower(f_unaccent(s.last_name)), lower(f_unaccent(coalesce(nullif(s.preferred_first_name, ''), s.first_name))), s.id`,
  ).then((list) =>
    list.map((row) => ({
      ...row,
      default_teacher:
        typeof row.default_teacher === "string" ? JSON.parse(row.default_teacher) : row.default_teacher,
    })),
  );
}

/**
 * One student's flex blocks from `from` to `to` that still need a teacher (no plan, appointment or
 * amendment), as (block_id, date) pairs; `pairs` lists the candidate occurrences.
 */
export function openBlocksOf(db: Db, studentId: number, pairs: { block_id: number; date: string }[]) {
  if (pairs.length === 0) return Promise.resolve([] as { block_id: number; date: string }[]);
  const values = sql.join(
    pairs.map((p) => sql`(${p.block_id}::integer, ${p.date}::date)`),
    sql`, `,
  );
  return rows<{ block_id: number; date: string }>(
    db,
    sql`select o.block_id, to_char(o.date, 'YYYY-MM-DD') as date
    from (values ${values}) as o(block_id, date)
    where not exists (select 1 from plans p where p.student_id = ${studentId}::integer and p.block_id = o.block_id and p.date = o.date)
      and not exists (select 1 from appointments a where a.student_id = ${studentId}::integer and a.block_id = o.block_id and a.date = o.date)
      and not exists (select 1 from amendments m where (m.student_id = ${studentId}::integer or m.student_id is null)
                      and m.block_id = o.block_id and m.date = o.date)
    order by o.date, o.block_id`,
  );
}

export async function placementSettingValues(db: Db) {
  return db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(sql`${settings.key} in ${PLACEMENT_KEYS}`);
}
export const PLACEMENT_KEYS = ["placement_cutoff", "placement_change_after"];
