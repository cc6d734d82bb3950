import "server-only";
import { appointmentsOfStudentIn, deleteAppointment } from "@/db/queries/appointments";
import { insertAudit } from "@/db/queries/audit";
import { ApiError } from "@/lib/api/errors.server";
import { staffName, studentName, titledLastName } from "@/lib/people/names";
import { longDay } from "@/lib/reach/messages";
import { notify } from "@/lib/reach/notify.server";
import type { ChoiceGate } from "@/lib/schedule/plans.server";
import { lockedSentence, studentMayChooseOver } from "./locks";

/**
 * The ladder's gate on a student's own choice (lib/schedule/plans.server.ts planOwnBlock; the ladder's third rule):
 * a locked appointment refuses it (409 has_appointment, "Ms. Ruiz has booked you for a test retake —
 * ask her to change it"); unlocked requests give way: once the choice is made, in its transaction,
 * each is cancelled, audited, and its teacher told in-app (and by email and push, by their preferences).
 */
export const ladderGate: ChoiceGate = async (tx, principal, at, now) => {
  const held = await appointmentsOfStudentIn(tx, at.student_id, at.block_id, at.date);
  const locked = held.find((a) => !studentMayChooseOver(a));
  if (locked) throw new ApiError(409, "has_appointment", lockedSentence(locked.staff, locked.memo));
  return async () => {
    const student = principal.student!;
    const who = studentName(student);
    const released = [];
    for (const request of held) {
      if (!(await deleteAppointment(tx, request.id))) continue;
      released.push(request);
      await insertAudit(tx, {
        actor_user_id: principal.user.id,
        action: "appointment.release",
        target_user_id: principal.user.id,
        details: {
          appointment_id: request.id,
          series_id: request.series_id,
          student: who,
          teacher: staffName(request.staff),
          date: request.date,
          block_id: request.block_id,
          memo: request.memo,
        },
        created_at: now,
      });
    }
    await notify(
      tx,
      released.map((request) => ({
        to: { user_id: request.staff.user_id, staff_id: request.staff.id, email: request.staff.email, name: `${request.staff.first_name} ${request.staff.last_name}` },
        kind: "request_released" as const,
        occasion: `appointment:${request.id}`,
        subject: `${who} chose another teacher on ${longDay(request.date)}`,
        content: {
          heading: `${who} chose another teacher for Focus Block on ${longDay(request.date)}`,
          paragraphs: [
            `${titledLastName(request.staff)}, you asked ${who} to come${request.memo ? ` (${request.memo})` : ""}, unlocked, so they could still choose. They chose another teacher, so your request for that day was cancelled.`,
          ],
          action: { label: "See your day", path: `/calendar?date=${request.date}` },
          note: "You get this because a student chose instead of your unlocked request. You can choose how you are told in your notification settings.",
        },
      })),
      now,
    );
  };
};
