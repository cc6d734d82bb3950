import "server-only";
import type { PlanSource } from "@/db/schema/choice";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { amendments, appointments, auditLog, checkIns, plans, staff, students } from "../schema";
import { studentDisplayFirstName } from "./people";
import { staffRefColumns } from "./staff-ref";

const studentRef = { id: students.id, first_name: studentDisplayFirstName, last_name: students.last_name };
const itemColumns = {
  id: appointments.id,
  memo: appointments.memo,
  date: appointments.date,
  block_id: appointments.block_id,
  locked: appointments.locked,
  series_id: appointments.series_id,
};

/**
 * The student's row, locked until the transaction ends: their appointments are counted under this lock.
 * NO KEY UPDATE: it serializes the student's writes as FOR UPDATE did, but lets another transaction
 * insert a row that refers to the student (a notice, a plan) without waiting — a seat offered from a
 * waitlist tells the student while their own request waits for that teacher, so they know why the seat did not come.
 */
export async function lockStudent(db: Db, studentId: number) {
  const [row] = await db
    .select({ ...studentRef, user_id: students.user_id })
    .from(students)
    .where(eq(students.id, studentId))
    .for("no key update");
  return row;
}

/** A plan an appointment booked with "Clear the student's plan" removed, as kept to give it back. */
export interface ClearedAppointmentPlan {
  staff_id: number;
  source: PlanSource;
  placement_run_id: number | null;
  /** When the student chose (the reason's "when"). */
  updated_at: string;
}

/** Deletes the student's plans on that block and date and answers them (kept so a cancel can give them back). */
export async function clearStudentPlans(
  db: Db,
  studentId: number,
  blockId: number,
  date: string,
): Promise<ClearedAppointmentPlan[]> {
  const rows = await db
    .delete(plans)
    .where(and(eq(plans.student_id, studentId), eq(plans.block_id, blockId), eq(plans.date, date)))
    .returning({
      staff_id: plans.staff_id,
      source: plans.source,
      placement_run_id: plans.placement_run_id,
      updated_at: plans.updated_at,
    });
  return rows.map((row) => ({ ...row, updated_at: row.updated_at.toISOString() }));
}

/**
 * The plans an appointment cleared when it was booked: kept with its `appointment.create` audit entry
 * (written in the booking's transaction), the record of what the teacher removed.
 */
export async function clearedPlansOfAppointment(db: Db, appointmentId: number): Promise<ClearedAppointmentPlan[]> {
  const [row] = await db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, "appointment.create"),
        sql`${auditLog.details}->>'appointment_id' = ${String(appointmentId)}`,
      ),
    )
    .limit(1);
  const cleared = row?.details?.cleared_plans;
  return Array.isArray(cleared) ? (cleared as ClearedAppointmentPlan[]) : [];
}

/**
 * Gives a cleared plan back as it was (chosen or placed, and when), unless the student has a plan there
 * again (chosen since) or the teacher or the placement run is gone. True when it was restored.
 */
export async function restorePlan(
  db: Db,
  studentId: number,
  blockId: number,
  date: string,
  plan: ClearedAppointmentPlan,
): Promise<boolean> {
  const result: unknown = await db.execute(sql`
    insert into plans (student_id, staff_id, block_id, date, source, placement_run_id, created_at, updated_at)
    select ${studentId}::integer, st.id, ${blockId}::integer, ${date}::date, ${plan.source}::plan_source,
      case when ${plan.source} = 'placed' then pr.id end, ${plan.updated_at}::timestamptz, ${plan.updated_at}::timestamptz
    from staff st
    left join placement_runs pr on pr.id = ${plan.placement_run_id}::integer
    where st.id = ${plan.staff_id}::integer
    on conflict (student_id, block_id, date) do nothing
    returning id`);
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  return rows.length > 0;
}

/** The student's appointments on one block and date. */
export async function countAppointments(db: Db, studentId: number, blockId: number, date: string) {
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.student_id, studentId),
        eq(appointments.block_id, blockId),
        eq(appointments.date, date),
      ),
    );
  return row?.n ?? 0;
}

export async function insertAppointment(
  db: Db,
  values: { student_id: number; staff_id: number; block_id: number; date: string; memo: string; locked?: boolean },
) {
  const [row] = await db.insert(appointments).values(values).returning(itemColumns);
  return row!;
}

/** An appointment with its teacher and student. */
export async function findAppointment(db: Db, id: number) {
  const [row] = await db
    .select({ ...itemColumns, staff: staffRefColumns, student: studentRef })
    .from(appointments)
    .innerJoin(staff, eq(staff.id, appointments.staff_id))
    .innerJoin(students, eq(students.id, appointments.student_id))
    .where(eq(appointments.id, id))
    .limit(1);
  return row;
}

/** Deletes the appointment; false when it was already gone (a concurrent cancel won). */
export async function deleteAppointment(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(appointments).where(eq(appointments.id, id)).returning({ id: appointments.id });
  return deleted.length > 0;
}

export async function hasCheckIn(db: Db, studentId: number, blockId: number, date: string) {
  const [row] = await db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(and(eq(checkIns.student_id, studentId), eq(checkIns.block_id, blockId), eq(checkIns.date, date)))
    .limit(1);
  return Boolean(row);
}

export async function insertAmendment(
  db: Db,
  values: { student_id: number; staff_id: number; block_id: number; date: string; memo: string },
) {
  const [row] = await db.insert(amendments).values(values).returning({
    id: amendments.id,
    memo: amendments.memo,
    date: amendments.date,
    block_id: amendments.block_id,
  });
  return row!;
}

/** The student's appointments on one block and date, with each teacher's address (a request the student's choice releases tells them). */
export function appointmentsOfStudentIn(db: Db, studentId: number, blockId: number, date: string) {
  return db
    .select({ ...itemColumns, staff: { ...staffRefColumns, user_id: staff.user_id, email: staff.email } })
    .from(appointments)
    .innerJoin(staff, eq(staff.id, appointments.staff_id))
    .where(and(eq(appointments.student_id, studentId), eq(appointments.block_id, blockId), eq(appointments.date, date)))
    .orderBy(appointments.id);
}
