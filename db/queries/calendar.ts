import "server-only";
import { and, asc, gte, inArray, lt, max, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  bellScheduleMeetings,
  bellSchedules,
  blockOccurrences,
  calendarEvents,
  checkIns,
  schoolDayOverrides,
  schoolDays,
  settings,
  timetableMeetings,
  timetables,
} from "../schema";

/** Reads and writes of the school calendar's tables (rules: lib/calendar). */

/** One advisory-lock key for every regeneration, so two changes never interleave their rows. */
const REGENERATION_LOCK = 0x5c400d;

export async function lockCalendar(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(${REGENERATION_LOCK})`);
}

/** The same key shared: a write that must not meet a calendar change half-way (a standing choice's plan) waits for it. */
export async function lockCalendarShared(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock_shared(${REGENERATION_LOCK})`);
}

export async function calendarSettings(db: Db) {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, ["timezone", "start_datetime", "end_datetime", "include_days", "attendance_from"]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function listTimetables(db: Db) {
  return db.select().from(timetables).orderBy(asc(timetables.effective_from));
}

export async function listTimetableMeetings(db: Db) {
  return db
    .select({
      timetable_id: timetableMeetings.timetable_id,
      block_id: timetableMeetings.block_id,
      day_type: timetableMeetings.day_type,
      start: timetableMeetings.start,
      end: timetableMeetings.end,
    })
    .from(timetableMeetings)
    .orderBy(asc(timetableMeetings.start), asc(timetableMeetings.block_id));
}

export async function listBellScheduleMeetings(db: Db) {
  return db
    .select({
      id: bellSchedules.id,
      timetable_id: bellSchedules.timetable_id,
      name: bellSchedules.name,
      block_id: bellScheduleMeetings.block_id,
      start: bellScheduleMeetings.start,
      end: bellScheduleMeetings.end,
    })
    .from(bellSchedules)
    .leftJoin(bellScheduleMeetings, sql`${bellScheduleMeetings.bell_schedule_id} = ${bellSchedules.id}`)
    .orderBy(asc(bellSchedules.id), asc(bellScheduleMeetings.start));
}

export async function listNoBlockDates(db: Db) {
  const rows = await db
    .selectDistinct({ date: calendarEvents.date })
    .from(calendarEvents)
    .where(sql`${calendarEvents.no_blocks}`);
  return rows.map((row) => row.date);
}

export async function listOverrides(db: Db) {
  return db.select().from(schoolDayOverrides);
}

/** Every generated school day (one row per date of the year: a few hundred). */
export async function listSchoolDays(db: Db) {
  return db
    .select({ date: schoolDays.date, in_session: schoolDays.in_session, day_type: schoolDays.day_type, bell_schedule: schoolDays.bell_schedule })
    .from(schoolDays);
}

/** The latest date before `today` with a check-in (attendance was taken), or null. */
export async function lastPastCheckInDate(db: Db, today: string): Promise<string | null> {
  const [row] = await db
    .select({ date: max(checkIns.date) })
    .from(checkIns)
    .where(lt(checkIns.date, today));
  return row?.date ?? null;
}

/** Replaces every generated row from `from` on with the given rows (past rows before it stay). */
export async function replaceSchoolDaysFrom(
  db: Db,
  from: string,
  days: { date: string; in_session: boolean; day_type: string | null; bell_schedule: string | null }[],
  occurrences: { date: string; block_id: number; start: string; end: string }[],
) {
  await db.delete(schoolDays).where(gte(schoolDays.date, from));
  for (let i = 0; i < days.length; i += 5000)
    await db.insert(schoolDays).values(days.slice(i, i + 5000)).onConflictDoNothing();
  for (let i = 0; i < occurrences.length; i += 10000)
    await db.insert(blockOccurrences).values(occurrences.slice(i, i + 10000)).onConflictDoNothing();
}

export async function countSchoolDays(db: Db, from: string, to: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schoolDays)
    .where(and(gte(schoolDays.date, from), sql`${schoolDays.date} <= ${to}`));
  return row?.count ?? 0;
}
