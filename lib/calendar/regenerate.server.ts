import "server-only";
import type { DayTypeChange } from "./answers";
import type { Db } from "@/db";
import {
  calendarSettings,
  lastPastCheckInDate,
  listBellScheduleMeetings,
  listNoBlockDates,
  listOverrides,
  listTimetableMeetings,
  listTimetables,
  listSchoolDays,
  lockCalendar,
  replaceSchoolDaysFrom,
} from "@/db/queries/calendar";
import { addDays, schoolToday, type SchoolDate } from "@/lib/core/time";
import { generateSchoolDays, includedWeekdays, type Meeting, type SchoolDayRow, type TimetableVersion } from "./generate";

/**
 * Writes the materialised school calendar (docs/design/calendar.md#school-days-and-block-occurrences) inside the caller's transaction, after any
 * change to the timetable, the calendar events, the overrides or the school year. Dates on which
 * attendance may already rest are never rewritten: see firstRewritableDate.
 */

const HH_MM_SS = (time: string) => (time.length === 5 ? `${time}:00` : time);

/**
 * The first date whose generated rows may change: today, or an earlier date when no check-in has been
 * recorded since (a school setting up its year after it began rewrites freely until attendance is taken).
 */
export async function firstRewritableDate(db: Db, now: Date, timezone: string): Promise<SchoolDate> {
  const today = schoolToday(timezone, now);
  const lastCheckIn = await lastPastCheckInDate(db, today);
  return lastCheckIn ? addDays(lastCheckIn, 1) : "0001-01-01";
}

/** Every timetable version with its meetings and alternate bell schedules (sorted by effective date). */
export async function loadTimetableVersions(db: Db): Promise<(TimetableVersion & { id: number })[]> {
  const [versions, meetings, alternates] = await Promise.all([
    listTimetables(db),
    listTimetableMeetings(db),
    listBellScheduleMeetings(db),
  ]);
  return versions.map((version) => {
    const byDayType = new Map<string, Meeting[]>();
    for (const m of meetings) {
      if (m.timetable_id !== version.id) continue;
      const list = byDayType.get(m.day_type) ?? [];
      list.push({ block_id: m.block_id, start: m.start, end: m.end });
      byDayType.set(m.day_type, list);
    }
    const bellSchedules = new Map<string, Meeting[]>();
    for (const row of alternates) {
      if (row.timetable_id !== version.id) continue;
      const list = bellSchedules.get(row.name) ?? [];
      if (row.block_id !== null && row.start && row.end) list.push({ block_id: row.block_id, start: row.start, end: row.end });
      bellSchedules.set(row.name, list);
    }
    return {
      id: version.id,
      effective_from: version.effective_from,
      cycle_kind: version.cycle_kind,
      day_types: version.day_types,
      first_day_type: version.first_day_type,
      meetings: byDayType,
      bell_schedules: bellSchedules,
    };
  });
}

export type { DayTypeChange };

export interface Regeneration {
  /** The first date rewritten. */
  from: SchoolDate;
  days: number;
  occurrences: number;
  /** Every date that had a day type and gets another (or none), in date order. */
  dayTypeChanges: DayTypeChange[];
}

/** The dates `previous` gave a day type that `written` gives another or none (a date without one before is not a change). */
function dayTypeChangesOf(previous: readonly SchoolDayRow[], written: readonly SchoolDayRow[]): DayTypeChange[] {
  const after = new Map(written.map((day) => [day.date, day.in_session ? day.day_type : null]));
  const changes: DayTypeChange[] = [];
  for (const row of previous) {
    const from = row.in_session ? row.day_type : null;
    const to = after.get(row.date) ?? null;
    if (from !== null && from !== to) changes.push({ date: row.date, from, to });
  }
  return changes.sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * Regenerates the school days from `changedFrom` (or the first rewritable date, whichever is later) to
 * the end of the school year, and fills in any missing row before it. Call inside the transaction of
 * the change; it takes the calendar's advisory lock.
 */
export async function regenerateSchoolDays(
  db: Db,
  now: Date,
  changedFrom: SchoolDate | "today" = "0001-01-01",
): Promise<Regeneration> {
  await lockCalendar(db);
  const values = await calendarSettings(db);
  const timezone = values.get("timezone") || "UTC";
  const yearStart = (values.get("start_datetime") ?? "").slice(0, 10);
  const yearEnd = (values.get("end_datetime") ?? "").slice(0, 10);
  const rewritable = await firstRewritableDate(db, now, timezone);
  const changed = changedFrom === "today" ? schoolToday(timezone, now) : changedFrom;
  const from = changed > rewritable ? changed : rewritable;
  if (!yearStart || !yearEnd || yearEnd < yearStart) {
    await replaceSchoolDaysFrom(db, from, [], []);
    return { from, days: 0, occurrences: 0, dayTypeChanges: [] };
  }
  const [timetables, noBlockDates, overrides, existing] = await Promise.all([
    loadTimetableVersions(db),
    listNoBlockDates(db),
    listOverrides(db),
    listSchoolDays(db),
  ]);
  const kept = new Map<SchoolDate, SchoolDayRow>(existing.filter((row) => row.date < from).map((row) => [row.date, row]));
  const generated = generateSchoolDays({
    yearStart,
    yearEnd,
    includeDays: includedWeekdays(values.get("include_days")),
    timetables,
    noBlockDates: new Set(noBlockDates),
    overrides: new Map(overrides.map((o) => [o.date, { day_type: o.day_type, bell_schedule: o.bell_schedule }])),
    kept,
  });
  const written = generated.filter((day) => !kept.has(day.date));
  const occurrences = written.flatMap((day) =>
    day.occurrences.map((m) => ({ date: day.date, block_id: m.block_id, start: HH_MM_SS(m.start), end: HH_MM_SS(m.end) })),
  );
  await replaceSchoolDaysFrom(
    db,
    from,
    written.map(({ date, in_session, day_type, bell_schedule }) => ({ date, in_session, day_type, bell_schedule })),
    occurrences,
  );
  return {
    from,
    days: written.length,
    occurrences: occurrences.length,
    dayTypeChanges: dayTypeChangesOf(
      existing.filter((row) => row.date >= from),
      written,
    ),
  };
}
