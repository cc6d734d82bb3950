import "server-only";
import type { Db } from "@/db";
import {
  countAppointments,
  deleteAppointment,
  findAppointment,
  hasCheckIn,
  insertAmendment,
  insertAppointment,
  lockStudent,
} from "@/db/queries/appointments";
import { deleteStudentPlans } from "@/db/queries/plans";
import { findBlockOnDate } from "@/db/queries/schedule";
import { conflict, forbidden, notFound } from "@/lib/api/errors";
import { requireStaff, type Principal } from "@/lib/auth/principal";
import { schoolCalendarSettings } from "@/lib/settings/service";
import { isPending } from "@/lib/time";
import { notPending, readSchoolDate, requireOccurrence } from "./occurrence";
import { presentAmendment, presentAppointment } from "./present";
import type { AmendmentBody, CreateAppointmentBody } from "./schemas";
import type { Amendment, Appointment } from "./types";

/**
 * Staff-booked appointments and amendments. The caller is always the appointment's (or amendment's)
 * teacher. The appointment limit is counted with the student's row locked, so concurrent bookings
 * cannot overshoot it.
 */

export const studentNotFound = () => notFound("The student for this appointment could not be found.");

export async function createAppointment(
  db: Db,
  principal: Principal,
  input: CreateAppointmentBody,
  now: Date,
): Promise<Appointment> {
  const teacher = requireStaff(principal);
  const calendar = await schoolCalendarSettings(db);
  const date = readSchoolDate(input.date, calendar.timezone);
  return db.transaction(async (tx) => {
    const student = await lockStudent(tx, input.student_id);
    if (!student) throw studentNotFound();
    await requireOccurrence(tx, input.block_id, date, calendar, now, { pending: true });
    if (calendar.appointmentLimit > 0) {
      const booked = await countAppointments(tx, student.id, input.block_id, date);
      if (booked >= calendar.appointmentLimit) {
        throw conflict("appointment_limit", "The maximum number of appointments has been reached.");
      }
    }
    const row = await insertAppointment(tx, {
      student_id: student.id,
      staff_id: teacher.id,
      block_id: input.block_id,
      date,
      memo: input.memo,
    });
    if (input.clear_schedule) await deleteStudentPlans(tx, student.id, input.block_id, date);
    return presentAppointment({ ...row, staff: teacher, student });
  });
}

const appointmentNotFound = () => notFound("The appointment could not be found.");

/**
 * An administrator, a sysadmin (design.md §5: everything an administrator may do) or the appointment's
 * own teacher may cancel it while its block is pending. Of concurrent cancels exactly one succeeds:
 * the delete reports whether it removed the row, and the others answer 404.
 */
export async function cancelAppointment(
  db: Db,
  principal: Principal,
  id: number,
  now: Date,
): Promise<Appointment> {
  const row = await findAppointment(db, id);
  if (!row) throw appointmentNotFound();
  const mayCancelAny = principal.role === "admin" || principal.role === "sysadmin";
  if (!mayCancelAny && row.staff.id !== requireStaff(principal).id) throw forbidden("Cannot delete Appointment.");
  const [calendar, block] = await Promise.all([
    schoolCalendarSettings(db),
    findBlockOnDate(db, row.block_id, row.date),
  ]);
  if (!block?.end || !isPending(row.date, block.end, calendar.timezone, now)) throw notPending();
  if (!(await deleteAppointment(db, row.id))) throw appointmentNotFound();
  return presentAppointment(row);
}

/** Amends one student's block on a date (past dates too), unless they already have a check-in there. */
export async function amendBlock(
  db: Db,
  principal: Principal,
  input: AmendmentBody,
  now: Date,
): Promise<Amendment> {
  const teacher = requireStaff(principal);
  const calendar = await schoolCalendarSettings(db);
  const date = readSchoolDate(input.date, calendar.timezone);
  return db.transaction(async (tx) => {
    const student = await lockStudent(tx, input.student_id);
    if (!student) throw notFound("The student could not be found.");
    await requireOccurrence(tx, input.block_id, date, calendar, now);
    if (await hasCheckIn(tx, student.id, input.block_id, date)) {
      throw conflict("already_checked_in", "This student already has attendance logged for this block.");
    }
    const row = await insertAmendment(tx, {
      student_id: student.id,
      staff_id: teacher.id,
      block_id: input.block_id,
      date,
      memo: input.memo,
    });
    return presentAmendment({ ...row, staff: teacher, student });
  });
}
