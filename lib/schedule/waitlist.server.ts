/* eslint-disable max-lines -- join, leave, offer and accept share the seat count and its lock */
import "server-only";
import type { Db } from "@/db";
import { lockStudent } from "@/db/queries/appointments";
import { lockStaff, staffTopicOn } from "@/db/queries/plans";
import {
  countHeldOffers,
  countPlansOf,
  deleteWaitlistEntry,
  findWaitlistEntry,
  hasAppointmentOn,
  insertWaitlistEntry,
  staffExists,
  staffPlannedBlocksFrom,
  staffWaitlistBlocksFrom,
  staffWaitlistOn,
  studentPlanOn,
  studentWaitlistsOn,
  waitlistPosition,
} from "@/db/queries/waitlist";
import { ApiError, conflict, forbidden, invalid, notFound } from "@/lib/api/errors.server";
import { requireStaff, type Principal } from "@/lib/auth/principal";
import { updateCapacity } from "@/db/queries/profiles";
import { staffProfile } from "@/lib/people/profiles.server";
import { isPending, schoolToday } from "@/lib/core/time";
import { choiceDeadlineAt } from "@/lib/choice/deadlines.server";
import type { WaitlistAcceptBody, WaitlistBody } from "@/lib/choice/schemas";
import { effectiveCapacity } from "@/lib/choice/audience";
import {
  fillFreedSeats,
  placeFromWaitlist,
  seatsLowered,
  waitlistSettings,
  type SeatMove,
} from "@/lib/choice/seats.server";
import { findBlockOnDate } from "@/db/queries/occurrences";
import { titledLastName } from "@/lib/people/names";
import { schoolCalendarSettings, type SchoolCalendarSettings } from "@/lib/settings/service.server";
import { tellMoved, tellSeatMoves } from "./moved.server";
import { readSchoolDate, requireOccurrence } from "./occurrence.server";
import { NOT_TAKING_STUDENTS, staffLeft, teacherFull, teacherUnavailable } from "./plans.server";
import { presentPlan, studentRef } from "./present";
import type {
  Plan,
  StaffProfile,
  StaffWaitlistResponse,
  WaitlistJoinResponse,
  WaitlistLeaveResponse,
} from "@/lib/core/schedule/types";

/**
 * Waitlists of full teachers (a freed seat goes to the first in line): a student joins the line of a teacher with no seat left
 * for a Focus Block (or staff put them on it), leaves it, and in offer mode accepts the seat held for
 * them. The seats themselves, and what a freed one does, are lib/choice/seats.server.ts. Each write is
 * one transaction in the lock order of every plan write: the student, then the teacher(s) by id.
 */

/** Who the waitlist write is for, and whether a student is acting for themselves. */
function subjectOf(principal: Principal, input: { staff_id: number; student_id?: number }) {
  if (principal.student) {
    if (input.student_id !== undefined && input.student_id !== principal.student.id) {
      throw forbidden("Students can only change their own waitlists.");
    }
    return { studentId: principal.student.id, self: true };
  }
  if (!principal.staff) throw forbidden("Only students and staff members can change waitlists.");
  if (!principal.staff.administrator && principal.staff.id !== input.staff_id) {
    throw forbidden("Teachers can only change their own waitlists.");
  }
  if (input.student_id === undefined) throw invalid({ student_id: ["A valid student is required."] });
  return { studentId: input.student_id, self: false };
}

const studentMissing = () => notFound("The student could not be found.");

/** 422 after the choice deadline, with until when the student could have joined. */
async function requireChoiceOpen(tx: Db, date: string, blockId: number, now: Date, timezone: string) {
  const at = await choiceDeadlineAt(tx, date, blockId);
  if (at === null || at.getTime() > now.getTime()) return;
  const clock = new Intl.DateTimeFormat("en-US", {
    timeZone: timezone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  const message = `Choosing for this Focus Block closed at ${clock}, so you can no longer join or leave its waitlists.`;
  throw new ApiError(422, "choice_closed", message, { date: [message] });
}

/** The teacher locked and able to take students on that block, with their seats there. */
async function lockedTeacher(tx: Db, staffId: number, blockId: number, date: string) {
  const teacher = await lockStaff(tx, staffId);
  if (!teacher) throw notFound("The teacher could not be found.");
  if (!teacher.still_here) throw staffLeft();
  if (!teacher.takes_students) throw invalid({ staff_id: [NOT_TAKING_STUDENTS] }, NOT_TAKING_STUDENTS);
  const topic = await staffTopicOn(tx, teacher.id, blockId, date);
  if (topic?.unavailable) throw teacherUnavailable();
  return { teacher, seats: effectiveCapacity(teacher.capacity, topic?.seat_cap) };
}

/**
 * POST /api/students/waitlist. 409 when the teacher has a seat left (choose instead), when the student
 * is with that teacher already or on as many waitlists for the block as waitlist-limit allows; 422
 * after the choice deadline (for students; staff may still add). Joining twice keeps the first place.
 */
export async function joinWaitlist(
  db: Db,
  principal: Principal,
  input: WaitlistBody,
  now: Date,
): Promise<WaitlistJoinResponse> {
  const subject = subjectOf(principal, input);
  const calendar = await schoolCalendarSettings(db);
  const date = readSchoolDate(input.date, calendar.timezone);
  const settings = await waitlistSettings(db);
  return db.transaction(async (tx) => {
    const student = await lockStudent(tx, subject.studentId);
    if (!student) throw studentMissing();
    await requireOccurrence(tx, input.block_id, date, calendar, now, { flex: true, pending: true });
    if (subject.self) await requireChoiceOpen(tx, date, input.block_id, now, calendar.timezone);
    if (await hasAppointmentOn(tx, student.id, input.block_id, date)) {
      throw conflict(
        "has_appointment",
        "There is an appointment in this block, so its waitlists are closed to this student.",
      );
    }
    const { teacher, seats } = await lockedTeacher(tx, input.staff_id, input.block_id, date);
    const name = titledLastName(teacher);
    const plan = await studentPlanOn(tx, student.id, input.block_id, date);
    if (plan?.staff_id === teacher.id)
      throw conflict(
        "already_planned",
        `${subject.self ? "You are" : "The student is"} already with ${name} in this block.`,
      );
    const existing = await findWaitlistEntry(tx, student.id, teacher.id, input.block_id, date);
    if (!existing) {
      const lines = await studentWaitlistsOn(tx, student.id, input.block_id, date);
      if (lines.length >= settings.limit) {
        throw conflict(
          "waitlist_limit",
          `${subject.self ? "You are" : "The student is"} on ${lines.length} ${lines.length === 1 ? "waitlist" : "waitlists"} for this block already, the most allowed. Leave one first.`,
        );
      }
      const taken =
        (await countPlansOf(tx, teacher.id, input.block_id, date)) +
        (await countHeldOffers(tx, teacher.id, input.block_id, date, now, student.id));
      if (taken < seats)
        throw conflict(
          "seats_left",
          `${name} has seats left in this block: choose ${name} instead of joining the waitlist.`,
        );
    }
    const entry =
      existing ??
      (await insertWaitlistEntry(tx, {
        student_id: student.id,
        staff_id: teacher.id,
        block_id: input.block_id,
        date,
        added_by: principal.user.id,
      }));
    const position = await waitlistPosition(tx, entry.id, teacher.id, input.block_id, date);
    return { position, student_id: student.id, staff_id: teacher.id, block_id: input.block_id, date };
  });
}

/**
 * DELETE /api/students/waitlist. 404 when the student is not on it. A seat held for them (offer mode)
 * goes to the next in line in the same transaction.
 */
export async function leaveWaitlist(
  db: Db,
  principal: Principal,
  input: WaitlistBody,
  now: Date,
): Promise<WaitlistLeaveResponse> {
  const subject = subjectOf(principal, input);
  const calendar = await schoolCalendarSettings(db);
  const date = readSchoolDate(input.date, calendar.timezone);
  return db.transaction(async (tx) => {
    const student = await lockStudent(tx, subject.studentId);
    if (!student) throw studentMissing();
    const teacher = await lockStaff(tx, input.staff_id);
    if (!teacher) throw notFound("The teacher could not be found.");
    const removed = await deleteWaitlistEntry(tx, student.id, teacher.id, input.block_id, date);
    if (!removed) {
      throw new ApiError(
        404,
        "not_waitlisted",
        `${subject.self ? "You are" : "The student is"} not on ${titledLastName(teacher)}'s waitlist for this block.`,
      );
    }
    const offerReleased = removed.offered_until !== null && removed.offered_until.getTime() > now.getTime();
    if (offerReleased)
      await tellSeatMoves(tx, await fillFreedSeats(tx, teacher.id, input.block_id, date, now), now);
    return {
      student_id: student.id,
      staff_id: teacher.id,
      block_id: input.block_id,
      date,
      offer_released: offerReleased,
    };
  });
}

/**
 * POST /api/students/waitlist/accept (offer mode): the student takes the seat held for them. Their plan
 * with another teacher is released and that teacher's waitlist moves on, in the same transaction.
 * 409 no_offer when nothing is held for them (the offer ran out, or another student's turn).
 */
export async function acceptWaitlistOffer(
  db: Db,
  principal: Principal,
  input: WaitlistAcceptBody,
  now: Date,
): Promise<Plan> {
  const own = principal.student;
  if (!own) throw forbidden("User is not a student.");
  const calendar = await schoolCalendarSettings(db);
  const date = readSchoolDate(input.date, calendar.timezone);
  return db.transaction(async (tx) => {
    const student = await lockStudent(tx, own.id);
    if (!student) throw studentMissing();
    await requireOccurrence(tx, input.block_id, date, calendar, now, { flex: true, pending: true });
    const before = await studentPlanOn(tx, student.id, input.block_id, date);
    // Both teachers of the change, lowest id first (a swap the other way waits instead of deadlocking).
    const ids = [...new Set([input.staff_id, ...(before ? [before.staff_id] : [])])].sort((a, b) => a - b);
    for (const id of ids) await lockStaff(tx, id);
    const entry = await findWaitlistEntry(tx, student.id, input.staff_id, input.block_id, date);
    const { teacher, seats } = await lockedTeacher(tx, input.staff_id, input.block_id, date);
    if (!entry?.offered_until || entry.offered_until.getTime() <= now.getTime()) {
      throw conflict("no_offer", `No seat with ${titledLastName(teacher)} is held for you now.`);
    }
    if (await hasAppointmentOn(tx, student.id, input.block_id, date)) {
      throw conflict(
        "has_appointment",
        "You have an appointment in this block, so you cannot choose a teacher for it.",
      );
    }
    const taken =
      (await countPlansOf(tx, teacher.id, input.block_id, date)) +
      (await countHeldOffers(tx, teacher.id, input.block_id, date, now, student.id));
    if (taken >= seats) throw teacherFull();
    const from = await placeFromWaitlist(tx, student.id, teacher.id, input.block_id, date);
    const moves: SeatMove[] =
      from !== null && from !== teacher.id ? await fillFreedSeats(tx, from, input.block_id, date, now) : [];
    await tellSeatMoves(tx, moves, now);
    const plan = await studentPlanOn(tx, student.id, input.block_id, date);
    return presentPlan({ id: plan!.id, date, block_id: input.block_id }, student, teacher);
  });
}

/** GET /api/staff/{id}/waitlist/{date}: a teacher sees their own; administrators anyone's. 404 for no such staff member. */
export async function staffWaitlist(
  db: Db,
  principal: Principal,
  staffId: number,
  dateInput: string,
): Promise<StaffWaitlistResponse> {
  const mayReadAny = principal.role === "admin" || principal.role === "sysadmin";
  if (!(await staffExists(db, staffId))) throw notFound("The staff member could not be found.");
  if (!mayReadAny && principal.staff?.id !== staffId)
    throw forbidden("Teachers can only see their own waitlists.");
  const calendar = await schoolCalendarSettings(db);
  const date = readSchoolDate(dateInput, calendar.timezone);
  const rows = await staffWaitlistOn(db, staffId, date);
  const blocks = new Map<number, StaffWaitlistResponse["blocks"][number]>();
  for (const row of rows) {
    let block = blocks.get(row.block_id);
    if (!block) blocks.set(row.block_id, (block = { block_id: row.block_id, entries: [] }));
    block.entries.push({
      position: block.entries.length + 1,
      student: {
        ...studentRef(row.student),
        grade: row.student.grade,
        student_number: row.student.student_number,
      },
      joined_at: row.created_at.toISOString(),
      offered_until: row.offered_until ? row.offered_until.toISOString() : null,
    });
  }
  return { staff_id: staffId, date, blocks: [...blocks.values()] };
}

/**
 * POST /api/staff/capacity: the caller's own capacity, and — in the same transaction, under their row's
 * lock — the seats it frees or takes away are handed on (handOnCapacityChange).
 */
export async function setOwnCapacityAndHandOn(
  db: Db,
  principal: Principal,
  capacity: number,
  now: Date,
): Promise<StaffProfile> {
  const own = requireStaff(principal);
  await db.transaction(async (tx) => {
    const teacher = await lockStaff(tx, own.id);
    await updateCapacity(tx, own.id, capacity);
    if (teacher) await handOnCapacityChange(tx, teacher, teacher.capacity, capacity, now);
  });
  return staffProfile(db, principal, own.id);
}

type LockedTeacher = NonNullable<Awaited<ReturnType<typeof lockStaff>>>;

/**
 * A teacher's capacity went from `before` to `after` (their row locked by the caller, the new value
 * written): raising it hands every freed seat of a Focus Block still ahead to its waitlist; lowering it
 * below the planned count of a Focus Block still ahead drops nobody silently: the last placed go back to
 * the front of the waitlist, and are told (lib/choice/seats.server.ts seatsLowered). The same for the
 * teacher's own change and an administrator's (one or many staff at once).
 */
export async function handOnCapacityChange(
  tx: Db,
  teacher: LockedTeacher,
  before: number,
  after: number,
  now: Date,
  known?: { calendar: SchoolCalendarSettings },
) {
  if (before === after) return;
  const calendar = known?.calendar ?? (await schoolCalendarSettings(tx));
  const today = schoolToday(calendar.timezone, now);
  if (after > before) return handOnFreedSeats(tx, teacher.id, now, today);
  for (const seat of await staffPlannedBlocksFrom(tx, teacher.id, today)) {
    const block = await findBlockOnDate(tx, seat.block_id, seat.date);
    if (!block?.end || !isPending(seat.date, block.end, calendar.timezone, now)) continue;
    const back = await seatsLowered(tx, teacher.id, seat.block_id, seat.date);
    await tellMoved(
      tx,
      back.map(({ student_id }) => ({
        student_id,
        occasion: `waitlist-bumped:${teacher.id}:${seat.block_id}:${seat.date}:${now.getTime()}`,
        change: { kind: "seats_lowered" as const, teacher, dates: [seat.date] },
      })),
      now,
    );
  }
}

/**
 * Every free seat the teacher has from `today` on, handed to their waitlists in line order (a raised
 * capacity, a raised or removed topic seat cap): one statement when nobody waits for them.
 */
export async function handOnFreedSeats(tx: Db, staffId: number, now: Date, today?: string) {
  const from = today ?? schoolToday((await schoolCalendarSettings(tx)).timezone, now);
  const lines = await staffWaitlistBlocksFrom(tx, staffId, from);
  if (lines.length === 0) return;
  const settings = await waitlistSettings(tx);
  for (const line of lines) {
    await tellSeatMoves(
      tx,
      await fillFreedSeats(tx, staffId, line.block_id, line.date, now, { settings }),
      now,
    );
  }
}
