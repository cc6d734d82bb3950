import "server-only";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Db } from "@/db";
import {
  loadStaffWeek,
  loadStudentWeek,
  type CourseRow,
  type StaffWeekRows,
  type StudentWeekRows,
  type EventRow,
  type TimetableRow,
  type WeekWindow,
} from "@/db/queries/week";
import { forbidden, notFound } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { schoolCalendarSettings, type SchoolCalendarSettings } from "@/lib/settings/service.server";
import {
  addDays,
  clockLabel,
  dayLabel,
  schoolInstant,
  weekDays,
  weekRangeLabel,
  weekStart,
  type SchoolDate,
} from "@/lib/core/time";
import { attendancePeriodOf, attendsBlock } from "@/lib/core/attendance/period";
import { readSchoolDate } from "./occurrence.server";
import { blocksMeetOn } from "./school-days";
import { blockReason } from "./reason-rows";
import { chooseUntil as chooseUntilOf, deadlineRules } from "@/lib/choice/deadlines";
import {
  presentAmendment,
  presentAppointment,
  presentCourse,
  presentLog,
  presentPlan,
  presentTeacher,
  presentTopicSchedule,
  schoolClock,
} from "./present";
import type {
  ScheduleBlock,
  ScheduleDay,
  StaffScheduleBlock,
  StaffScheduleResponse,
  StudentScheduleBlock,
  StudentScheduleResponse,
} from "@/lib/core/schedule/types";

/**
 * Week schedules (GET /api/students/{id|self}/schedule[/{date}], GET /api/staff/{id}/schedule[/{date}]).
 * The settings, then the whole week in one statement (db/queries/week.ts); the days and blocks are
 * assembled in memory, so a request costs the same statements however many plans or logs there are.
 */

type Key = `${number}|${string}`;
const key = (blockId: number, date: string): Key => `${blockId}|${date}`;

function groupBy<T extends { block_id: number; date: string }>(rows: T[]): Map<Key, T[]> {
  const map = new Map<Key, T[]>();
  for (const row of rows) {
    const k = key(row.block_id, row.date);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

interface Week extends WeekWindow {
  anchor: SchoolDate;
  days: SchoolDate[];
}

async function readWeek(db: Db, dateParam: string | undefined, now: Date) {
  return weekContext(await schoolCalendarSettings(db), dateParam, now);
}

/** The week holding the date (today when none) in the school's calendar (pure). */
export function weekContext(calendar: SchoolCalendarSettings, dateParam: string | undefined, now: Date) {
  const local = format(new TZDate(now, calendar.timezone), "yyyy-MM-dd'T'HH:mm:ss");
  const today = local.slice(0, 10);
  const anchor = dateParam ? readSchoolDate(dateParam, calendar.timezone) : today;
  const days = weekDays(anchor, calendar.weekends);
  const sunday = weekStart(anchor);
  const week: Week = {
    anchor,
    days,
    from: days[0]!,
    to: days[days.length - 1]!,
    startsAt: schoolInstant(sunday, "00:00", calendar.timezone),
    endsAt: schoolInstant(addDays(sunday, 7), "00:00", calendar.timezone),
  };
  // Pending = the block's end on that date is still ahead; compared as school wall-clock strings.
  const pending = (date: SchoolDate, end: string) =>
    `${date}T${end.length === 5 ? `${end}:00` : end}` > local;
  return { calendar, week, today, pending };
}
export type WeekContext = ReturnType<typeof weekContext>;

/** range, next, previous, min_date, max_date: the week answer's navigation fields. */
function navigation(week: Week, calendar: SchoolCalendarSettings) {
  const sunday = weekStart(week.anchor);
  const { yearStart, yearEnd } = calendar;
  let next: string | null = addDays(week.anchor, 7);
  let previous: string | null = addDays(week.anchor, -7);
  if (yearEnd) next = addDays(sunday, 7) <= yearEnd ? (next > yearEnd ? yearEnd : next) : null;
  if (yearStart)
    previous = addDays(sunday, -1) >= yearStart ? (previous < yearStart ? yearStart : previous) : null;
  return {
    range: weekRangeLabel(week.anchor),
    next,
    previous,
    min_date: yearStart || null,
    max_date: yearEnd || null,
  };
}

type Base = Omit<ScheduleBlock, "scheduled">;

/** The shown days with the visible blocks meeting on each (flex, or with a course), ordered by start. */
function assembleDays<B extends ScheduleBlock>(
  context: WeekContext,
  rows: { timetable: TimetableRow[]; courses: CourseRow[]; events: EventRow[] },
  buildBlock: (base: Base, k: Key, course: CourseRow | undefined) => B,
): ScheduleDay<B>[] {
  const { calendar, week, today, pending } = context;
  // The section meeting in each block on each date (by day type and term); the first when two overlap.
  const courseAt = new Map<Key, CourseRow>();
  for (const course of rows.courses) {
    const at = key(course.block_id, course.date);
    if (!courseAt.has(at)) courseAt.set(at, course);
  }
  const byDate = new Map<string, TimetableRow[]>();
  for (const row of rows.timetable) {
    if (!row.flex && !courseAt.has(key(row.block_id, row.date))) continue;
    const list = byDate.get(row.date) ?? [];
    list.push(row);
    byDate.set(row.date, list);
  }
  const noBlockDates = rows.events.filter((event) => event.no_blocks).map((event) => event.date);
  return week.days.map((date) => {
    const meets = blocksMeetOn(date, { ...calendar, noBlockDates });
    const meeting = meets ? (byDate.get(date) ?? []) : [];
    return {
      date: dayLabel(date, today),
      events: rows.events.filter((event) => event.date === date).map(({ id, name }) => ({ id, name })),
      blocks: meeting.map((row) =>
        buildBlock(
          {
            id: row.block_id,
            start: clockLabel(row.start),
            end: clockLabel(row.end),
            label: row.label,
            flex: row.flex,
            pending: pending(date, row.end),
            amendments: [],
            appointments: [],
            logs: [],
          },
          key(row.block_id, date),
          row.flex ? undefined : courseAt.get(key(row.block_id, date)),
        ),
      ),
    };
  });
}

export async function studentWeekSchedule(
  db: Db,
  principal: Principal,
  id: number | "self",
  dateParam: string | undefined,
  now: Date,
): Promise<StudentScheduleResponse> {
  const own = principal.role === "student" ? principal.student! : null;
  if (id === "self" && !own) throw notFound("Only students have their own schedule.");
  const studentId = id === "self" ? own!.id : id;
  // Before any look-up: a student asking for another id gets 403 whether or not it exists.
  if (own && own.id !== studentId) throw forbidden("Students may only see their own schedule.");
  const context = await readWeek(db, dateParam, now);
  return presentStudentWeek(context, await loadStudentWeek(db, studentId, context.week));
}

/** A student's week from its rows (pure; the bench floor, scripts/bench/floor.ts, shapes with it too). */
export function presentStudentWeek(context: WeekContext, rows: StudentWeekRows): StudentScheduleResponse {
  if (!rows.student) throw notFound("The student could not be found.");
  const amendmentsAt = groupBy(rows.amendments);
  const appointmentsAt = groupBy(rows.appointments);
  const logsAt = groupBy(rows.logs);
  const planAt = new Map(rows.plans.map((plan) => [key(plan.block_id, plan.date), plan]));
  const clock = schoolClock(context.calendar.timezone);
  // Whether the student attends each block: never Missed before it counts for them, or once archived.
  const period = attendancePeriodOf(rows.attendance);
  const occurrenceAt = new Map(rows.timetable.map((row) => [key(row.block_id, row.date), row]));
  const attending = (k: Key) => {
    const row = occurrenceAt.get(k);
    return period && row
      ? { attending: attendsBlock(period, row.date, row.start, context.calendar.timezone) }
      : {};
  };
  // Until when the student may choose each Focus Block (absent from rows made without the deadlines).
  const deadlines = rows.deadlines ? deadlineRules(rows.deadlines, rows.deadlines.days) : null;
  const chooseUntil = (k: Key) => {
    const row = occurrenceAt.get(k);
    return deadlines && row
      ? { choose_until: chooseUntilOf(deadlines, row.date, row, context.calendar.timezone).toISOString() }
      : {};
  };
  const schedule = assembleDays<StudentScheduleBlock>(context, rows, (base, k, course) => {
    const plan = base.flex ? planAt.get(k) : undefined;
    return {
      ...attending(k),
      ...(base.flex ? chooseUntil(k) : {}),
      ...base,
      scheduled: course ? presentCourse(course) : plan ? presentTeacher(plan.staff, plan.topic) : null,
      amendments: (amendmentsAt.get(k) ?? []).map(presentAmendment),
      appointments: (appointmentsAt.get(k) ?? []).map(presentAppointment),
      logs: (logsAt.get(k) ?? []).map((log) => presentLog(log, clock)),
      reason: blockReason(plan, amendmentsAt.get(k) ?? [], appointmentsAt.get(k) ?? []),
    };
  });
  return { ...navigation(context.week, context.calendar), schedule };
}

export async function staffWeekSchedule(
  db: Db,
  id: number,
  dateParam: string | undefined,
  now: Date,
): Promise<StaffScheduleResponse> {
  const context = await readWeek(db, dateParam, now);
  return presentStaffWeek(context, await loadStaffWeek(db, id, context.week));
}

/** A teacher's week from its rows (pure; the bench floor shapes with it too). */
export function presentStaffWeek(context: WeekContext, rows: StaffWeekRows): StaffScheduleResponse {
  const teacher = rows.staff;
  if (!teacher) throw notFound("The staff member could not be found.");
  const amendmentsAt = groupBy(rows.amendments);
  const appointmentsAt = groupBy(rows.appointments);
  const logsAt = groupBy(rows.logs);
  const plansAt = groupBy(rows.plans);
  const topicAt = new Map(rows.topics.map((row) => [key(row.block_id, row.date), row]));
  const clock = schoolClock(context.calendar.timezone);
  const schedule = assembleDays<StaffScheduleBlock>(context, rows, (base, k, course) => {
    const topic = base.flex ? topicAt.get(k) : undefined;
    return {
      ...base,
      scheduled: course
        ? presentCourse(course)
        : topic
          ? presentTopicSchedule(topic, topic.topic, teacher)
          : null,
      // Each student's reason, as their own schedule gives it (a teacher's block holds many students).
      amendments: (amendmentsAt.get(k) ?? []).map((row) => ({
        ...presentAmendment(row),
        reason: blockReason(undefined, [row], []),
      })),
      appointments: (appointmentsAt.get(k) ?? []).map((row) => ({
        ...presentAppointment(row),
        reason: blockReason(undefined, [], [row]),
      })),
      logs: (logsAt.get(k) ?? []).map((log) => presentLog(log, clock)),
      planned: (plansAt.get(k) ?? []).map((plan) => ({
        ...presentPlan(plan, plan.student, teacher),
        reason: blockReason({ ...plan, staff: teacher }, [], []),
      })),
    };
  });
  return { ...navigation(context.week, context.calendar), schedule };
}
