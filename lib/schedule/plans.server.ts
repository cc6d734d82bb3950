import "server-only";
import type { Db } from "@/db";
import { countAppointments, lockStudent } from "@/db/queries/appointments";
import { countPlansExcept, lockStaff, staffListFor, staffTopicOn, upsertPlan } from "@/db/queries/plans";
import { runOn } from "@/db/queries/placement";
import { findBlockOnDate } from "@/db/queries/schedule";
import { ApiError, conflict, forbidden, invalid, notFound } from "@/lib/api/errors.server";
import { effectiveCapacity } from "@/lib/choice/audience";
import { refusalsFor, requireAdmitted } from "@/lib/choice/audience.server";
import type { Principal } from "@/lib/auth/principal";
import { staffName } from "@/lib/people/names";
import { placementSettings } from "@/lib/settings/placement.server";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { presentPlan, presentTopic } from "./present";
import { readSchoolDate, requireOccurrence } from "./occurrence.server";
import type { SchedulePlanBody } from "./schemas";
import type { Plan, StaffListResponse } from "./types";

/**
 * Student self-planning for flex blocks: POST /api/students/staff-list and POST /api/students/schedule-plan.
 * Seats are plans only (appointments and check-ins do not take a seat): remaining = max(0, seats − plans),
 * the seats being the capacity or the topic's lower seat cap; a topic open only to some students
 * (lib/choice/audience.ts) is closed to the others, on the list and when choosing (409 not_open_to_you).
 */

/** Every teacher with their topic and remaining seats for a block on a date, in a fixed number of statements. */
export async function staffListForBlock(
  db: Db,
  input: { block_id: number; date: string },
  /** The student reading the list: topics they may not join are marked closed, with the reason. */
  studentId: number | null = null,
): Promise<StaffListResponse> {
  const calendar = await schoolCalendarSettings(db);
  const date = readSchoolDate(input.date, calendar.timezone);
  const [block, rows] = await Promise.all([
    findBlockOnDate(db, input.block_id, date),
    staffListFor(db, input.block_id, date),
  ]);
  if (!block) throw notFound("The block could not be found.");
  const refusals = await refusalsFor(db, rows.flatMap(({ topic }) => (topic ? [topic] : [])), studentId, date);
  return rows.map(({ staff, planned, topic }) => {
    const closed = topic ? (refusals.get(topic.id) ?? null) : null;
    const seats = effectiveCapacity(staff.capacity, topic?.seat_cap);
    return {
      staff: {
        id: staff.id,
        name: staffName(staff),
        initials: staff.initials,
        color: staff.color,
        capacity: staff.capacity,
      },
      topic: topic ? presentTopic(topic, staff) : null,
      num_scheduled: planned,
      seats,
      num_remaining: Math.max(0, seats - planned),
      open: closed === null,
      closed_reason: closed,
    };
  });
}

export const NOT_TAKING_STUDENTS =
  "This staff member does not take Focus Block students. Choose a teacher from the list.";

export const teacherFull = () => conflict("teacher_full", "This teacher is full.");
export const STAFF_LEFT = "This teacher's account is closed (they are no longer at the school), so they take no students. Choose another teacher.";
/** A staff member whose account is locked takes no plans, appointments or placements (db/queries/staff-ref.ts). */
export const staffLeft = (field = "staff_id") => new ApiError(409, "staff_left", STAFF_LEFT, { [field]: [STAFF_LEFT] });
export const teacherUnavailable = () => conflict("teacher_unavailable", "Teacher is unavailable.");

/** A student may not change their plan for the date: placement has run and the setting forbids changes after it. */
async function changeClosed(db: Db, date: string): Promise<boolean> {
  const settings = await placementSettings(db);
  if (settings.changeAfter) return false;
  return Boolean(await runOn(db, date));
}

/**
 * A student chooses a teacher for one of their pending flex blocks. One transaction, with the student's
 * row locked first (as booking an appointment locks it: a booking that clears the student's plan waits
 * for this choice, or this choice sees its appointment; issue 23): the block rules, no appointment in
 * that block, the teacher exists and is available, then the teacher's row is locked and the seats
 * counted (the caller's own plan excluded) before the plan is upserted.
 */
export async function planOwnBlock(
  db: Db,
  principal: Principal,
  input: SchedulePlanBody,
  now: Date,
): Promise<Plan> {
  const student = principal.student;
  if (!student) throw forbidden("User is not a student.");
  const calendar = await schoolCalendarSettings(db);
  const date = readSchoolDate(input.date, calendar.timezone);
  return db.transaction(async (tx) => {
    await lockStudent(tx, student.id);
    await requireOccurrence(tx, input.block_id, date, calendar, now, { flex: true, pending: true });
    if ((await countAppointments(tx, student.id, input.block_id, date)) > 0) {
      throw new ApiError(
        409,
        "has_appointment",
        "You have an appointment in this block, so you cannot choose a teacher for it.",
      );
    }
    if (await changeClosed(tx, date)) {
      throw conflict("placement_closed", "Default placement has run for this Focus Block, so your teacher can no longer change.");
    }
    const teacher = await lockStaff(tx, input.staff_id);
    if (!teacher) throw notFound("The teacher could not be found.");
    if (!teacher.still_here) throw staffLeft();
    if (!teacher.takes_students) throw invalid({ staff_id: [NOT_TAKING_STUDENTS] }, NOT_TAKING_STUDENTS);
    const topic = await staffTopicOn(tx, teacher.id, input.block_id, date);
    if (topic?.unavailable) throw teacherUnavailable();
    if (topic) await requireAdmitted(tx, topic, student.id, date);
    const seats = await countPlansExcept(tx, teacher.id, input.block_id, date, student.id);
    if (!seats.stillHere) throw staffLeft();
    if (seats.taken >= effectiveCapacity(teacher.capacity, topic?.seat_cap)) throw teacherFull();
    const plan = await upsertPlan(tx, {
      student_id: student.id,
      staff_id: teacher.id,
      block_id: input.block_id,
      date,
    });
    return presentPlan(plan, student, teacher);
  });
}
