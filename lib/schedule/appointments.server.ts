import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import {
  clearedPlansOfAppointment,
  clearStudentPlans,
  countAppointments,
  deleteAppointment,
  findAppointment,
  hasCheckIn,
  insertAmendment,
  insertAppointment,
  lockStudent,
  restorePlan,
} from "@/db/queries/appointments";
import { countPlansExcept, lockStaff } from "@/db/queries/plans";
import { staffByIds } from "@/db/queries/notifications";
import { tellMoved, tellSeatMoves } from "./moved.server";
import { fillFreedSeats } from "@/lib/choice/seats.server";
import { findBlockOnDate } from "@/db/queries/occurrences";
import { conflict, forbidden, notFound } from "@/lib/api/errors.server";
import { requestClosedSentence } from "@/lib/choice/deadlines";
import { requestDeadlineAt } from "@/lib/choice/deadlines.server";
import { requireStaff, type Principal } from "@/lib/auth/principal";
import { staffName, studentName } from "@/lib/people/names";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { isPending } from "@/lib/core/time";
import { notPending, readSchoolDate, requireOccurrence } from "./occurrence.server";
import { presentAmendment, presentAppointment } from "./present";
import type { AmendmentBody, CreateAppointmentBody } from "./schemas";
import type { Amendment, Appointment } from "@/lib/core/schedule/types";

/**
 * Staff-booked appointments and amendments. The caller is always the appointment's (or amendment's)
 * teacher. The appointment limit is counted with the student's row locked, so concurrent bookings
 * cannot overshoot it.
 */

export const studentNotFound = () => notFound("The student for this appointment could not be found.");

/**
 * After a Focus Block's request deadline (lib/choice/deadlines.ts) only an administrator (or a
 * sysadmin) may book a student into it: other staff get 409 request_closed.
 */
export async function requireRequestOpen(db: Db, principal: Principal, date: string, blockId: number, timezone: string, now: Date) {
  if (principal.role === "admin" || principal.role === "sysadmin") return;
  const closesAt = await requestDeadlineAt(db, date, blockId, timezone);
  if (closesAt && closesAt.getTime() <= now.getTime()) throw conflict("request_closed", requestClosedSentence(closesAt, timezone));
}

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
    const occurrence = await requireOccurrence(tx, input.block_id, date, calendar, now, { pending: true });
    if (occurrence.block.flex) await requireRequestOpen(tx, principal, date, input.block_id, calendar.timezone, now);
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
      locked: input.locked,
    });
    let cleared: Awaited<ReturnType<typeof clearStudentPlans>> = [];
    if (input.clear_schedule) {
      // What the teacher removed is audited, and kept there so cancelling the appointment gives it back.
      cleared = await clearStudentPlans(tx, student.id, input.block_id, date);
      if (cleared.length > 0) {
        await insertAudit(tx, {
          actor_user_id: principal.user.id,
          action: "appointment.create",
          target_user_id: student.user_id,
          details: {
            appointment_id: row.id,
            student: studentName(student),
            teacher: staffName(teacher),
            date,
            block_id: input.block_id,
            cleared_plans: cleared,
          },
          created_at: now,
        });
      }
    }
    // The student is told who booked them and why, and which plan that cancelled.
    const clearedTeachers = cleared.length > 0 ? await staffByIds(tx, cleared.map((c) => c.staff_id)) : [];
    await tellMoved(
      tx,
      [{ student_id: student.id, occasion: `appointment:${row.id}`, change: { kind: "booked", by: teacher, memo: input.memo, dates: [date], cleared: clearedTeachers, locked: input.locked } }],
      now,
    );
    // The seat the cleared plan held goes to that teacher's waitlist, in this transaction.
    for (const plan of cleared) await tellSeatMoves(tx, await fillFreedSeats(tx, plan.staff_id, input.block_id, date, now), now);
    return presentAppointment({ ...row, staff: teacher, student });
  });
}

const appointmentNotFound = () => notFound("The appointment could not be found.");

/**
 * An administrator, a sysadmin (docs/design/accounts.md#roles: everything an administrator may do) or the appointment's
 * own teacher may cancel it while its block is pending. Of concurrent cancels exactly one succeeds:
 * the delete reports whether it removed the row, and the others answer 404.
 *
 * One transaction with the student's row locked (as booking and choosing lock it): a plan the booking
 * cleared ("Clear the student's plan") is given back as the Power Scheduler's undo gives plans back —
 * as it was, unless the student has chosen again since — and only while that teacher has a seat left
 * (counted under the teacher's lock, as a student's own choice is). The cancel is audited.
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
  return db.transaction(async (tx) => {
    const student = await lockStudent(tx, row.student.id);
    if (!(await deleteAppointment(tx, row.id))) throw appointmentNotFound();
    let plansRestored = 0;
    for (const plan of await clearedPlansOfAppointment(tx, row.id)) {
      const teacher = await lockStaff(tx, plan.staff_id);
      if (!teacher) continue;
      const seats = await countPlansExcept(tx, teacher.id, row.block_id, row.date, row.student.id);
      // A teacher who has left gets no plan back (their plans were released when their account was locked).
      if (!seats.stillHere || seats.taken >= teacher.capacity) continue;
      if (await restorePlan(tx, row.student.id, row.block_id, row.date, plan)) plansRestored += 1;
    }
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "appointment.cancel",
      target_user_id: student?.user_id ?? null,
      details: {
        appointment_id: row.id,
        student: studentName(row.student),
        teacher: staffName(row.staff),
        date: row.date,
        block_id: row.block_id,
        memo: row.memo,
        plans_restored: plansRestored,
      },
      created_at: now,
    });
    // The student's block changed: they are told who cancelled the appointment and what they have now.
    await tellMoved(
      tx,
      [
        {
          student_id: row.student.id,
          occasion: `appointment-cancelled:${row.id}`,
          change: {
            kind: "appointment_cancelled",
            by: principal.staff ?? { title: "", first_name: "", last_name: principal.sysadmin?.name ?? "An administrator" },
            teacher: row.staff,
            memo: row.memo,
            dates: [row.date],
            restored: plansRestored > 0,
          },
        },
      ],
      now,
    );
    return presentAppointment(row);
  });
}

/** Amends one student's block on a date (past dates too), unless they already have a check-in there. Audited. */
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
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "amendment.create",
      target_user_id: student.user_id,
      details: {
        amendment_id: row.id,
        student: studentName(student),
        teacher: staffName(teacher),
        date,
        block_id: input.block_id,
        memo: input.memo,
      },
      created_at: now,
    });
    await tellMoved(
      tx,
      [{ student_id: student.id, occasion: `amendment:${row.id}`, change: { kind: "amended", by: teacher, memo: input.memo, dates: [date] } }],
      now,
    );
    return presentAmendment({ ...row, staff: teacher, student });
  });
}
