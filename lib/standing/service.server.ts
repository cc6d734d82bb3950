/* eslint-disable max-lines -- a standing choice's add, remove and re-plan share the pattern matching */
import "server-only";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Db } from "@/db";
import { lockStudent } from "@/db/queries/appointments";
import { insertAudit } from "@/db/queries/audit";
import { lockCalendarShared } from "@/db/queries/calendar";
import { timetableInForce } from "@/db/queries/calendar-admin";
import { countPlansExcept, lockStaff, staffTopicOn } from "@/db/queries/plans";
import { settingValues } from "@/db/queries/settings";
import {
  claimOutcome,
  deletePlansByIds,
  deleteStandingChoiceRow,
  findStandingChoice,
  insertStandingChoice,
  insertStandingPlan,
  insertWaitlistEntry,
  outcomesOf,
  overlappingStandingChoices,
  setOutcome,
  standingCandidates,
  standingChoicesOf,
  standingPlansOf,
  standingStateOf,
  standingTeachers,
  termHolding,
  type StandingCandidate,
} from "@/db/queries/standing";
import { ApiError, conflict, forbidden, invalid, notFound } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { choiceClosedSentence, deadlineOn, type DeadlineRules } from "@/lib/choice/deadlines";
import { deadlineRulesBetween } from "@/lib/choice/deadlines.server";
import { staffName, titledLastName } from "@/lib/people/names";
import { presentStaffRef } from "@/lib/people/present-person";
import { tellMoved, type Moved, type StandingBecause } from "@/lib/schedule/moved.server";
import { standingPatternWords } from "@/lib/core/schedule/reason";
import { STAFF_LEFT, NOT_TAKING_STUDENTS } from "@/lib/schedule/plans.server";
import { schoolCalendarSettings, type SchoolCalendarSettings } from "@/lib/settings/service.server";
import { addDays, isPending, schoolToday } from "@/lib/core/time";
import { defaultUntil, matchesPattern } from "./pattern";
import type { StandingChoiceBody } from "./schemas";
import type { StandingChoiceView, StandingOutcomeView } from "./types";
import type { CreatedStandingChoice, DeletedStandingChoice, StandingChoiceList } from "./answers";

export type { StandingChoiceView, StandingOutcomeView } from "./types";

/**
 * A student's standing choices (their usual teacher, chosen once): "every Day 2 with Ms. Ruiz" or "every Tuesday", from a
 * date until a date (the end of the term it starts in when none is given). Each matching Focus Block
 * from today to today + `standing-choice-days` gets, once (standing_choice_outcomes is the fence), a
 * plan made by the standing choice (source "standing"), unless something holds the student's block
 * already (an appointment, an amendment, any plan: the student's own hand stays), the teacher is
 * unavailable or has left, or is full (then the student joins the teacher's waitlist). Each match is
 * one transaction with the calendar's lock shared (a holiday or a day type changed by hand either
 * committed before, and is seen, or waits), the student locked, then the teacher — the lock order of a
 * student's own choice, so a standing choice materialising while the student chooses by hand makes
 * exactly one plan. The "standing-choices" job (job.server.ts) runs it on the runner's recurring
 * checks; creating a standing choice runs it at once for that choice's dates.
 */

export type StandingOutcome = "planned" | "held" | "unavailable" | "waitlisted" | "closed";

/** Matches materialised per run (and per recurring check), so a run is a bounded number of statements. */
export const STANDING_BATCH = 200;

const present = (row: Awaited<ReturnType<typeof standingChoicesOf>>[number]): StandingChoiceView => ({
  id: row.id,
  staff: presentStaffRef(row.staff),
  day_type: row.day_type,
  weekday: row.weekday,
  pattern: standingPatternWords(row),
  from: row.from,
  until: row.until,
  created_at: row.created_at.toISOString(),
});

const requireStudent = (principal: Principal) => {
  if (!principal.student) throw forbidden("Only students have standing choices.");
  return principal.student;
};

/** The school's wall clock, "YYYY-MM-DD HH:MM:SS" (SQL compares block ends with it, no zone rules there). */
const wallClock = (now: Date, timezone: string) => format(new TZDate(now, timezone), "yyyy-MM-dd HH:mm:ss");

async function horizonDays(db: Db): Promise<number> {
  const [row] = await settingValues(db, ["standing-choice-days"]);
  const days = Number(row?.value ?? 14);
  return Number.isFinite(days) && days >= 1 ? Math.min(Math.floor(days), 60) : 14;
}

/**
 * GET /api/students/standing-choices: the student's standing choices, and what the form offers: the
 * timetable's cycle (its day types) today and the teachers taking students.
 */
export async function listStandingChoices(db: Db, principal: Principal, now: Date): Promise<StandingChoiceList> {
  const student = requireStudent(principal);
  const calendar = await schoolCalendarSettings(db);
  const today = schoolToday(calendar.timezone, now);
  const [choices, timetable, teachers] = await Promise.all([
    standingChoicesOf(db, student.id),
    timetableInForce(db, today),
    standingTeachers(db),
  ]);
  return {
    standing_choices: choices.map(present),
    cycle: timetable ? { kind: timetable.cycle_kind, day_types: timetable.day_types } : null,
    teachers: teachers.map(presentStaffRef),
    today,
  };
}

/**
 * POST /api/students/standing-choices. 422: a day type the timetable in force on `from` does not have,
 * `from` before today, dates outside the school year, no `until` and no term or year end to default to;
 * 409: a teacher who takes no students or has left, a standing choice of the same pattern meeting
 * these dates. Then its Focus Blocks in the window are materialised at once (the answer's `outcomes`).
 */
export async function createStandingChoice(
  db: Db,
  principal: Principal,
  input: StandingChoiceBody,
  now: Date,
): Promise<CreatedStandingChoice> {
  const student = requireStudent(principal);
  const calendar = await schoolCalendarSettings(db);
  const today = schoolToday(calendar.timezone, now);
  if (input.from < today) throw invalid({ from: ["The first date cannot be in the past."] });
  if (calendar.yearStart && input.from < calendar.yearStart)
    throw invalid({ from: ["The first date is before the school year."] });
  if (calendar.yearEnd && input.from > calendar.yearEnd)
    throw invalid({ from: ["The first date is after the school year."] });
  const until = input.until ?? defaultUntil(await termHolding(db, input.from), calendar.yearEnd);
  if (!until)
    throw invalid({ until: ["Give the last date: the school has no term or school year end to stop at."] });
  if (until < input.from) throw invalid({ until: ["The last date cannot be before the first."] });
  if (calendar.yearEnd && until > calendar.yearEnd)
    throw invalid({ until: ["The last date is after the school year."] });
  let dayType: string | null = null;
  if (input.day_type !== undefined) {
    const timetable = await timetableInForce(db, input.from);
    const known = timetable?.day_types.find((name) => name.toLowerCase() === input.day_type!.toLowerCase());
    if (!known) {
      const message = timetable
        ? `"${input.day_type}" is not a day type of the timetable (${timetable.day_types.join(", ")}).`
        : "No timetable is in force on that date.";
      throw invalid({ day_type: [message] }, message);
    }
    dayType = known;
  }
  const weekday = input.weekday ?? null;
  const created = await db.transaction(async (tx) => {
    await lockStudent(tx, student.id);
    const teacher = await lockStaff(tx, input.staff_id);
    if (!teacher) throw notFound("The teacher could not be found.");
    if (!teacher.still_here) throw new ApiError(409, "staff_left", STAFF_LEFT, { staff_id: [STAFF_LEFT] });
    if (!teacher.takes_students) throw invalid({ staff_id: [NOT_TAKING_STUDENTS] }, NOT_TAKING_STUDENTS);
    const [overlap] = await overlappingStandingChoices(tx, {
      student_id: student.id,
      day_type: dayType,
      weekday,
      from: input.from,
      until,
    });
    if (overlap) {
      throw conflict(
        "standing_choice_overlaps",
        `You already have a usual teacher on ${standingPatternWords({ day_type: dayType, weekday })} for some of these dates. Remove it first.`,
      );
    }
    const row = await insertStandingChoice(tx, {
      student_id: student.id,
      staff_id: teacher.id,
      day_type: dayType,
      weekday,
      from: input.from,
      until,
      created_by: principal.user.id,
      created_at: now,
    });
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "standing_choice.create",
      target_user_id: principal.user.id,
      details: {
        standing_choice_id: row.id,
        teacher: staffName(teacher),
        day_type: dayType,
        weekday,
        from: input.from,
        until,
      },
      created_at: now,
    });
    return { row, teacher };
  });
  const { outcomes } = await materialiseStanding(db, now, { standingChoiceId: created.row.id, tell: false });
  return {
    id: created.row.id,
    staff: presentStaffRef(created.teacher),
    day_type: dayType,
    weekday,
    pattern: standingPatternWords({ day_type: dayType, weekday }),
    from: input.from,
    until,
    created_at: created.row.created_at.toISOString(),
    outcomes,
  };
}

/**
 * DELETE /api/students/standing-choices/{id}: the student's own only (403 for another's). Its plans
 * still as it made them (source "standing") on pending blocks are removed with it, freeing the seats;
 * a plan the student changed by hand since is theirs and stays. Past plans stay (attendance rests on them).
 */
export async function deleteStandingChoice(db: Db, principal: Principal, id: number, now: Date): Promise<DeletedStandingChoice> {
  const student = requireStudent(principal);
  const found = await findStandingChoice(db, id);
  if (!found) throw notFound("The standing choice could not be found.");
  if (found.student_id !== student.id)
    throw forbidden("Students may only remove their own standing choices.");
  const calendar = await schoolCalendarSettings(db);
  const today = schoolToday(calendar.timezone, now);
  return db.transaction(async (tx) => {
    await lockStudent(tx, student.id);
    const pending = (await standingPlansOf(tx, id, today)).filter(
      (plan) => plan.end !== null && isPending(plan.date, plan.end, calendar.timezone, now),
    );
    const removed = await deletePlansByIds(
      tx,
      pending.map((plan) => plan.id),
    );
    if (!(await deleteStandingChoiceRow(tx, id))) throw notFound("The standing choice could not be found.");
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "standing_choice.delete",
      target_user_id: principal.user.id,
      details: { standing_choice_id: id, plans_removed: removed.length },
      created_at: now,
    });
    return { id, plans_removed: removed.length };
  });
}

/** What a standing choice did on each Focus Block so far (the tests; the screen reads the week). */
export const standingOutcomes = (db: Db, id: number) => outcomesOf(db, id);

/**
 * Materialises due matches: every (standing choice, date, flex block) in the window with no outcome
 * yet, at most STANDING_BATCH (`more`: some are left for the next run). With `standingChoiceId`, only
 * that choice's. `tell`: the student is told of the outcomes that are not a plan (the job; not the
 * student's own request).
 */
export async function materialiseStanding(
  db: Db,
  now: Date,
  options: {
    standingChoiceId?: number;
    tell: boolean;
    onEach?: (tx: Db, done: number, total: number) => Promise<void>;
  },
): Promise<{ outcomes: StandingOutcomeView[]; more: boolean }> {
  const calendar = await schoolCalendarSettings(db);
  const today = schoolToday(calendar.timezone, now);
  const to = addDays(today, (await horizonDays(db)) - 1);
  const candidates = await standingCandidates(db, {
    from: today,
    to,
    localNow: wallClock(now, calendar.timezone),
    limit: STANDING_BATCH,
    standingChoiceId: options.standingChoiceId,
  });
  if (candidates.length === 0) return { outcomes: [], more: false };
  const deadlines = await deadlineRulesBetween(db, today, to);
  const outcomes: StandingOutcomeView[] = [];
  for (const [index, candidate] of candidates.entries()) {
    const done = await db.transaction(async (tx) => {
      const result = await materialiseOne(tx, candidate, { calendar, deadlines, now, tell: options.tell });
      await options.onEach?.(tx, index + 1, candidates.length);
      return result;
    });
    if (done) outcomes.push(done);
  }
  return { outcomes, more: candidates.length === STANDING_BATCH };
}

/** Whether any match is due (the job's isDue: one statement). */
export async function standingDue(db: Db, now: Date): Promise<boolean> {
  const calendar = await schoolCalendarSettings(db);
  const today = schoolToday(calendar.timezone, now);
  const to = addDays(today, (await horizonDays(db)) - 1);
  const due = await standingCandidates(db, {
    from: today,
    to,
    localNow: wallClock(now, calendar.timezone),
    limit: 1,
  });
  return due.length > 0;
}

async function materialiseOne(
  tx: Db,
  c: StandingCandidate,
  context: { calendar: SchoolCalendarSettings; deadlines: DeadlineRules; now: Date; tell: boolean },
): Promise<StandingOutcomeView | null> {
  const { calendar, deadlines, now } = context;
  await lockCalendarShared(tx);
  const student = await lockStudent(tx, c.student_id);
  if (!student) return null;
  const state = await standingStateOf(tx, c);
  // Removed meanwhile, or the day closed (a holiday) or changed its day type by hand since the match was read:
  // no outcome, so the day is matched again if it opens again.
  if (!state.choice_exists || !state.meets) return null;
  if (
    !matchesPattern(
      { day_type: c.day_type, weekday: c.weekday, from: c.date, until: c.date },
      { date: c.date, day_type: state.day_type },
    )
  ) {
    return null;
  }
  if (!(await claimOutcome(tx, c, "planned"))) return null;
  const pattern = standingPatternWords(c);
  const decide = async (): Promise<{
    outcome: StandingOutcome;
    detail: string;
    /** Which detail it is, for the student's notice in their language (lib/schedule/moved.server.ts). */
    because?: StandingBecause;
    teacher?: { title: string; first_name: string; last_name: string };
  }> => {
    const closesAt = deadlineOn(deadlines, "choice", c.date, c.start, calendar.timezone);
    if (closesAt && closesAt.getTime() <= now.getTime())
      return { outcome: "closed", detail: choiceClosedSentence(closesAt, calendar.timezone) };
    if (state.has_appointment || state.has_amendment || state.has_plan) {
      const what = state.has_appointment ? "an appointment" : state.has_amendment ? "an amendment" : "a plan";
      return {
        outcome: "held",
        detail: `You already have ${what} in that Focus Block, so it stays as it is.`,
      };
    }
    const teacher = await lockStaff(tx, c.staff_id);
    if (!teacher || !teacher.still_here || !teacher.takes_students) {
      return { outcome: "unavailable", detail: "Your usual teacher takes no students now.", because: "noStudents", teacher };
    }
    const topic = await staffTopicOn(tx, teacher.id, c.block_id, c.date);
    if (topic?.unavailable) {
      return {
        outcome: "unavailable",
        detail: `${titledLastName(teacher)} is not taking students in that Focus Block.`,
        because: "notTaking",
        teacher,
      };
    }
    const seats = await countPlansExcept(tx, teacher.id, c.block_id, c.date, c.student_id);
    if (!seats.stillHere)
      return { outcome: "unavailable", detail: "Your usual teacher takes no students now.", because: "noStudents", teacher };
    if (seats.taken >= teacher.capacity) {
      await insertWaitlistEntry(tx, {
        student_id: c.student_id,
        staff_id: teacher.id,
        block_id: c.block_id,
        date: c.date,
        added_by: c.created_by,
      });
      return {
        outcome: "waitlisted",
        detail: `${titledLastName(teacher)} is full, so you are on their waitlist.`,
        because: "full",
        teacher,
      };
    }
    const plan = await insertStandingPlan(tx, {
      student_id: c.student_id,
      staff_id: teacher.id,
      block_id: c.block_id,
      date: c.date,
      standing_choice_id: c.standing_choice_id,
    });
    return plan
      ? { outcome: "planned", detail: "", teacher }
      : {
          outcome: "held",
          detail: "You already have a plan in that Focus Block, so it stays as it is.",
          teacher,
        };
  };
  const result = await decide();
  if (result.outcome !== "planned") await setOutcome(tx, c, result.outcome, result.detail);
  if (
    context.tell &&
    result.teacher &&
    (result.outcome === "unavailable" || result.outcome === "waitlisted")
  ) {
    const moved: Moved = {
      student_id: c.student_id,
      occasion: `standing:${c.standing_choice_id}:${c.date}:${c.block_id}`,
      change: {
        kind: "standing",
        teacher: result.teacher,
        pattern,
        outcome: result.outcome,
        detail: result.detail,
        because: result.because,
        patternOf: { day_type: c.day_type, weekday: c.weekday },
        dates: [c.date],
      },
    };
    await tellMoved(tx, [moved], now);
  }
  return { date: c.date, block_id: c.block_id, outcome: result.outcome, detail: result.detail };
}
