import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { calendarSettings, lockCalendar } from "@/db/queries/calendar";
import {
  bellScheduleNames,
  eventsBetween,
  occurrencesBetween,
  overrideOn,
  overridesBetween,
  schoolDayOn,
  schoolDaysBetween,
  timetableInForce,
  writeOverride,
} from "@/db/queries/calendar-admin";
import { dayDeadlinesBetween, writeDayDeadlines } from "@/db/queries/deadlines";
import { invalid } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { addDays, dayLabel, schoolToday, type SchoolDate } from "@/lib/core/time";
import { firstRewritableDate, regenerateSchoolDays } from "./regenerate.server";
import { inTransaction } from "./rehearsal.server";
import type { SchoolDayBody } from "./schemas";
import type { SavedSchoolDay, SchoolDays, SchoolDayView } from "./answers";

/**
 * GET /api/school-days and PUT /api/school-days/{date} (docs/design/calendar.md#school-days-and-block-occurrences): each date's day type, bell
 * schedule, blocks and events as the materialised calendar has them, and the overrides administrators
 * set by hand. Also the helpers the other calendar services share (the school's calendar settings, and
 * the rule that dates attendance rests on are never rewritten).
 */

export interface CalendarContext {
  timezone: string;
  /** The school year's first and last dates ("" when the setting is empty). */
  yearStart: SchoolDate;
  yearEnd: SchoolDate;
  attendanceFrom: SchoolDate;
  today: SchoolDate;
}

/** The school's calendar settings, in one statement. */
export async function calendarContext(db: Db, now: Date): Promise<CalendarContext> {
  const values = await calendarSettings(db);
  const timezone = values.get("timezone") || "UTC";
  return {
    timezone,
    yearStart: (values.get("start_datetime") ?? "").slice(0, 10),
    yearEnd: (values.get("end_datetime") ?? "").slice(0, 10),
    attendanceFrom: (values.get("attendance_from") ?? "").slice(0, 10),
    today: schoolToday(timezone, now),
  };
}

/** `Nov 28, 2026`. */
export const displayDate = (date: SchoolDate) => dayLabel(date, "").full_date;

/** The earliest date a change may touch, or null when attendance was never taken (any date may change). */
export async function earliestChange(db: Db, now: Date, timezone: string): Promise<SchoolDate | null> {
  const first = await firstRewritableDate(db, now, timezone);
  return first === "0001-01-01" ? null : first;
}

/** The sentence a refused change to a date attendance rests on says, naming the earliest date allowed. */
export function attendanceTakenMessage(earliest: SchoolDate, what: "timetable" | "day" | "event") {
  const when = displayDate(earliest);
  const allowed = {
    timetable: `A new timetable can take effect from ${when} at the earliest.`,
    day: `Days can be changed from ${when} on.`,
    event: `Days without school can be added or removed from ${when} on.`,
  }[what];
  return `Attendance has been taken on or after this date. ${allowed}`;
}

const hhmm = (time: string) => time.slice(0, 5);

export type { SchoolDayView };

/**
 * Every date from `from` to `to` (inclusive), in six statements whatever the range: the settings, then
 * the school days, their block occurrences, the events, the overrides and the days' own deadlines. A date outside the school
 * year (or without a generated row) is not in session and has no blocks.
 */
export async function getSchoolDays(db: Db, from: SchoolDate, to: SchoolDate, now: Date): Promise<SchoolDays> {
  const context = await calendarContext(db, now);
  const [days, occurrences, events, overrides, deadlines] = await Promise.all([
    schoolDaysBetween(db, from, to),
    occurrencesBetween(db, from, to),
    eventsBetween(db, from, to),
    overridesBetween(db, from, to),
    dayDeadlinesBetween(db, from, to),
  ]);
  const deadlinesOf = new Map(deadlines.map((d) => [d.date, d]));
  const dayOf = new Map(days.map((day) => [day.date, day]));
  const blocksOf = groupBy(occurrences, (o) => o.date);
  const eventsOf = groupBy(events, (e) => e.date);
  const overrideOf = new Map(overrides.map((o) => [o.date, o]));
  const inYear = (date: SchoolDate) =>
    Boolean(context.yearStart && context.yearEnd) && date >= context.yearStart && date <= context.yearEnd;
  const out: SchoolDayView[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const day = inYear(date) ? dayOf.get(date) : undefined;
    const override = overrideOf.get(date);
    out.push({
      date,
      in_session: day?.in_session ?? false,
      day_type: day?.day_type ?? null,
      bell_schedule: day?.bell_schedule ?? null,
      blocks: day
        ? (blocksOf.get(date) ?? []).map((o) => ({ id: o.id, label: o.label, flex: o.flex, start: hhmm(o.start), end: hhmm(o.end) }))
        : [],
      events: (eventsOf.get(date) ?? []).map((e) => ({ id: e.id, name: e.name, no_blocks: e.no_blocks })),
      override: override ? { day_type: override.day_type, bell_schedule: override.bell_schedule } : null,
      // Only on a date with its own deadlines (an addition to the answer; absent otherwise).
      ...(deadlinesOf.has(date)
        ? { deadlines: { choice_deadline: deadlinesOf.get(date)!.choice_deadline, request_deadline: deadlinesOf.get(date)!.request_deadline } }
        : {}),
    });
  }
  return { from, to, days: out };
}

function groupBy<T>(rows: T[], key: (row: T) => string) {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/**
 * PUT /api/school-days/{date}: sets (or with null clears) the date's day type — the rotation continues
 * from it — and/or its alternate bell schedule (which never moves the rotation), then regenerates from
 * that date in the same transaction. Refused (422) outside the school year, on a date without school,
 * before the first date attendance does not rest on, and for a day type or bell schedule the timetable
 * in force does not have. Answers the day and `day_type_changes`, the dates whose day type moved;
 * `dry_run: true` answers only those, writing nothing (the screen shows them before saving).
 */
export async function setSchoolDay(db: Db, principal: Principal, date: SchoolDate, body: SchoolDayBody, now: Date): Promise<SavedSchoolDay> {
  const dryRun = body.dry_run === true;
  const changes = await inTransaction(db, dryRun, async (tx) => {
    await lockCalendar(tx);
    const context = await calendarContext(tx, now);
    if (!context.yearStart || !context.yearEnd || date < context.yearStart || date > context.yearEnd) {
      throw invalid(
        { date: [`${displayDate(date)} is outside the school year.`] },
        `${displayDate(date)} is outside the school year.`,
      );
    }
    const earliest = await earliestChange(tx, now, context.timezone);
    if (earliest && date < earliest) {
      const message = attendanceTakenMessage(earliest, "day");
      throw invalid({ date: [message] }, message);
    }
    const [day, current, version] = await Promise.all([schoolDayOn(tx, date), overrideOn(tx, date), timetableInForce(tx, date)]);
    const errors: Record<string, string[]> = {};
    const setting = (body.day_type ?? null) !== null || (body.bell_schedule ?? null) !== null;
    if (setting && !day?.in_session) errors.date = [`There is no school on ${displayDate(date)}.`];
    let dayType = current?.day_type ?? null;
    if (body.day_type !== undefined) {
      dayType = body.day_type;
      if (dayType !== null) {
        const known = version?.day_types.find((name) => name.toLowerCase() === dayType!.toLowerCase());
        if (!known) {
          errors.day_type = [
            version
              ? `"${dayType}" is not a day type of the timetable in force (${version.day_types.join(", ")}).`
              : "No timetable is in force on this date.",
          ];
        } else dayType = known;
      }
    }
    let bellSchedule = current?.bell_schedule ?? null;
    if (body.bell_schedule !== undefined) {
      bellSchedule = body.bell_schedule;
      if (bellSchedule !== null) {
        const names = version ? await bellScheduleNames(tx, version.id) : [];
        const known = names.find((name) => name.toLowerCase() === bellSchedule!.toLowerCase());
        if (!known) {
          errors.bell_schedule = [
            names.length
              ? `"${bellSchedule}" is not a bell schedule of the timetable in force (${names.join(", ")}).`
              : `"${bellSchedule}" is not a bell schedule: the timetable in force has no alternate bell schedules.`,
          ];
        } else bellSchedule = known;
      }
    }
    const settingDeadline = (body.choice_deadline ?? null) !== null || (body.request_deadline ?? null) !== null;
    if (settingDeadline && !day?.in_session) errors.date = [`There is no school on ${displayDate(date)}.`];
    if (Object.keys(errors).length) throw invalid(errors, Object.values(errors)[0]![0]);
    let deadlines: { choice_deadline: string | null; request_deadline: string | null } | null = null;
    if (body.choice_deadline !== undefined || body.request_deadline !== undefined) {
      const [own] = await dayDeadlinesBetween(tx, date, date);
      deadlines = {
        choice_deadline: body.choice_deadline !== undefined ? body.choice_deadline : (own?.choice_deadline ?? null),
        request_deadline: body.request_deadline !== undefined ? body.request_deadline : (own?.request_deadline ?? null),
      };
      await writeDayDeadlines(tx, date, deadlines, now);
    }
    await writeOverride(tx, date, { day_type: dayType, bell_schedule: bellSchedule }, now);
    const { dayTypeChanges } = await regenerateSchoolDays(tx, now, date);
    if (dryRun) return dayTypeChanges;
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "school_day.update",
      details: { date, day_type: dayType, bell_schedule: bellSchedule, day_type_changes: dayTypeChanges.length, ...(deadlines ?? {}) },
      created_at: now,
    });
    return dayTypeChanges;
  });
  if (dryRun) return { dry_run: true as const, date, day_type_changes: changes };
  const { days } = await getSchoolDays(db, date, date, now);
  return { ...days[0]!, day_type_changes: changes };
}
