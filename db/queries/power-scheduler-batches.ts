import "server-only";
import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../client";
import { powerScheduleSlots, powerSchedules, staff, sysadmins } from "../schema";
import { staffRefColumns, staffStillHereSql } from "./staff-ref";

/** The Power Scheduler's batches list and undo (the batch itself: db/queries/power-scheduler.ts). */

const creatorStaff = alias(staff, "creator_staff");
const creatorSysadmin = alias(sysadmins, "creator_sysadmin");
const undoerStaff = alias(staff, "undoer_staff");
const undoerSysadmin = alias(sysadmins, "undoer_sysadmin");

type NameColumns = { title: AnyPgColumn; first_name: AnyPgColumn; last_name: AnyPgColumn };

/** "Mr. Smith, Jane" for a staff member, else the sysadmin's name (as lib/people/names.ts writes them). */
const personName = (s: NameColumns, a: { name: AnyPgColumn }) =>
  sql<string | null>`coalesce(ltrim(${s.title} || ' ' || ${s.last_name}) || ', ' || ${s.first_name}, ${a.name})`;

/** When the batch's first block occurrence ends (a timestamptz, read as a Date by either driver). */
const firstEndsAt = () =>
  sql<Date | null>`(select min(s.ends_at) from power_schedule_slots s where s.power_schedule_id = power_schedules.id)`.mapWith(
    powerScheduleSlots.ends_at,
  );

/** Batches newest first with who ran them, the staff member, their blocks and rows, in one statement. */
export function listBatches(db: Db, limit: number) {
  return batchQuery(db).orderBy(desc(powerSchedules.created_at), desc(powerSchedules.id)).limit(limit);
}

export async function findBatch(db: Db, id: number) {
  const [row] = await batchQuery(db).where(eq(powerSchedules.id, id)).limit(1);
  return row;
}

// Every column but the cleared plans (up to ~20,000 of them), which only Undo reads.
const { cleared_plans: _cleared, ...batchColumns } = getTableColumns(powerSchedules);

function batchQuery(db: Db) {
  return db
    .select({
      batch: batchColumns,
      staff: staffRefColumns,
      created_by_name: personName(creatorStaff, creatorSysadmin),
      undone_by_name: personName(undoerStaff, undoerSysadmin),
      first_ends_at: firstEndsAt(),
      dates: sql<
        string[] | null
      >`(select array_agg(distinct s.date::text order by s.date::text) from power_schedule_slots s
        where s.power_schedule_id = power_schedules.id)`,
      block_labels: sql<
        string[] | null
      >`(select array_agg(distinct b.label order by b.label) from power_schedule_slots s
        join blocks b on b.id = s.block_id where s.power_schedule_id = power_schedules.id)`,
      rows_now: sql<number>`((select count(*) from appointments a where a.power_schedule_id = power_schedules.id)
        + (select count(*) from amendments m where m.power_schedule_id = power_schedules.id))::integer`,
    })
    .from(powerSchedules)
    .leftJoin(staff, eq(staff.id, powerSchedules.staff_id))
    .leftJoin(creatorStaff, eq(creatorStaff.user_id, powerSchedules.created_by))
    .leftJoin(creatorSysadmin, eq(creatorSysadmin.user_id, powerSchedules.created_by))
    .leftJoin(undoerStaff, eq(undoerStaff.user_id, powerSchedules.undone_by))
    .leftJoin(undoerSysadmin, eq(undoerSysadmin.user_id, powerSchedules.undone_by));
}

export type BatchRow = NonNullable<Awaited<ReturnType<typeof findBatch>>>;

/** The batch row, locked: two administrators undoing at once cannot both succeed. */
export async function lockBatch(db: Db, id: number) {
  const [row] = await db
    .select({
      id: powerSchedules.id,
      undone_at: powerSchedules.undone_at,
      first_ends_at: firstEndsAt(),
    })
    .from(powerSchedules)
    .where(eq(powerSchedules.id, id))
    .for("update", { of: powerSchedules });
  return row;
}

async function count(db: Db, query: ReturnType<typeof sql>) {
  const result: unknown = await db.execute(query);
  const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as {
    n: number;
  }[];
  return rows[0]?.n ?? 0;
}

/** Deletes the batch's appointments and amendments (also those the trigger added later); answers how many. */
export function deleteBatchRows(db: Db, id: number) {
  return count(
    db,
    sql`with a as (delete from appointments where power_schedule_id = ${id}::integer returning 1),
      m as (delete from amendments where power_schedule_id = ${id}::integer returning 1)
    select ((select count(*) from a) + (select count(*) from m))::integer as n`,
  );
}

/** The ids of the people (`student_id` or `staff_id`) of the plans a batch cleared. */
const clearedIds = (id: number, key: "student_id" | "staff_id") =>
  sql`select (c ->> ${key})::integer from power_schedules ps
    cross join lateral jsonb_array_elements(coalesce(ps.cleared_plans, '[]'::jsonb)) c where ps.id = ${id}::integer`;

/**
 * Locks the students, then the teachers, of the plans a batch cleared, each in id order: the order
 * a student's own choice and an appointment's cancel take them (student, then teacher), so the undo
 * can neither deadlock with them nor count a teacher's seats while one is being taken.
 */
export async function lockClearedPlanPeople(db: Db, id: number) {
  await db.execute(sql`select s.id from students s where s.id in (${clearedIds(id, "student_id")}) order by s.id for update`);
  await db.execute(sql`select st.id from staff st where st.id in (${clearedIds(id, "staff_id")}) order by st.id for update`);
}

/**
 * Gives back the plans the batch cleared as they were — chosen by the student (and when) or placed by
 * default (and by which run) — unless the student has chosen again since (or left), and only into the
 * seats the teacher has left (capacity counts plans, so a return must not overfill): when seats are short, the plans made
 * first come back first; a teacher who has left since (their account locked) gets none back. Batches cleared before the source was kept give theirs back as chosen. Run
 * after lockClearedPlanPeople, so the seats counted here are the seats there are.
 */
export function restoreClearedPlans(db: Db, id: number) {
  return count(
    db,
    sql`with cleared as (
      select c.student_id, c.staff_id, c.block_id, c.date, c.source, c.placement_run_id, c.updated_at
      from power_schedules ps
      cross join lateral jsonb_to_recordset(coalesce(ps.cleared_plans, '[]'::jsonb))
        as c(student_id integer, staff_id integer, block_id integer, date date, source text,
             placement_run_id integer, updated_at timestamptz)
      where ps.id = ${id}::integer
    ),
    waiting as (
      select c.*, row_number() over (partition by c.staff_id, c.block_id, c.date
        order by c.updated_at nulls last, c.student_id) as place
      from cleared c
      join students s on s.id = c.student_id
      join blocks b on b.id = c.block_id
      where not exists (select 1 from plans p
        where p.student_id = c.student_id and p.block_id = c.block_id and p.date = c.date)
    ),
    restored as (
      insert into plans (student_id, staff_id, block_id, date, source, placement_run_id, created_at, updated_at)
      select w.student_id, w.staff_id, w.block_id, w.date, coalesce(w.source, 'chosen')::plan_source,
        case when w.source = 'placed' then pr.id end,
        coalesce(w.updated_at, now()), coalesce(w.updated_at, now())
      from waiting w
      join staff st on st.id = w.staff_id
      left join placement_runs pr on pr.id = w.placement_run_id
      where w.place + (select count(*) from plans p
        where p.staff_id = w.staff_id and p.block_id = w.block_id and p.date = w.date) <= st.capacity
        and ${staffStillHereSql("st")}
      on conflict (student_id, block_id, date) do nothing returning 1)
    select count(*)::integer as n from restored`,
  );
}

export async function markUndone(db: Db, id: number, userId: number, now: Date) {
  await db.update(powerSchedules).set({ undone_at: now, undone_by: userId }).where(eq(powerSchedules.id, id));
}
