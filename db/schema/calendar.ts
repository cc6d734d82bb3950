import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, time, unique } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { blocks } from "./timetable";

/**
 * The school calendar (docs/design/calendar.md): which blocks meet on date D, and when. Timetable versions and
 * overrides are what administrators write; school_days and block_occurrences are generated from them
 * (lib/calendar/generate.ts) and are what every feature reads.
 */

/**
 * A timetable in force from `effective_from` until the next one. Its cycle is weekly (day types are
 * English weekday names) or a rotation of named day types that advances one per day in session.
 */
export const timetables = pgTable(
  "timetables",
  {
    id: serial("id").primaryKey(),
    effective_from: date("effective_from", { mode: "string" }).notNull().unique(),
    cycle_kind: text("cycle_kind", { enum: ["weekly", "rotation"] }).notNull(),
    day_types: jsonb("day_types").$type<string[]>().notNull(),
    /** A rotation's day type on its first day in session (the first of day_types when null). */
    first_day_type: text("first_day_type"),
    ...timestamps,
  },
  (t) => [check("timetables_cycle_kind", sql`${t.cycle_kind} in ('weekly', 'rotation')`)],
);

/** When a block meets on a day type under one timetable (the regular bell schedule). */
export const timetableMeetings = pgTable(
  "timetable_meetings",
  {
    id: serial("id").primaryKey(),
    timetable_id: integer("timetable_id")
      .notNull()
      .references(() => timetables.id, { onDelete: "cascade" }),
    block_id: integer("block_id")
      .notNull()
      .references(() => blocks.id),
    day_type: text("day_type").notNull(),
    start: time("start").notNull(),
    end: time("end").notNull(),
  },
  (t) => [
    unique("timetable_meetings_unique").on(t.timetable_id, t.day_type, t.block_id),
    check("timetable_meetings_order", sql`${t.start} < ${t.end}`),
  ],
);

/**
 * An alternate bell schedule (late start, assembly, exams) of a timetable. On a date given it, the day
 * type's blocks that it lists meet at its times; the ones it leaves out do not meet.
 */
export const bellSchedules = pgTable(
  "bell_schedules",
  {
    id: serial("id").primaryKey(),
    timetable_id: integer("timetable_id")
      .notNull()
      .references(() => timetables.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
  },
  (t) => [unique("bell_schedules_name_unique").on(t.timetable_id, t.name)],
);

export const bellScheduleMeetings = pgTable(
  "bell_schedule_meetings",
  {
    bell_schedule_id: integer("bell_schedule_id")
      .notNull()
      .references(() => bellSchedules.id, { onDelete: "cascade" }),
    block_id: integer("block_id")
      .notNull()
      .references(() => blocks.id),
    start: time("start").notNull(),
    end: time("end").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bell_schedule_id, t.block_id] }),
    check("bell_schedule_meetings_order", sql`${t.start} < ${t.end}`),
  ],
);

/** A date an administrator set by hand: its day type (the rotation continues from it) or its bell schedule. */
export const schoolDayOverrides = pgTable("school_day_overrides", {
  date: date("date", { mode: "string" }).primaryKey(),
  day_type: text("day_type"),
  /** The name of an alternate bell schedule of the timetable in force. */
  bell_schedule: text("bell_schedule"),
  ...timestamps,
});

/** One generated row per date of the school year. Past rows are never rewritten once attendance was taken. */
export const schoolDays = pgTable("school_days", {
  date: date("date", { mode: "string" }).primaryKey(),
  in_session: boolean("in_session").notNull(),
  day_type: text("day_type"),
  /** Null on the regular bell schedule. */
  bell_schedule: text("bell_schedule"),
});

/** The blocks that meet on each school day, and when: what "what meets on date D" reads. */
export const blockOccurrences = pgTable(
  "block_occurrences",
  {
    date: date("date", { mode: "string" })
      .notNull()
      .references(() => schoolDays.date, { onDelete: "cascade" }),
    block_id: integer("block_id")
      .notNull()
      .references(() => blocks.id),
    start: time("start").notNull(),
    end: time("end").notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.block_id] }), index("block_occurrences_block_date_idx").on(t.block_id, t.date)],
);

/** Terms of the school year (semesters, quarters). */
export const terms = pgTable(
  "terms",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    start: date("start", { mode: "string" }).notNull(),
    end: date("end", { mode: "string" }).notNull(),
    /** The school information system's academicSession sourcedId, when the term came from it. */
    sourced_id: text("sourced_id").unique(),
    ...timestamps,
  },
  (t) => [check("terms_order", sql`${t.start} <= ${t.end}`)],
);
