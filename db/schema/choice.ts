import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, unique, varchar, boolean } from "drizzle-orm/pg-core";
import { instant } from "./columns";
import { staff, students, users } from "./people";
import { blocks } from "./timetable";

/**
 * Choice the way schools run flex time (lib/choice): waitlists, standing choices, recurring requests
 * and per-day deadlines. The priority ladder that decides which of them holds a student's block is
 * lib/core/choice/ladder.ts.
 */
const day = (name: string) => date(name, { mode: "string" });

/**
 * A student waiting for a seat with a full teacher on one Focus Block. Arrival order is the id (a
 * serial, so the order of the inserts that committed). `offered_until`: in waitlist-mode "offer", the
 * seat held for this student until then (null while they only wait).
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: serial("id").primaryKey(),
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    block_id: integer("block_id")
      .notNull()
      .references(() => blocks.id, { onDelete: "cascade" }),
    date: day("date").notNull(),
    /** Who put them on it: the student themselves, or a staff member. */
    added_by: integer("added_by").references(() => users.id, { onDelete: "set null" }),
    offered_until: instant("offered_until"),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("waitlist_entries_unique").on(t.student_id, t.staff_id, t.block_id, t.date),
    index("waitlist_entries_queue_idx").on(t.staff_id, t.block_id, t.date, t.id),
    index("waitlist_entries_student_idx").on(t.student_id, t.date),
    index("waitlist_entries_offer_idx").on(t.offered_until),
  ],
);

/**
 * "Every Day 2 with Ms. Ruiz" (a day type of a rotation) or "every Tuesday" (weekday 0 = Sunday … 6),
 * from a date until a date (the end of the term it starts in when the student gave none).
 */
export const standingChoices = pgTable(
  "standing_choices",
  {
    id: serial("id").primaryKey(),
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    day_type: text("day_type"),
    weekday: smallint("weekday"),
    from: day("from").notNull(),
    until: day("until").notNull(),
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("standing_choices_one_pattern", sql`(${t.day_type} is null) <> (${t.weekday} is null)`),
    check("standing_choices_weekday", sql`${t.weekday} is null or ${t.weekday} between 0 and 6`),
    check("standing_choices_range", sql`${t.from} <= ${t.until}`),
    index("standing_choices_student_idx").on(t.student_id),
    index("standing_choices_until_idx").on(t.until),
  ],
);

/**
 * What a standing choice did on one Focus Block, once (the row is the fence: a block is never
 * materialised twice): "planned", or why not ("held", "unavailable", "full", "waitlisted", "closed").
 */
export const standingChoiceOutcomes = pgTable(
  "standing_choice_outcomes",
  {
    standing_choice_id: integer("standing_choice_id")
      .notNull()
      .references(() => standingChoices.id, { onDelete: "cascade" }),
    date: day("date").notNull(),
    block_id: integer("block_id")
      .notNull()
      .references(() => blocks.id, { onDelete: "cascade" }),
    outcome: text("outcome").notNull(),
    /** The sentence the student was told (the rule that refused it). */
    detail: text("detail").notNull().default(""),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.standing_choice_id, t.date, t.block_id] }), index("standing_choice_outcomes_date_idx").on(t.date)],
);

/**
 * A teacher's recurring request: one appointment over a pattern (a day type or a weekday, a date
 * range) on one flex block for one or many students. Its occurrences are ordinary appointments
 * (appointments.series_id); the ones that could not be booked are kept with the reason.
 */
export const appointmentSeries = pgTable(
  "appointment_series",
  {
    id: serial("id").primaryKey(),
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    block_id: integer("block_id")
      .notNull()
      .references(() => blocks.id, { onDelete: "cascade" }),
    day_type: text("day_type"),
    weekday: smallint("weekday"),
    from: day("from").notNull(),
    until: day("until").notNull(),
    memo: varchar("memo", { length: 150 }).notNull().default(""),
    /** Locked: the student may not choose instead (false: "unlocked", the student may still choose). */
    locked: boolean("locked").notNull().default(true),
    student_ids: integer("student_ids").array().notNull(),
    /** Occurrences that could not be booked: [{ student_id, date, reason }]. */
    skipped: jsonb("skipped").$type<{ student_id: number; date: string; reason: string }[]>().notNull().default([]),
    cancelled_at: instant("cancelled_at"),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("appointment_series_one_pattern", sql`(${t.day_type} is null) <> (${t.weekday} is null)`),
    check("appointment_series_range", sql`${t.from} <= ${t.until}`),
    index("appointment_series_staff_idx").on(t.staff_id),
  ],
);

/**
 * A day's own deadlines, overriding the school's `choice-deadline` and `request-deadline` settings
 * (same form as placement_cutoff: "08:00" on the day, "2h" before the block; null: the setting).
 */
export const dayDeadlines = pgTable("day_deadlines", {
  date: day("date").primaryKey(),
  choice_deadline: text("choice_deadline"),
  request_deadline: text("request_deadline"),
  updated_at: instant("updated_at").notNull().defaultNow(),
});

/** Who may join a topic: grades, clusters or sections (any match admits); no row: everyone. */
export interface TopicAudience {
  grades: number[];
  cluster_ids: number[];
  section_ids: number[];
}

/** How a plan came about (db/schema/scheduling.ts planSource). */
export type PlanSource = "chosen" | "placed" | "standing" | "waitlist";
