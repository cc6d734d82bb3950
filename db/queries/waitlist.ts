import "server-only";
import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { appointments, dayDeadlines, plans, settings, staff, students, topics, waitlistEntries } from "../schema";
import { studentDisplayFirstName } from "./people";
import { staffRefColumns, staffStillHere } from "./staff-ref";

/**
 * Waitlists of full teachers (db/schema/choice.ts waitlist_entries; rules in lib/choice/waitlist.server.ts,
 * seats that free in lib/choice/seats.server.ts). Arrival order is the entry's id.
 */

const queue = (staffId: number, blockId: number, date: string) =>
  and(eq(waitlistEntries.staff_id, staffId), eq(waitlistEntries.block_id, blockId), eq(waitlistEntries.date, date));

/** Puts the student on the teacher's waitlist; an entry already there is kept (its place in line too). */
export async function insertWaitlistEntry(
  db: Db,
  values: { student_id: number; staff_id: number; block_id: number; date: string; added_by: number | null },
) {
  await db.insert(waitlistEntries).values(values).onConflictDoNothing();
  const [row] = await db
    .select({ id: waitlistEntries.id, offered_until: waitlistEntries.offered_until })
    .from(waitlistEntries)
    .where(and(queue(values.staff_id, values.block_id, values.date), eq(waitlistEntries.student_id, values.student_id)));
  return row!;
}

/** The student's entry on one teacher's waitlist, if any. */
export async function findWaitlistEntry(db: Db, studentId: number, staffId: number, blockId: number, date: string) {
  const [row] = await db
    .select({ id: waitlistEntries.id, offered_until: waitlistEntries.offered_until })
    .from(waitlistEntries)
    .where(and(queue(staffId, blockId, date), eq(waitlistEntries.student_id, studentId)));
  return row;
}

/** 1 for the first in line: the entries of that waitlist up to and including this one. */
export async function waitlistPosition(db: Db, entryId: number, staffId: number, blockId: number, date: string) {
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(queue(staffId, blockId, date), lte(waitlistEntries.id, entryId)));
  return row?.n ?? 0;
}

/** The teachers whose waitlists the student is on for that block and date. */
export async function studentWaitlistsOn(db: Db, studentId: number, blockId: number, date: string) {
  return db
    .select({ staff_id: waitlistEntries.staff_id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.student_id, studentId), eq(waitlistEntries.block_id, blockId), eq(waitlistEntries.date, date)));
}

export async function deleteWaitlistEntry(db: Db, studentId: number, staffId: number, blockId: number, date: string) {
  const rows = await db
    .delete(waitlistEntries)
    .where(and(queue(staffId, blockId, date), eq(waitlistEntries.student_id, studentId)))
    .returning({ id: waitlistEntries.id, offered_until: waitlistEntries.offered_until });
  return rows[0];
}

/** The student is placed for that block: every waitlist of theirs for it is done with. */
export async function deleteStudentWaitlistsOn(db: Db, studentId: number, blockId: number, date: string) {
  await db
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.student_id, studentId), eq(waitlistEntries.block_id, blockId), eq(waitlistEntries.date, date)));
}

/**
 * Seats held for offers still open on that waitlist (offer mode), not counting one student's own
 * (0: nobody). A held seat is taken for everyone but the student it is held for.
 */
export async function countHeldOffers(db: Db, staffId: number, blockId: number, date: string, now: Date, exceptStudentId = 0) {
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(
      and(
        queue(staffId, blockId, date),
        gt(waitlistEntries.offered_until, now),
        ne(waitlistEntries.student_id, exceptStudentId),
      ),
    );
  return row?.n ?? 0;
}

/** Plans with the teacher on that block and date (every seat taken, nobody excluded). */
export async function countPlansOf(db: Db, staffId: number, blockId: number, date: string) {
  const [row] = await db
    .select({ n: count() })
    .from(plans)
    .where(and(eq(plans.staff_id, staffId), eq(plans.block_id, blockId), eq(plans.date, date)));
  return row?.n ?? 0;
}

/**
 * The first in line who is not holding an offer. `lockStudent`: with their student row locked; a
 * student whose row another transaction holds at this instant (they are choosing, or being booked)
 * is passed over for this seat and keeps their place (SKIP LOCKED: the freeing transaction holds a
 * teacher's lock, and waiting for a student after a teacher would invert the lock order, student
 * then teacher). An offer needs no student lock (it is the entry's own row, under the teacher's).
 */
export async function firstWaiting(db: Db, staffId: number, blockId: number, date: string, options: { lockStudent: boolean }) {
  const query = db
    .select({ id: waitlistEntries.id, student_id: waitlistEntries.student_id })
    .from(waitlistEntries)
    .innerJoin(students, eq(students.id, waitlistEntries.student_id))
    .where(and(queue(staffId, blockId, date), isNull(waitlistEntries.offered_until)))
    .orderBy(asc(waitlistEntries.id))
    .limit(1);
  const [row] = options.lockStudent ? await query.for("no key update", { of: students, skipLocked: true }) : await query;
  return row;
}

export async function setOffer(db: Db, entryId: number, until: Date | null) {
  await db.update(waitlistEntries).set({ offered_until: until }).where(eq(waitlistEntries.id, entryId));
}

/** Offers whose time ran out (the recurring check hands their seats on). */
export async function expiredOffers(db: Db, now: Date, limit = 200) {
  return db
    .select({
      id: waitlistEntries.id,
      student_id: waitlistEntries.student_id,
      staff_id: waitlistEntries.staff_id,
      block_id: waitlistEntries.block_id,
      date: waitlistEntries.date,
    })
    .from(waitlistEntries)
    .where(and(isNotNull(waitlistEntries.offered_until), lte(waitlistEntries.offered_until, now)))
    .orderBy(asc(waitlistEntries.id))
    .limit(limit);
}

/** Whether any offer ran out (the recurring check's isDue, one statement). */
export async function anyExpiredOffer(db: Db, now: Date) {
  const [row] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(isNotNull(waitlistEntries.offered_until), lte(waitlistEntries.offered_until, now)))
    .limit(1);
  return Boolean(row);
}

/** The student's plan for that block and date (who they are with, and how it came about). */
export async function studentPlanOn(db: Db, studentId: number, blockId: number, date: string) {
  const [row] = await db
    .select({ id: plans.id, staff_id: plans.staff_id, source: plans.source })
    .from(plans)
    .where(and(eq(plans.student_id, studentId), eq(plans.block_id, blockId), eq(plans.date, date)));
  return row;
}

export async function hasAppointmentOn(db: Db, studentId: number, blockId: number, date: string) {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.student_id, studentId), eq(appointments.block_id, blockId), eq(appointments.date, date)))
    .limit(1);
  return Boolean(row);
}

/** A plan made by the waitlist: a new one, or the student's plan for the block moved to this teacher. */
export async function upsertWaitlistPlan(db: Db, values: { student_id: number; staff_id: number; block_id: number; date: string }) {
  const [row] = await db
    .insert(plans)
    .values({ ...values, source: "waitlist" })
    .onConflictDoUpdate({
      target: [plans.student_id, plans.block_id, plans.date],
      set: { staff_id: values.staff_id, source: "waitlist", placement_run_id: null, standing_choice_id: null, updated_at: new Date() },
    })
    .returning({ id: plans.id });
  return row!;
}

/** One teacher's waitlists on a date, every block, in line order, with the students' names. */
export function staffWaitlistOn(db: Db, staffId: number, date: string) {
  return db
    .select({
      id: waitlistEntries.id,
      block_id: waitlistEntries.block_id,
      offered_until: waitlistEntries.offered_until,
      created_at: waitlistEntries.created_at,
      added_by: waitlistEntries.added_by,
      student: {
        id: students.id,
        first_name: studentDisplayFirstName,
        last_name: students.last_name,
        grade: students.grade,
        student_number: students.student_number,
      },
    })
    .from(waitlistEntries)
    .innerJoin(students, eq(students.id, waitlistEntries.student_id))
    .where(and(eq(waitlistEntries.staff_id, staffId), eq(waitlistEntries.date, date)))
    .orderBy(asc(waitlistEntries.block_id), asc(waitlistEntries.id));
}

/** For a block and date: every teacher's waitlist length and the seats held for offers (the staff list shows them). */
export function waitlistCountsOn(db: Db, blockId: number, date: string, now: Date) {
  return db
    .select({
      staff_id: waitlistEntries.staff_id,
      waiting: count(),
      held: sql<number>`count(*) filter (where ${waitlistEntries.offered_until} > ${now.toISOString()}::timestamptz)`.mapWith(Number),
    })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.block_id, blockId), eq(waitlistEntries.date, date)))
    .groupBy(waitlistEntries.staff_id);
}

/** The student's places in the lines they are in for a block and date (1: first), with any offer held for them. */
export async function studentPlaceOn(db: Db, studentId: number, blockId: number, date: string) {
  const result = await db.execute(sql`
    select staff_id, offered_until, position from (
      select w.student_id, w.staff_id, w.offered_until,
        row_number() over (partition by w.staff_id order by w.id) as position
      from ${waitlistEntries} w
      where w.block_id = ${blockId} and w.date = ${date}::date
    ) line
    where line.student_id = ${studentId}`);
  const rows = ((result as unknown as { rows?: unknown[] }).rows ?? result) as { staff_id: number; offered_until: string | Date | null; position: number | string }[];
  return rows.map((r) => ({
    staff_id: Number(r.staff_id),
    offered_until: r.offered_until === null ? null : new Date(r.offered_until),
    position: Number(r.position),
  }));
}

/** The text of the `choice-deadline` setting and the date's own choice deadline (day_deadlines), if any. */
export async function choiceDeadlineTexts(db: Db, date: string) {
  const [setting, day] = await Promise.all([
    db.select({ value: settings.value }).from(settings).where(eq(settings.key, "choice-deadline")),
    db.select({ choice_deadline: dayDeadlines.choice_deadline }).from(dayDeadlines).where(eq(dayDeadlines.date, date)),
  ]);
  return { setting: setting[0]?.value ?? "", day: day[0]?.choice_deadline ?? null };
}

/**
 * A teacher's row locked like lockStaff, or nothing when another transaction holds it now (SKIP
 * LOCKED): a seat freed further down a chain of waitlists is handed on by the recurring check instead
 * of waiting on a second teacher's lock (two chains in opposite directions would deadlock).
 */
export async function lockStaffIfFree(db: Db, staffId: number) {
  const [row] = await db
    .select({
      ...staffRefColumns,
      capacity: staff.capacity,
      takes_students: staff.takes_students,
      still_here: staffStillHere,
    })
    .from(staff)
    .where(eq(staff.id, staffId))
    .for("update", { skipLocked: true });
  return row;
}

/**
 * Waitlists with a seat free (effective capacity above plans and held offers) and someone not yet
 * offered one, from today on: what the recurring check hands on (a chain's link left to it).
 */
export async function waitlistsWithFreeSeats(db: Db, from: string, now: Date, limit = 100) {
  const result = await db.execute(sql`
    select w.staff_id, w.block_id, w.date::text as date
    from ${waitlistEntries} w
    join ${staff} s on s.id = w.staff_id
    left join topic_schedules ts on ts.staff_id = w.staff_id and ts.block_id = w.block_id and ts.date = w.date
    left join ${topics} t on t.id = ts.topic_id and t.deleted = false
    where w.date >= ${from}::date and w.offered_until is null
    group by w.staff_id, w.block_id, w.date, s.capacity, t.seat_cap
    having least(s.capacity, coalesce(t.seat_cap, s.capacity)) >
      (select count(*) from ${plans} p where p.staff_id = w.staff_id and p.block_id = w.block_id and p.date = w.date)
      + (select count(*) from ${waitlistEntries} o where o.staff_id = w.staff_id and o.block_id = w.block_id and o.date = w.date and o.offered_until > ${now.toISOString()}::timestamptz)
    limit ${limit}`);
  const rows = ((result as unknown as { rows?: unknown[] }).rows ?? result) as { staff_id: number; block_id: number; date: string }[];
  return rows.map((r) => ({ staff_id: Number(r.staff_id), block_id: Number(r.block_id), date: String(r.date) }));
}

/** The blocks and dates, from `from` on, where the teacher has someone waiting (a capacity raised hands seats on there). */
export function staffWaitlistBlocksFrom(db: Db, staffId: number, from: string) {
  return db
    .selectDistinct({ block_id: waitlistEntries.block_id, date: waitlistEntries.date })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.staff_id, staffId), gte(waitlistEntries.date, from)))
    .orderBy(asc(waitlistEntries.date), asc(waitlistEntries.block_id));
}

export async function staffExists(db: Db, staffId: number) {
  const [row] = await db.select({ id: staff.id }).from(staff).where(eq(staff.id, staffId));
  return Boolean(row);
}

/**
 * The seats a Power Scheduler batch freed that someone waits for: the teachers, blocks and dates of
 * the plans it cleared (power_schedules.cleared_plans) with a non-empty waitlist, lowest teacher id
 * first (the lock order of teachers). One statement; none when nobody waits.
 */
export async function batchFreedSeatsWithWaitlist(db: Db, batchId: number) {
  const result = await db.execute(sql`
    select distinct (c->>'staff_id')::integer as staff_id, (c->>'block_id')::integer as block_id, (c->>'date')::date::text as date
    from power_schedules ps, jsonb_array_elements(ps.cleared_plans) c
    where ps.id = ${batchId}::integer
      and exists (select 1 from ${waitlistEntries} w where w.staff_id = (c->>'staff_id')::integer
        and w.block_id = (c->>'block_id')::integer and w.date = (c->>'date')::date)
    order by 1, 2, 3`);
  const rows = ((result as unknown as { rows?: unknown[] }).rows ?? result) as { staff_id: number; block_id: number; date: string }[];
  return rows.map((r) => ({ staff_id: Number(r.staff_id), block_id: Number(r.block_id), date: String(r.date) }));
}

/** Teachers who left take nobody: their waitlists from `from` on are done with (one statement). */
export async function deleteWaitlistsOfStaff(db: Db, staffIds: number[], from: string) {
  if (staffIds.length === 0) return;
  await db.delete(waitlistEntries).where(and(inArray(waitlistEntries.staff_id, staffIds), gte(waitlistEntries.date, from)));
}

/** The blocks and dates, from `from` on, where the teacher has plans (a capacity lowered is checked there). */
export function staffPlannedBlocksFrom(db: Db, staffId: number, from: string) {
  return db
    .selectDistinct({ block_id: plans.block_id, date: plans.date })
    .from(plans)
    .where(and(eq(plans.staff_id, staffId), gte(plans.date, from)))
    .orderBy(asc(plans.date), asc(plans.block_id));
}

/**
 * The `count` plans with the teacher placed last (latest first), with their students' rows locked;
 * a student busy at this instant is passed over (SKIP LOCKED: the caller holds the teacher's lock).
 */
export async function lockLastPlaced(db: Db, staffId: number, blockId: number, date: string, count: number) {
  if (count <= 0) return [];
  return db
    .select({ id: plans.id, student_id: plans.student_id, updated_at: plans.updated_at })
    .from(plans)
    .innerJoin(students, eq(students.id, plans.student_id))
    .where(and(eq(plans.staff_id, staffId), eq(plans.block_id, blockId), eq(plans.date, date)))
    .orderBy(sql`${plans.updated_at} desc`, sql`${plans.id} desc`)
    .limit(count)
    .for("no key update", { of: students, skipLocked: true });
}

export async function deletePlansById(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(plans).where(inArray(plans.id, ids));
}

/**
 * Puts the students at the front of the teacher's waitlist, in the order given, ahead of everyone
 * already in it (arrival order is the id, so the line is written again in its new order, each entry
 * keeping who added it, its offer and when it joined).
 */
export async function putAtFrontOfWaitlist(db: Db, staffId: number, blockId: number, date: string, studentIds: number[]) {
  if (studentIds.length === 0) return;
  const old = await db
    .delete(waitlistEntries)
    .where(queue(staffId, blockId, date))
    .returning({
      id: waitlistEntries.id,
      student_id: waitlistEntries.student_id,
      added_by: waitlistEntries.added_by,
      offered_until: waitlistEntries.offered_until,
      created_at: waitlistEntries.created_at,
    });
  const front = new Set(studentIds);
  const rest = old.filter((e) => !front.has(e.student_id)).sort((a, b) => a.id - b.id);
  const values = [
    ...studentIds.map((student_id) => ({ student_id, staff_id: staffId, block_id: blockId, date, added_by: null, offered_until: null })),
    ...rest.map((e) => ({ student_id: e.student_id, staff_id: staffId, block_id: blockId, date, added_by: e.added_by, offered_until: e.offered_until, created_at: e.created_at })),
  ];
  // One row at a time, so the ids (the line's order) follow the list.
  for (const value of values) await db.insert(waitlistEntries).values(value);
}
