import "server-only";
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import {
  powerScheduleSlots,
  powerSchedules,
  schoolDays,
  staff,
  students,
  type PowerScheduleSummary,
} from "../schema";
import { byDateAndStart, meetings } from "./occurrences";
import { staffRefColumns, staffStillHere } from "./staff-ref";

/**
 * The Power Scheduler's data access. A batch is applied with a fixed number of set-based statements
 * whatever the number of students or dates: the students and the block occurrences ("slots") are
 * crossed in SQL, and each rule (already checked in, the appointment limit) is a join, not a loop.
 */

export interface SlotKey {
  block_id: number;
  date: string;
}

/** Whom a batch is for: every current student, or the given ids (archived students never). */
export type Targets = { all: true } | { all: false; ids: number[] };

export type BatchKind = "appointment" | "amendment" | "global-amendment";

/** Every occurrence of a flex block from `from` to `to` (the school calendar), by date and start. */
export function flexMeetings(db: Db, from: string, to: string) {
  const meeting = meetings(db, { range: { from, to }, flex: true });
  return db
    .select({
      block_id: meeting.block_id,
      label: meeting.label,
      date: meeting.date,
      start: meeting.start,
      end: meeting.end,
      /** The rotation's day type of the date ("Day 2"; null on a weekly timetable). */
      day_type: schoolDays.day_type,
    })
    .from(meeting)
    .innerJoin(schoolDays, eq(schoolDays.date, meeting.date))
    .orderBy(...byDateAndStart(meeting));
}

/** The day type of each in-session school day from `from` on that has one (a rotation's "Day 1", "Day 2"). */
export function dayTypesFrom(db: Db, from: string) {
  return db
    .select({ date: schoolDays.date, day_type: sql<string>`${schoolDays.day_type}` })
    .from(schoolDays)
    .where(
      and(
        eq(schoolDays.in_session, true),
        sql`${schoolDays.date} >= ${from}::date`,
        sql`${schoolDays.day_type} is not null`,
      ),
    )
    .orderBy(asc(schoolDays.date));
}

/** Each flex block with every date it meets (the school calendar's occurrences), in date order. */
export function flexBlockDates(db: Db) {
  const meeting = meetings(db, { flex: true });
  return db
    .select({
      block_id: meeting.block_id,
      label: meeting.label,
      dates: sql<string[]>`array_agg(${meeting.date}::text order by ${meeting.date})`,
    })
    .from(meeting)
    .groupBy(meeting.block_id, meeting.label)
    .orderBy(asc(meeting.block_id));
}

export async function findStaffMember(db: Db, staffId: number) {
  const [row] = await db
    .select({ ...staffRefColumns, still_here: staffStillHere })
    .from(staff)
    .where(eq(staff.id, staffId))
    .limit(1);
  return row;
}

/** Which of the ids are current (not archived) students. */
export async function currentStudentIds(db: Db, ids: number[]) {
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(and(inArray(students.id, ids), isNull(students.archived_at)));
  return rows.map((row) => row.id);
}

/** Many ids as one parameter (a bulk list must not become thousands of bind parameters). */
const idArray = (ids: number[]) => sql`string_to_array(${ids.join(",")}, ',')::integer[]`;

const targetStudents = (targets: Targets) =>
  targets.all
    ? sql`select id from students where archived_at is null`
    : sql`select id from students where id = any(${idArray(targets.ids)}) and archived_at is null`;

const slotValues = (slots: SlotKey[]) =>
  sql.join(
    slots.map((slot) => sql`(${slot.block_id}::integer, ${slot.date}::date)`),
    sql`, `,
  );

/**
 * Every (student, slot) pair with what already exists there: a check-in, how many appointments, a
 * plan. The CTE is `pairs(student_id, block_id, date, checked_in, booked, planned)`; each existing
 * table is read once for the slots and hash-joined, never looked up pair by pair.
 */
function pairsWith(targets: Targets, slots: SlotKey[]): SQL {
  return sql`with t as (${targetStudents(targets)}),
    sl(block_id, date) as (values ${slotValues(slots)}),
    ci as (select distinct c.student_id, c.block_id, c.date from check_ins c
           join sl on c.block_id = sl.block_id and c.date = sl.date),
    ap as (select a.student_id, a.block_id, a.date, count(*)::integer as n from appointments a
           join sl on a.block_id = sl.block_id and a.date = sl.date group by 1, 2, 3),
    pl as (select p.student_id, p.block_id, p.date from plans p join sl on p.block_id = sl.block_id and p.date = sl.date),
    pairs as (
      select t.id as student_id, sl.block_id, sl.date, ci.student_id is not null as checked_in,
             coalesce(ap.n, 0) as booked, pl.student_id is not null as planned
      from t cross join sl
      left join ci on ci.student_id = t.id and ci.block_id = sl.block_id and ci.date = sl.date
      left join ap on ap.student_id = t.id and ap.block_id = sl.block_id and ap.date = sl.date
      left join pl on pl.student_id = t.id and pl.block_id = sl.block_id and pl.date = sl.date)`;
}

/** The pairs that get a row: never over a check-in; appointments also stop at the limit (0 = none). */
const atLimit = (limit: number) => (limit > 0 ? sql`booked >= ${limit}::integer` : sql`false`);
const eligible = (kind: BatchKind, limit: number) =>
  kind === "appointment" ? sql`not checked_in and not (${atLimit(limit)})` : sql`not checked_in`;

export interface BatchCounts {
  students: number;
  created: number;
  booked_students: number;
  skipped_limit: number;
  skipped_limit_students: number;
  skipped_checked_in: number;
  checked_in_students: number;
  plans_cleared: number;
  /**
   * Who those students are (the first OUTCOME_IDS of each, by id), so the preview can name them:
   * already booked on a block, skipped there at the appointment limit, already checked in.
   */
  booked_student_ids: number[];
  limit_student_ids: number[];
  checked_in_student_ids: number[];
}

/** How many students of each outcome a preview names (the counts are always whole). */
export const OUTCOME_IDS = 50;

/** The first OUTCOME_IDS students (by id) of the pairs matching `where`. */
const firstIds = (where: SQL) =>
  sql`coalesce((array_agg(distinct student_id order by student_id) filter (where ${where}))[1:${sql.raw(String(OUTCOME_IDS))}], '{}'::integer[])`;

/** What applying the batch would do, in one statement (the preview, and the numbers a run reports). */
export async function countBatch(
  db: Db,
  input: { kind: BatchKind; targets: Targets; slots: SlotKey[]; limit: number },
): Promise<BatchCounts> {
  const { kind, targets, slots, limit } = input;
  const global = kind === "global-amendment";
  const ok = global ? sql`true` : eligible(kind, limit);
  const plans = global
    ? sql`(select count(*)::integer from pl)`
    : sql`(count(*) filter (where planned and ${ok}))::integer`;
  const skippedLimit = kind === "appointment" ? sql`not checked_in and ${atLimit(limit)}` : sql`false`;
  const [row] = await rows<BatchCounts>(
    db,
    sql`${pairsWith(targets, slots)}
    select count(distinct student_id)::integer as students,
      ${global ? sql`${slots.length}::integer` : sql`(count(*) filter (where ${ok}))::integer`} as created,
      (count(distinct student_id) filter (where booked > 0))::integer as booked_students,
      (count(*) filter (where ${skippedLimit}))::integer as skipped_limit,
      (count(distinct student_id) filter (where ${skippedLimit}))::integer as skipped_limit_students,
      ${global ? sql`0` : sql`(count(*) filter (where checked_in))::integer`} as skipped_checked_in,
      (count(distinct student_id) filter (where checked_in))::integer as checked_in_students,
      ${plans} as plans_cleared,
      ${firstIds(sql`booked > 0`)} as booked_student_ids,
      ${firstIds(skippedLimit)} as limit_student_ids,
      ${firstIds(sql`checked_in`)} as checked_in_student_ids
    from pairs`,
  );
  return row!;
}

/** Runs a statement and answers its rows, whichever driver is underneath. */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}

export async function insertBatch(db: Db, values: typeof powerSchedules.$inferInsert) {
  const [row] = await db.insert(powerSchedules).values(values).returning();
  return row!;
}

export async function insertSlots(db: Db, batchId: number, slots: (SlotKey & { ends_at: Date })[]) {
  await db.insert(powerScheduleSlots).values(slots.map((slot) => ({ power_schedule_id: batchId, ...slot })));
}

/** Locks the target students: appointments are counted under the student's lock (as a single booking does). */
export async function lockTargets(db: Db, targets: Targets) {
  await db.execute(sql`select count(*) from (${targetStudents(targets)} order by id for update) locked`);
}

/** Creates the batch's rows in one statement and answers how many. */
export async function insertBatchRows(
  db: Db,
  input: {
    kind: BatchKind;
    targets: Targets;
    slots: SlotKey[];
    limit: number;
    batchId: number;
    staffId: number;
    memo: string;
  },
): Promise<number> {
  const { kind, batchId, staffId, memo } = input;
  if (kind === "global-amendment") {
    const [row] = await rows<{ n: number }>(
      db,
      sql`with ins as (
        insert into amendments (student_id, staff_id, block_id, date, memo, power_schedule_id)
        select null, ${staffId}::integer, sl.block_id, sl.date, ${memo}, ${batchId}::integer
        from (values ${slotValues(input.slots)}) as sl(block_id, date) returning 1)
      select count(*)::integer as n from ins`,
    );
    return row!.n;
  }
  const table = kind === "appointment" ? sql`appointments` : sql`amendments`;
  const [row] = await rows<{ n: number }>(
    db,
    sql`${pairsWith(input.targets, input.slots)},
    ins as (
      insert into ${table} (student_id, staff_id, block_id, date, memo, power_schedule_id)
      select student_id, ${staffId}::integer, block_id, date, ${memo}, ${batchId}::integer
      from pairs where ${eligible(kind, input.limit)} returning 1)
    select count(*)::integer as n from ins`,
  );
  return row!.n;
}

/**
 * Clears the plans the batch replaces (as clear_schedule does), keeping them on the batch so Undo can
 * give them back: the plans of each student who got a row, or every plan on the slots for a global
 * amendment. Answers how many.
 */
export async function clearBatchPlans(db: Db, kind: BatchKind, batchId: number): Promise<number> {
  const using =
    kind === "global-amendment"
      ? sql`using power_schedule_slots s where s.power_schedule_id = ${batchId}::integer
            and p.block_id = s.block_id and p.date = s.date`
      : sql`using ${kind === "appointment" ? sql`appointments` : sql`amendments`} r
            where r.power_schedule_id = ${batchId}::integer
            and p.student_id = r.student_id and p.block_id = r.block_id and p.date = r.date`;
  const [row] = await rows<{ n: number }>(
    db,
    sql`with removed as (delete from plans p ${using}
      returning p.student_id, p.staff_id, p.block_id, p.date, p.source, p.placement_run_id, p.updated_at),
    kept as (update power_schedules set cleared_plans = (select coalesce(jsonb_agg(jsonb_build_object(
               'student_id', student_id, 'staff_id', staff_id, 'block_id', block_id, 'date', date,
               'source', source, 'placement_run_id', placement_run_id, 'updated_at', updated_at)), '[]'::jsonb)
             from removed)
             where id = ${batchId}::integer returning jsonb_array_length(cleared_plans) as n)
    select n from kept`,
  );
  return row!.n;
}

export async function setBatchSummary(
  db: Db,
  batchId: number,
  summary: PowerScheduleSummary,
  studentCount: number,
) {
  await db
    .update(powerSchedules)
    .set({ summary, student_count: studentCount })
    .where(eq(powerSchedules.id, batchId));
}
