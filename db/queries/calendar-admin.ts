import "server-only";
import { and, asc, eq, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { executeRows } from "../execute";
import {
  bellScheduleMeetings,
  bellSchedules,
  blockOccurrences,
  blocks,
  calendarEvents,
  schoolDayOverrides,
  schoolDays,
  terms,
  timetableMeetings,
  timetables,
} from "../schema";
import { byDateAndStart, flexBlocksLabelled, meetings } from "./occurrences";

/**
 * What the calendar administration API reads and writes (lib/calendar/timetable.server.ts, school-days.server.ts,
 * events.server.ts, school-year.server.ts). The generator's own reads are in db/queries/calendar.ts.
 */

const rows = executeRows;

// ---- Timetables ----------------------------------------------------------------------------------

/** The version in force on a date: the latest effective on or before it. */
export async function timetableInForce(db: Db, date: string) {
  const [row] = await db
    .select()
    .from(timetables)
    .where(lte(timetables.effective_from, date))
    .orderBy(sql`${timetables.effective_from} desc`)
    .limit(1);
  return row ?? null;
}

export async function timetableEffectiveDates(db: Db) {
  const rows = await db
    .select({ effective_from: timetables.effective_from })
    .from(timetables)
    .orderBy(asc(timetables.effective_from));
  return rows.map((row) => row.effective_from);
}

/** A timetable's regular meetings with their blocks. */
export async function timetableMeetingsWithBlocks(db: Db, timetableId: number) {
  return db
    .select({
      block_id: blocks.id,
      label: blocks.label,
      flex: blocks.flex,
      day_type: timetableMeetings.day_type,
      start: timetableMeetings.start,
      end: timetableMeetings.end,
    })
    .from(timetableMeetings)
    .innerJoin(blocks, eq(blocks.id, timetableMeetings.block_id))
    .where(eq(timetableMeetings.timetable_id, timetableId))
    .orderBy(asc(timetableMeetings.start), asc(blocks.label));
}

/** A timetable's alternate bell schedules, one row per listed block (or one with nulls for an empty one). */
export async function bellSchedulesWithBlocks(db: Db, timetableId: number) {
  return db
    .select({
      id: bellSchedules.id,
      name: bellSchedules.name,
      label: blocks.label,
      start: bellScheduleMeetings.start,
      end: bellScheduleMeetings.end,
    })
    .from(bellSchedules)
    .leftJoin(bellScheduleMeetings, eq(bellScheduleMeetings.bell_schedule_id, bellSchedules.id))
    .leftJoin(blocks, eq(blocks.id, bellScheduleMeetings.block_id))
    .where(eq(bellSchedules.timetable_id, timetableId))
    .orderBy(asc(bellSchedules.id), asc(bellScheduleMeetings.start));
}

/** Existing blocks with these labels (a block keeps its id while its label and flex stay). */
export async function blocksWithLabels(db: Db, labels: string[]) {
  if (labels.length === 0) return [];
  return db
    .select({ id: blocks.id, label: blocks.label, flex: blocks.flex })
    .from(blocks)
    .where(inArray(blocks.label, labels))
    .orderBy(asc(blocks.id));
}

export async function insertBlocks(db: Db, rows: { label: string; flex: boolean }[]) {
  if (rows.length === 0) return [];
  return db.insert(blocks).values(rows).returning({ id: blocks.id, label: blocks.label, flex: blocks.flex });
}

/** Creates the version effective on that date, or rewrites the one there (its id stays). */
export async function upsertTimetable(
  db: Db,
  values: { effective_from: string; cycle_kind: "weekly" | "rotation"; day_types: string[]; first_day_type: string | null },
  now: Date,
) {
  const [row] = await db
    .insert(timetables)
    .values({ ...values, created_at: now, updated_at: now })
    .onConflictDoUpdate({
      target: timetables.effective_from,
      set: {
        cycle_kind: values.cycle_kind,
        day_types: values.day_types,
        first_day_type: values.first_day_type,
        updated_at: now,
      },
    })
    .returning({ id: timetables.id });
  return row!.id;
}

/** Removes a version's meetings and alternate bell schedules (before writing them anew). */
export async function clearTimetable(db: Db, timetableId: number) {
  await db.delete(timetableMeetings).where(eq(timetableMeetings.timetable_id, timetableId));
  await db.delete(bellSchedules).where(eq(bellSchedules.timetable_id, timetableId));
}

export async function insertTimetableMeetings(
  db: Db,
  rows: { timetable_id: number; block_id: number; day_type: string; start: string; end: string }[],
) {
  if (rows.length === 0) return;
  await db.insert(timetableMeetings).values(rows);
}

export async function insertBellSchedules(db: Db, rows: { timetable_id: number; name: string }[]) {
  if (rows.length === 0) return [];
  return db.insert(bellSchedules).values(rows).returning({ id: bellSchedules.id, name: bellSchedules.name });
}

export async function insertBellScheduleMeetings(
  db: Db,
  rows: { bell_schedule_id: number; block_id: number; start: string; end: string }[],
) {
  if (rows.length === 0) return;
  await db.insert(bellScheduleMeetings).values(rows);
}

// ---- School days -----------------------------------------------------------------------------------

export async function schoolDaysBetween(db: Db, from: string, to: string) {
  return db
    .select({
      date: schoolDays.date,
      in_session: schoolDays.in_session,
      day_type: schoolDays.day_type,
      bell_schedule: schoolDays.bell_schedule,
    })
    .from(schoolDays)
    .where(and(gte(schoolDays.date, from), lte(schoolDays.date, to)));
}

export async function occurrencesBetween(db: Db, from: string, to: string) {
  const meeting = meetings(db, { range: { from, to } });
  return db
    .select({
      date: meeting.date,
      id: meeting.block_id,
      label: meeting.label,
      flex: meeting.flex,
      start: meeting.start,
      end: meeting.end,
    })
    .from(meeting)
    .orderBy(...byDateAndStart(meeting));
}

export async function overridesBetween(db: Db, from: string, to: string) {
  return db
    .select({
      date: schoolDayOverrides.date,
      day_type: schoolDayOverrides.day_type,
      bell_schedule: schoolDayOverrides.bell_schedule,
    })
    .from(schoolDayOverrides)
    .where(and(gte(schoolDayOverrides.date, from), lte(schoolDayOverrides.date, to)));
}

export async function schoolDayOn(db: Db, date: string) {
  const [row] = await schoolDaysBetween(db, date, date);
  return row ?? null;
}

export async function overrideOn(db: Db, date: string) {
  const [row] = await overridesBetween(db, date, date);
  return row ?? null;
}

export async function bellScheduleNames(db: Db, timetableId: number) {
  const rows = await db
    .select({ name: bellSchedules.name })
    .from(bellSchedules)
    .where(eq(bellSchedules.timetable_id, timetableId));
  return rows.map((row) => row.name);
}

/** Sets a date's override; a row with neither a day type nor a bell schedule is removed. */
export async function writeOverride(
  db: Db,
  date: string,
  values: { day_type: string | null; bell_schedule: string | null },
  now: Date,
) {
  if (values.day_type === null && values.bell_schedule === null) {
    await db.delete(schoolDayOverrides).where(eq(schoolDayOverrides.date, date));
    return;
  }
  await db
    .insert(schoolDayOverrides)
    .values({ date, ...values, created_at: now, updated_at: now })
    .onConflictDoUpdate({ target: schoolDayOverrides.date, set: { ...values, updated_at: now } });
}

// ---- Calendar events -------------------------------------------------------------------------------

const eventColumns = {
  id: calendarEvents.id,
  date: calendarEvents.date,
  name: calendarEvents.name,
  no_blocks: calendarEvents.no_blocks,
};

export async function eventsBetween(db: Db, from: string, to: string) {
  return db
    .select(eventColumns)
    .from(calendarEvents)
    .where(and(gte(calendarEvents.date, from), lte(calendarEvents.date, to)))
    .orderBy(asc(calendarEvents.date), asc(calendarEvents.id));
}

export async function eventById(db: Db, id: number) {
  const [row] = await db.select(eventColumns).from(calendarEvents).where(eq(calendarEvents.id, id));
  return row ?? null;
}

export async function insertEvents(db: Db, rows: { date: string; name: string; no_blocks: boolean }[], now: Date) {
  if (rows.length === 0) return [];
  const out = [];
  for (let i = 0; i < rows.length; i += 2000) {
    out.push(
      ...(await db
        .insert(calendarEvents)
        .values(rows.slice(i, i + 2000).map((row) => ({ ...row, created_at: now, updated_at: now })))
        .returning(eventColumns)),
    );
  }
  return out;
}

export async function deleteEvent(db: Db, id: number) {
  const [row] = await db.delete(calendarEvents).where(eq(calendarEvents.id, id)).returning(eventColumns);
  return row ?? null;
}

// ---- School year -----------------------------------------------------------------------------------

export async function listTerms(db: Db) {
  return db
    .select({ id: terms.id, name: terms.name, start: terms.start, end: terms.end })
    .from(terms)
    .orderBy(asc(terms.start), asc(terms.id));
}

/**
 * Makes the terms table exactly these terms: a term keeps its row (and id) while its name stays, new
 * names are inserted, the others removed.
 */
export async function replaceTerms(db: Db, rows: { name: string; start: string; end: string }[], now: Date) {
  const names = rows.map((row) => row.name);
  await db.delete(terms).where(names.length ? notInArray(terms.name, names) : undefined);
  const existing = await db.select({ id: terms.id, name: terms.name }).from(terms);
  const byName = new Map(existing.map((row) => [row.name, row.id]));
  const updates = rows.filter((row) => byName.has(row.name));
  if (updates.length) {
    const values = sql.join(
      updates.map((row) => sql`(${byName.get(row.name)!}::int, ${row.start}::date, ${row.end}::date)`),
      sql`, `,
    );
    await db.execute(
      sql`update ${terms} set start = v.start, "end" = v.end_date, updated_at = ${now.toISOString()}::timestamptz
          from (values ${values}) as v(id, start, end_date) where ${terms.id} = v.id`,
    );
  }
  const inserts = rows.filter((row) => !byName.has(row.name));
  if (inserts.length) await db.insert(terms).values(inserts.map((row) => ({ ...row, created_at: now, updated_at: now })));
}

/**
 * The year at a glance, in one statement: the days in session between two dates, and the Focus Blocks
 * (occurrences of a flex block labelled 'Focus Block') in the year and in each term.
 */
export async function yearCounts(db: Db, start: string, end: string, focusLabel: string) {
  const focus = flexBlocksLabelled(focusLabel);
  const list = await rows<{ kind: string; id: number | null; n: number }>(db, sql`
    select 'days' as kind, null::int as id,
      (select count(*)::int from ${schoolDays}
        where ${schoolDays.in_session} and ${schoolDays.date} between ${start}::date and ${end}::date) as n
    union all
    select 'focus', null::int,
      (select count(*)::int from ${blockOccurrences}
        where ${blockOccurrences.block_id} in ${focus}
          and ${blockOccurrences.date} between ${start}::date and ${end}::date)
    union all
    select 'term', t.id, count(o.block_id)::int
      from ${terms} t
      left join ${blockOccurrences} o
        on o.date between t.start and t."end" and o.date between ${start}::date and ${end}::date
        and o.block_id in ${focus}
      group by t.id`);
  return {
    schoolDays: Number(list.find((r) => r.kind === "days")?.n ?? 0),
    focusBlocks: Number(list.find((r) => r.kind === "focus")?.n ?? 0),
    byTerm: new Map(list.filter((r) => r.kind === "term").map((r) => [Number(r.id), Number(r.n)])),
  };
}
