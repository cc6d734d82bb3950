import "server-only";
import type { Db } from "@/db";
import {
  claimRun,
  finishRun,
  flexMeetings,
  openBlocksOf,
  placeDate,
  runOn,
  runsBetween,
  unscheduledStudents,
  type PlacementRunRow,
} from "@/db/queries/placement";
import { insertAudit } from "@/db/queries/audit";
import { staffByIds } from "@/db/queries/notifications";
import { tellMoved } from "@/lib/schedule/moved.server";
import { ApiError, conflict, forbidden } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { studentNumbersFor } from "@/lib/people/lists.server";
import { presentStaffRef } from "@/lib/people/present-person";
import { noBlockDates } from "@/db/queries/schedule";
import { readSchoolDate } from "@/lib/schedule/occurrence.server";
import { blocksMeetOn } from "@/lib/schedule/school-days";
import { placementSettings } from "@/lib/settings/placement.server";
import { cutoffWallClock, type Cutoff } from "@/lib/settings/placement-cutoff";
import { chooseUntil, deadlineInstant, ruleOn, type DeadlineRules } from "@/lib/choice/deadlines";
import { deadlineRulesBetween } from "@/lib/choice/deadlines.server";
import { schoolCalendarSettings, type SchoolCalendarSettings } from "@/lib/settings/service.server";
import { addDays, schoolInstant, schoolToday, type SchoolDate } from "@/lib/core/time";
import type { PlacementRunView, PlacementToDo, UnscheduledResponse } from "./types";

export type { PlacementRunView, PlacementToDo, UnscheduledResponse, UnscheduledStudent } from "./types";

/**
 * Default placement, so no student is left without a teacher. At a Focus Block date's cutoff (setting `placement_cutoff`), every
 * active student with no plan, appointment or amendment on that date's flex blocks gets a plan with
 * their default teacher, marked "placed". Runs are recorded per date (placement_runs, unique date), so
 * a date is placed once however many runners race. The job runner checks for due dates on its
 * recurring checks (the "placement" kind's isDue, lib/placement/job.server.ts), so a date whose cutoff passed
 * while the server was down is placed at the first check after the start, back to CATCH_UP_DAYS days
 * (and never before the school year).
 * Default placement gives homeroom students to their teacher whatever the teacher's seats or topic.
 */

/** How far back a missed cutoff is still placed (a long weekend of downtime and then some). */
export const CATCH_UP_DAYS = 14;

type Meeting = Awaited<ReturnType<typeof flexMeetings>>[number];

export interface FocusDay {
  date: SchoolDate;
  /** The flex blocks meeting that day, earliest first. */
  blockIds: number[];
  /** The earliest flex block's start (HH:MM[:SS]). */
  start: string;
  /**
   * That start as an instant: placement and the Unscheduled list count a student whose account existed
   * before it (lib/core/attendance/sql.server.ts attendsBySql), as attendance does.
   */
  startsAt: Date;
  /** null when placement is off. */
  cutoffAt: Date | null;
}

/**
 * The dates from `from` to `to` on which a flex block meets (inside the school year, not on a
 * no-blocks day: lib/schedule/school-days.ts), with their cutoffs. With the choice deadlines
 * (lib/choice/deadlines.ts), a date's placement runs at the later of the placement cutoff and its
 * choice deadline (students choose until it; an empty choice deadline, "until the block starts",
 * holds placement back not at all: placement then runs at its cutoff as before).
 */
export function focusDays(
  meetings: Meeting[],
  calendar: SchoolCalendarSettings & { noBlockDates: readonly SchoolDate[] },
  cutoff: Cutoff,
  from: SchoolDate,
  to: SchoolDate,
  deadlines?: DeadlineRules,
): FocusDay[] {
  const days: FocusDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (!blocksMeetOn(date, calendar)) continue;
    const meeting = meetings.filter((m) => m.date === date);
    if (meeting.length === 0) continue;
    const start = meeting[0]!.start;
    const wall = cutoffWallClock(cutoff, date, start);
    let cutoffAt = wall ? schoolInstant(wall.date, wall.time, calendar.timezone) : null;
    const choice = deadlines ? ruleOn(deadlines, "choice", date) : null;
    if (cutoffAt && choice && choice.kind !== "off") {
      const choiceAt = deadlineInstant(choice, date, start, calendar.timezone);
      if (choiceAt && choiceAt.getTime() > cutoffAt.getTime()) cutoffAt = choiceAt;
    }
    days.push({
      date,
      blockIds: [...new Set(meeting.map((m) => m.block_id))],
      start,
      startsAt: schoolInstant(date, start, calendar.timezone),
      cutoffAt,
    });
  }
  return days;
}

/** The last date whose cutoff can have passed by today (hours before the block reach into later days). */
const horizon = (cutoff: Cutoff, today: SchoolDate) =>
  cutoff.kind === "hours" ? addDays(today, Math.ceil(cutoff.hours / 24) + 1) : today;

/**
 * Dates whose cutoff has passed and that have no run yet, oldest first. Never a date before its cutoff.
 * With placement off it reads the placement settings and nothing else: the job runner asks this on
 * every recurring check (lib/placement/job.server.ts isDue), so a school without placement pays one statement.
 */
export async function dueDates(db: Db, now: Date): Promise<FocusDay[]> {
  const settings = await placementSettings(db);
  if (settings.cutoff.kind === "off") return [];
  const calendar = await schoolCalendarSettings(db);
  const today = schoolToday(calendar.timezone, now);
  const from = addDays(today, -CATCH_UP_DAYS);
  const to = horizon(settings.cutoff, today);
  const meetings = await flexMeetings(db, from, to);
  if (meetings.length === 0) return [];
  const [noBlocks, deadlines] = await Promise.all([
    noBlockDates(db, from, to),
    deadlineRulesBetween(db, from, to),
  ]);
  const days = focusDays(
    meetings,
    { ...calendar, noBlockDates: noBlocks },
    settings.cutoff,
    from,
    to,
    deadlines,
  ).filter((day) => day.cutoffAt !== null && day.cutoffAt.getTime() <= now.getTime());
  if (days.length === 0) return [];
  const done = new Set(
    (await runsBetween(db, days[0]!.date, days[days.length - 1]!.date)).map((r) => r.date),
  );
  return days.filter((day) => !done.has(day.date));
}

export interface PlacementResult {
  date: SchoolDate;
  placed: number;
  skipped: number;
}

/**
 * Places every due date, each in its own transaction: claim the date's run (a runner that loses the
 * race skips it), one INSERT … SELECT for the date, then the counts. `inTransaction` runs inside each
 * date's transaction (the job records its progress there, so a worker that lost its job rolls back).
 */
export async function runDuePlacements(
  db: Db,
  now: Date,
  inTransaction?: (tx: Db, done: number, total: number) => Promise<void>,
): Promise<PlacementResult[]> {
  const due = await dueDates(db, now);
  const results: PlacementResult[] = [];
  for (const [index, day] of due.entries()) {
    const result = await placeDay(db, day, async (tx) => {
      await inTransaction?.(tx, index + 1, due.length);
    });
    if (result) results.push(result);
  }
  return results;
}

/** One date's run in one transaction; null when another runner has placed the date already. */
export function placeDay(
  db: Db,
  day: FocusDay,
  inTransaction?: (tx: Db) => Promise<void>,
): Promise<PlacementResult | null> {
  return db.transaction(async (tx) => {
    const run = await claimRun(tx, day.date, day.cutoffAt ?? new Date());
    if (!run) return null;
    const { students, ...counts } = await placeDate(tx, {
      date: day.date,
      blockIds: day.blockIds,
      runId: run.id,
      existedBy: day.startsAt,
    });
    await finishRun(tx, run.id, counts.placed, counts.skipped);
    await tellPlaced(tx, day, run.cutoff_at, students);
    await inTransaction?.(tx);
    return { date: day.date, ...counts };
  });
}

/** Each placed student is told with whom, and why (one message per student and date). */
async function tellPlaced(
  tx: Db,
  day: FocusDay,
  cutoffAt: Date,
  placed: { student_id: number; staff_id: number }[],
) {
  if (placed.length === 0) return;
  const teachers = new Map(
    (await staffByIds(tx, [...new Set(placed.map((p) => p.staff_id))])).map((t) => [t.id, t]),
  );
  const once = new Map(placed.map((p) => [p.student_id, p.staff_id]));
  await tellMoved(
    tx,
    [...once].flatMap(([studentId, staffId]) => {
      const teacher = teachers.get(staffId);
      return teacher
        ? [
            {
              student_id: studentId,
              occasion: `placement:${day.date}`,
              change: { kind: "placed" as const, teacher, cutoffAt, dates: [day.date] },
            },
          ]
        : [];
    }),
    new Date(),
  );
}

export const ALREADY_PLACED = "Default placement has already run for this date.";

/**
 * POST /api/placement/run {date}: an administrator places the date's unscheduled students with their
 * default teachers now, instead of at the cutoff (the Unscheduled screen's "Place with default teachers
 * now"). The same run as the cutoff's, in one transaction; the date is then placed (a second run, or
 * the cutoff's, finds it claimed: 409). Only for a Focus Block date from today on. Audited.
 */
export async function placeNow(db: Db, principal: Principal, dateInput: string, now: Date) {
  const [calendar, settings] = await Promise.all([schoolCalendarSettings(db), placementSettings(db)]);
  const date = readSchoolDate(dateInput, calendar.timezone);
  if (date < schoolToday(calendar.timezone, now)) {
    throw new ApiError(
      409,
      "not_pending",
      "That date has passed: students can only be placed for today or later.",
    );
  }
  const [noBlocks, meetings] = await Promise.all([
    noBlockDates(db, date, date),
    flexMeetings(db, date, date),
  ]);
  const [day] = focusDays(meetings, { ...calendar, noBlockDates: noBlocks }, settings.cutoff, date, date);
  if (!day) throw new ApiError(422, "no_focus_block", "No Focus Block on this date.");
  const result = await placeDay(db, { ...day, cutoffAt: now }, async (tx) => {
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "placement.run_now",
      details: { date },
      created_at: now,
    });
  });
  if (!result) throw conflict("already_placed", ALREADY_PLACED);
  return {
    ...result,
    message: `Placed ${result.placed} ${result.placed === 1 ? "student" : "students"} with their default teachers.`,
  };
}

export const presentRun = (run: PlacementRunRow): PlacementRunView => ({
  placed: run.placed,
  skipped: run.skipped,
  cutoff_at: run.cutoff_at.toISOString(),
  ran_at: run.ran_at.toISOString(),
});

/**
 * GET /api/placement/unscheduled?date=: the date's students with no plan, appointment or amendment.
 * Administrators and sysadmins see the whole school, teachers the students whose default teacher they are.
 */
export async function unscheduledFor(
  db: Db,
  principal: Principal,
  dateInput: string,
): Promise<UnscheduledResponse> {
  const teacherId =
    principal.role === "admin" || principal.role === "sysadmin" ? null : (principal.staff?.id ?? null);
  if (principal.role === "teacher" && teacherId === null) throw forbidden();
  const [calendar, settings] = await Promise.all([schoolCalendarSettings(db), placementSettings(db)]);
  const date = readSchoolDate(dateInput, calendar.timezone);
  const [noBlocks, meetings, deadlines] = await Promise.all([
    noBlockDates(db, date, date),
    flexMeetings(db, date, date),
    deadlineRulesBetween(db, date, date),
  ]);
  const [day] = focusDays(
    meetings,
    { ...calendar, noBlockDates: noBlocks },
    settings.cutoff,
    date,
    date,
    deadlines,
  );
  const [run, students] = await Promise.all([
    runOn(db, date),
    day
      ? unscheduledStudents(db, {
          date,
          blockIds: day.blockIds,
          existedBy: day.startsAt,
          teacherId,
          numbers: studentNumbersFor(principal),
        })
      : Promise.resolve([]),
  ]);
  return {
    date,
    cutoff_at: day?.cutoffAt?.toISOString() ?? null,
    placed_run: run ? presentRun(run) : null,
    students: students.map((s) => ({
      id: s.id,
      first_name: s.first_name,
      last_name: s.last_name,
      grade: s.grade,
      student_number: s.student_number,
      default_teacher: s.default_teacher ? presentStaffRef(s.default_teacher) : null,
    })),
  };
}

/** How many days ahead the student's to-do list looks. */
export const TODO_DAYS = 14;

/** GET /api/placement/self: the student's own upcoming Focus Blocks still to choose (the /profile to-do). */
export async function toDoFor(db: Db, principal: Principal, now: Date): Promise<PlacementToDo> {
  const student = principal.student;
  if (!student) throw forbidden("User is not a student.");
  const [calendar, settings] = await Promise.all([schoolCalendarSettings(db), placementSettings(db)]);
  const today = schoolToday(calendar.timezone, now);
  const last = addDays(today, TODO_DAYS - 1);
  const [noBlocks, meetings, deadlines] = await Promise.all([
    noBlockDates(db, today, last),
    flexMeetings(db, today, last),
    deadlineRulesBetween(db, today, last),
  ]);
  const days = focusDays(
    meetings,
    { ...calendar, noBlockDates: noBlocks },
    settings.cutoff,
    today,
    last,
    deadlines,
  );
  const pending = days.flatMap((day) =>
    meetings
      .filter((m) => day.blockIds.includes(m.block_id) && m.date === day.date)
      .filter((m) => schoolInstant(day.date, m.end, calendar.timezone).getTime() > now.getTime())
      .map((m) => ({
        block_id: m.block_id,
        date: day.date,
        cutoffAt: day.cutoffAt,
        chooseUntil: chooseUntil(deadlines, day.date, m, calendar.timezone),
      })),
  );
  const open = await openBlocksOf(db, student.id, pending);
  const pendingOf = new Map(pending.map((p) => [`${p.block_id}|${p.date}`, p]));
  const list = open.map((o) => ({
    date: o.date,
    block_id: o.block_id,
    cutoff_at: pendingOf.get(`${o.block_id}|${o.date}`)?.cutoffAt?.toISOString() ?? null,
    choose_until: pendingOf.get(`${o.block_id}|${o.date}`)?.chooseUntil.toISOString() ?? null,
  }));
  const next = list[0]?.cutoff_at ?? null;
  return {
    open: list,
    next_cutoff_at: next && new Date(next).getTime() > now.getTime() ? next : null,
  };
}
