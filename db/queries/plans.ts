import "server-only";
import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { plans, staff, topicSchedules, topics } from "../schema";
import { foldedAsc } from "../schema/columns";
import { topicColumns } from "./schedule";
import { staffRefColumns, staffStillHere } from "./staff-ref";

/**
 * Every teacher who takes Focus Block students and is still at the school (staffStillHere), with their
 * plan count and (non-deleted) topic on one block and date, in one statement.
 */
export function staffListFor(db: Db, blockId: number, date: string) {
  const planned = db
    .select({ staff_id: plans.staff_id, planned: count().as("planned") })
    .from(plans)
    .where(and(eq(plans.block_id, blockId), eq(plans.date, date)))
    .groupBy(plans.staff_id)
    .as("planned");
  return db
    .select({
      staff: {
        ...staffRefColumns,
        initials: staff.initials,
        color: staff.color,
        capacity: staff.capacity,
      },
      planned: sql<number>`coalesce(${planned.planned}, 0)`.mapWith(Number),
      topic: topicColumns,
    })
    .from(staff)
    .leftJoin(planned, eq(planned.staff_id, staff.id))
    .leftJoin(
      topicSchedules,
      and(
        eq(topicSchedules.staff_id, staff.id),
        eq(topicSchedules.block_id, blockId),
        eq(topicSchedules.date, date),
      ),
    )
    .leftJoin(topics, and(eq(topics.id, topicSchedules.topic_id), eq(topics.deleted, false)))
    .where(and(eq(staff.takes_students, true), staffStillHere))
    .orderBy(foldedAsc(staff.last_name), foldedAsc(staff.first_name), asc(staff.id));
}

/** What a locked teacher's row answers: who they are, their seats, and whether they still take students. */
const lockedStaffColumns = {
  ...staffRefColumns,
  capacity: staff.capacity,
  takes_students: staff.takes_students,
  still_here: staffStillHere,
};

/**
 * The teacher's row, locked until the transaction ends: seats are counted under this lock (`still_here`:
 * their account is not locked). Disabling an account releases that teacher's plans under the same lock
 * (lib/placement/leavers.server.ts), so a plan chosen meanwhile waits, then sees them gone.
 */
export async function lockStaff(db: Db, staffId: number) {
  const [row] = await db.select(lockedStaffColumns).from(staff).where(eq(staff.id, staffId)).for("update");
  return row;
}

/** Several teachers' rows (as lockStaff answers them), locked in id order in one statement. */
export function lockStaffMany(db: Db, staffIds: number[]) {
  return db
    .select(lockedStaffColumns)
    .from(staff)
    .where(inArray(staff.id, staffIds))
    .orderBy(asc(staff.id))
    .for("update");
}

/** The teacher's non-deleted topic on that block and date, if any. */
export async function staffTopicOn(db: Db, staffId: number, blockId: number, date: string) {
  const [row] = await db
    .select(topicColumns)
    .from(topicSchedules)
    .innerJoin(topics, and(eq(topics.id, topicSchedules.topic_id), eq(topics.deleted, false)))
    .where(
      and(
        eq(topicSchedules.staff_id, staffId),
        eq(topicSchedules.block_id, blockId),
        eq(topicSchedules.date, date),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Plans for the teacher on that block and date, not counting one student's own, and whether the teacher
 * is still at the school. Run after lockStaff: a statement that starts once the lock is held sees an
 * account locked by the transaction that held it before (lockStaff's own answer may predate it).
 */
export async function countPlansExcept(
  db: Db,
  staffId: number,
  blockId: number,
  date: string,
  studentId: number,
) {
  const [row] = await db
    .select({
      n: count(),
      still_here: sql<boolean>`(select ${staffStillHere} from ${staff} where ${staff.id} = ${staffId})`,
    })
    .from(plans)
    .where(
      and(
        eq(plans.staff_id, staffId),
        eq(plans.block_id, blockId),
        eq(plans.date, date),
        ne(plans.student_id, studentId),
      ),
    );
  return { taken: row?.n ?? 0, stillHere: row?.still_here === true };
}

/** One plan per student, block and date: a new choice replaces the old one (a default placement too). */
export async function upsertPlan(
  db: Db,
  values: { student_id: number; staff_id: number; block_id: number; date: string },
) {
  const [row] = await db
    .insert(plans)
    .values(values)
    .onConflictDoUpdate({
      target: [plans.student_id, plans.block_id, plans.date],
      set: {
        staff_id: values.staff_id,
        source: "chosen",
        placement_run_id: null,
        standing_choice_id: null,
        updated_at: new Date(),
      },
    })
    .returning({ id: plans.id, date: plans.date, block_id: plans.block_id });
  return row!;
}

export async function deleteStudentPlans(db: Db, studentId: number, blockId: number, date: string) {
  await db
    .delete(plans)
    .where(and(eq(plans.student_id, studentId), eq(plans.block_id, blockId), eq(plans.date, date)));
}

/**
 * Deletes the plans with this teacher on one block and date (the teacher put an unavailable topic on it:
 * they take nobody there), in one statement, and answers whose they were.
 */
export function releaseStaffPlansOn(db: Db, staffId: number, blockId: number, date: string) {
  return db
    .delete(plans)
    .where(and(eq(plans.staff_id, staffId), eq(plans.block_id, blockId), eq(plans.date, date)))
    .returning({ id: plans.id, student_id: plans.student_id });
}
