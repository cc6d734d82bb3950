import "server-only";
import type { Db } from "@/db";
import { countAppointments, lockStudent } from "@/db/queries/appointments";
import { countPlansExcept, lockStaff, staffListFor, staffTopicOn, upsertPlan } from "@/db/queries/plans";
import { runOn } from "@/db/queries/placement";
import { countHeldOffers, deleteWaitlistEntry, studentPlaceOn, studentPlanOn, waitlistCountsOn } from "@/db/queries/waitlist";
import { fillFreedSeats } from "@/lib/choice/seats.server";
import { findBlockOnDate } from "@/db/queries/occurrences";
import { ApiError, conflict, forbidden, invalid, notFound } from "@/lib/api/errors.server";
import { choiceClosedSentence } from "@/lib/choice/deadlines";
import { choiceDeadlineAt } from "@/lib/choice/deadlines.server";
import { effectiveCapacity } from "@/lib/choice/audience";
import { refusalsFor, requireAdmitted } from "@/lib/choice/audience.server";
import type { Principal } from "@/lib/auth/principal";
import { staffName } from "@/lib/people/names";
import { placementSettings } from "@/lib/settings/placement.server";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { tellSeatMoves } from "./moved.server";
import { presentPlan, presentTopic } from "./present";
import { readSchoolDate, requireOccurrence } from "./occurrence.server";
import type { SchedulePlanBody } from "./schemas";
import type { Plan, StaffListResponse } from "@/lib/core/schedule/types";

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
  /** Who reads the list: a student sees their place on waitlists, and topics they may not join marked closed, with the reason. */
  viewer: Principal | null = null,
  now: Date = new Date(),
): Promise<StaffListResponse> {
  const calendar = await schoolCalendarSettings(db);
  const date = readSchoolDate(input.date, calendar.timezone);
  const studentId = viewer?.student?.id ?? null;
  const [block, rows, lines, places] = await Promise.all([
    findBlockOnDate(db, input.block_id, date),
    staffListFor(db, input.block_id, date),
    waitlistCountsOn(db, input.block_id, date, now),
    studentId === null ? Promise.resolve([]) : studentPlaceOn(db, studentId, input.block_id, date),
  ]);
  if (!block) throw notFound("The block could not be found.");
  const lineOf = new Map(lines.map((line) => [line.staff_id, line]));
  const placeOf = new Map(places.map((place) => [place.staff_id, place]));
  const refusals = await refusalsFor(db, rows.flatMap(({ topic }) => (topic ? [topic] : [])), studentId, date);
  return rows.map(({ staff, planned, topic }) => {
    const closed = topic ? (refusals.get(topic.id) ?? null) : null;
    const seats = effectiveCapacity(staff.capacity, topic?.seat_cap);
    const line = lineOf.get(staff.id);
    const place = placeOf.get(staff.id);
    // A seat held for someone's offer is taken for everyone else (not for the student it is held for).
    const held = Math.max(0, (line?.held ?? 0) - (place?.offered_until && place.offered_until > now ? 1 : 0));
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
      num_remaining: Math.max(0, seats - planned - held),
      seats,
      waitlist: line?.waiting ?? 0,
      waitlist_position: place?.position ?? null,
      offered_until: place?.offered_until && place.offered_until > now ? place.offered_until.toISOString() : null,
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

/** Students' choosing for the block is open until its choice deadline (lib/choice/deadlines.ts): else 422 choice_closed. */
export async function requireChoiceOpen(db: Db, date: string, blockId: number, timezone: string, now: Date) {
  const closesAt = await choiceDeadlineAt(db, date, blockId, timezone);
  if (closesAt && closesAt.getTime() <= now.getTime()) {
    const sentence = choiceClosedSentence(closesAt, timezone);
    throw new ApiError(422, "choice_closed", sentence, { date: [sentence] });
  }
}

/**
 * What holds the student's block against their own choice, asked under the student's lock before the
 * teacher is: it throws (409) when something the student may not replace holds the block, and answers
 * what to do once the choice is made (in the same transaction, only if it is). The route passes the
 * ladder's (lib/requests/locks.server.ts: locked appointments refuse, unlocked requests are released);
 * injected so lib/schedule stays below lib/choice.
 */
export type ChoiceGate = (
  tx: Db,
  principal: Principal,
  at: { student_id: number; block_id: number; date: string },
  now: Date,
) => Promise<() => Promise<void>>;

/** Without the ladder: any appointment holds the block. */
const anyAppointmentHolds: ChoiceGate = async (tx, _principal, at) => {
  if ((await countAppointments(tx, at.student_id, at.block_id, at.date)) > 0) {
    throw new ApiError(409, "has_appointment", "You have an appointment in this block, so you cannot choose a teacher for it.");
  }
  return async () => {};
};

/**
 * A student chooses a teacher for one of their pending flex blocks. One transaction, with the student's
 * row locked first (as booking an appointment locks it: a booking that clears the student's plan waits
 * for this choice, or this choice sees its appointment, never both): the block rules, no appointment in
 * that block, the teacher exists and is available, then the teacher's row is locked and the seats
 * counted (the caller's own plan excluded) before the plan is upserted.
 */
export async function planOwnBlock(
  db: Db,
  principal: Principal,
  input: SchedulePlanBody,
  now: Date,
  gate: ChoiceGate = anyAppointmentHolds,
): Promise<Plan> {
  const student = principal.student;
  if (!student) throw forbidden("User is not a student.");
  const calendar = await schoolCalendarSettings(db);
  const date = readSchoolDate(input.date, calendar.timezone);
  return db.transaction(async (tx) => {
    await lockStudent(tx, student.id);
    await requireOccurrence(tx, input.block_id, date, calendar, now, { flex: true, pending: true });
    await requireChoiceOpen(tx, date, input.block_id, calendar.timezone, now);
    const afterChoice = await gate(tx, principal, { student_id: student.id, block_id: input.block_id, date }, now);
    if (await changeClosed(tx, date)) {
      throw conflict("placement_closed", "Default placement has run for this Focus Block, so your teacher can no longer change.");
    }
    // The teachers of the change, lowest id first: the one chosen, and the one whose seat frees (a swap
    // the other way at the same time waits for this one instead of deadlocking with it).
    const before = await studentPlanOn(tx, student.id, input.block_id, date);
    const freed = before && before.staff_id !== input.staff_id ? before.staff_id : null;
    if (freed !== null && freed < input.staff_id) await lockStaff(tx, freed);
    const teacher = await lockStaff(tx, input.staff_id);
    if (!teacher) throw notFound("The teacher could not be found.");
    if (freed !== null && freed > input.staff_id) await lockStaff(tx, freed);
    if (!teacher.still_here) throw staffLeft();
    if (!teacher.takes_students) throw invalid({ staff_id: [NOT_TAKING_STUDENTS] }, NOT_TAKING_STUDENTS);
    const topic = await staffTopicOn(tx, teacher.id, input.block_id, date);
    if (topic?.unavailable) throw teacherUnavailable();
    if (topic) await requireAdmitted(tx, topic, student.id, date);
    const seats = await countPlansExcept(tx, teacher.id, input.block_id, date, student.id);
    if (!seats.stillHere) throw staffLeft();
    const held = await countHeldOffers(tx, teacher.id, input.block_id, date, now, student.id);
    if (seats.taken + held >= effectiveCapacity(teacher.capacity, topic?.seat_cap)) throw teacherFull();
    await afterChoice();
    const plan = await upsertPlan(tx, {
      student_id: student.id,
      staff_id: teacher.id,
      block_id: input.block_id,
      date,
    });
    // With the teacher now, so off their waitlist; the seat they left goes to that teacher's waitlist.
    await deleteWaitlistEntry(tx, student.id, teacher.id, input.block_id, date);
    if (freed !== null) await tellSeatMoves(tx, await fillFreedSeats(tx, freed, input.block_id, date, now), now);
    return presentPlan(plan, student, teacher);
  });
}

