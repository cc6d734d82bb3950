import "server-only";
import { and, count, eq } from "drizzle-orm";
import type { Db } from "../client";
import { amendments, appointments, checkIns, staff, students } from "../schema";
import { studentDisplayFirstName } from "./people";

const studentRef = { id: students.id, first_name: studentDisplayFirstName, last_name: students.last_name };
const staffRef = {
  id: staff.id,
  title: staff.title,
  first_name: staff.first_name,
  last_name: staff.last_name,
};
const itemColumns = {
  id: appointments.id,
  memo: appointments.memo,
  date: appointments.date,
  block_id: appointments.block_id,
};

/** The student's row, locked until the transaction ends: their appointments are counted under this lock. */
export async function lockStudent(db: Db, studentId: number) {
  const [row] = await db.select(studentRef).from(students).where(eq(students.id, studentId)).for("update");
  return row;
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
  values: { student_id: number; staff_id: number; block_id: number; date: string; memo: string },
) {
  const [row] = await db.insert(appointments).values(values).returning(itemColumns);
  return row!;
}

/** An appointment with its teacher and student. */
export async function findAppointment(db: Db, id: number) {
  const [row] = await db
    .select({ ...itemColumns, staff: staffRef, student: studentRef })
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
