import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  unique,
  uuid,
  varchar,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { appointmentSeries, standingChoices, type PlanSource, type TopicAudience } from "./choice";
import { instant, timestamps } from "./columns";
import { staff, students, users } from "./people";
import { placementRuns } from "./placement";
import { blocks, calendarEvents } from "./timetable";

const day = (name: string) => date(name, { mode: "string" });

/** A teacher's reusable offer for flex blocks; unavailable = "not taking students". */
export const topics = pgTable(
  "topics",
  {
    id: serial("id").primaryKey(),
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    memo: varchar("memo", { length: 255 }).notNull().default(""),
    color: text("color").notNull(),
    unavailable: boolean("unavailable").notNull().default(false),
    /** Seats below the teacher's capacity for the blocks this topic is on (null: the capacity). */
    seat_cap: integer("seat_cap"),
    /** Who may join (null: everyone): lib/choice/audience.ts. */
    open_to: jsonb("open_to").$type<TopicAudience>(),
    /** Soft delete: past schedules keep pointing at the topic. */
    deleted: boolean("deleted").notNull().default(false),
    ...timestamps,
  },
  (t) => [index("topics_staff_idx").on(t.staff_id)],
);

/** One topic on one flex block on one date; one per teacher per block and date. */
export const topicSchedules = pgTable(
  "topic_schedules",
  {
    id: serial("id").primaryKey(),
    topic_id: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    /** The topic's owner, kept here so the database enforces one topic per teacher per block and date. */
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    block_id: integer("block_id")
      .notNull()
      .references(() => blocks.id, { onDelete: "cascade" }),
    date: day("date").notNull(),
    ...timestamps,
  },
  (t) => [
    unique("topic_schedules_staff_block_date_unique").on(t.staff_id, t.block_id, t.date),
    index("topic_schedules_block_date_idx").on(t.block_id, t.date),
  ],
);

/** How a plan came about: the student chose, or default placement gave them their default teacher. */
/**
 * chosen: by the student's hand; placed: default placement; standing: the student's standing choice;
 * waitlist: a seat freed for them from the waitlist (lib/core/choice/ladder.ts ranks them).
 */
export const planSource = pgEnum("plan_source", ["chosen", "placed", "standing", "waitlist"]);

/** A student's chosen teacher for a flex block on a date. */
export const plans = pgTable(
  "plans",
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
    source: planSource("source").notNull().default("chosen"),
    /** The placement run that made it (source "placed"); null for a student's own choice. */
    placement_run_id: integer("placement_run_id").references(() => placementRuns.id, { onDelete: "set null" }),
    /** The standing choice that made it (source "standing"). */
    standing_choice_id: integer("standing_choice_id").references((): AnyPgColumn => standingChoices.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    unique("plans_student_block_date_unique").on(t.student_id, t.block_id, t.date),
    index("plans_student_date_idx").on(t.student_id, t.date),
    index("plans_staff_date_idx").on(t.staff_id, t.date),
    index("plans_block_date_idx").on(t.block_id, t.date),
  ],
);

/**
 * Plans a day's closure cancelled (a calendar event with no_blocks: a snow day, a Pro-D day added late),
 * kept with the event that closed it: they count for nothing while the day is closed, and come back as
 * they were if the event is deleted before the day (lib/calendar/closures.server.ts).
 */
export const closedDayPlans = pgTable(
  "closed_day_plans",
  {
    id: serial("id").primaryKey(),
    event_id: integer("event_id")
      .notNull()
      .references(() => calendarEvents.id, { onDelete: "cascade" }),
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
    source: planSource("source").notNull(),
    placement_run_id: integer("placement_run_id").references(() => placementRuns.id, { onDelete: "set null" }),
    /** The plan's own times, given back with it (the reason's "when"). */
    created_at: instant("created_at").notNull(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [index("closed_day_plans_event_idx").on(t.event_id), index("closed_day_plans_date_idx").on(t.date)],
);

export const scheduleType = pgEnum("schedule_type", ["appointment", "amendment"]);

/** What a Power Scheduler run did, counted when it ran (lib/scheduler). */
export interface PowerScheduleSummary {
  dates: number;
  slots: number;
  created: number;
  students: number;
  skipped_limit: number;
  skipped_checked_in: number;
  plans_cleared: number;
  appointment_limit: number;
}

export interface ClearedPlan {
  student_id: number;
  staff_id: number;
  block_id: number;
  date: string;
  /** Chosen by the student or placed by default (absent in batches run before it was kept: chosen). */
  source?: PlanSource;
  placement_run_id?: number | null;
  /** When the student chose (the reason's "when"), so Undo gives that back too. */
  updated_at?: string;
}

/** A Power Scheduler run: the header of a batch of appointments or amendments. */
export const powerSchedules = pgTable(
  "power_schedules",
  {
    id: serial("id").primaryKey(),
    /** Who ran it (a staff member or a sysadmin). */
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    staff_id: integer("staff_id").references(() => staff.id, { onDelete: "set null" }),
    type: scheduleType("type").notNull(),
    student_type: text("student_type").notNull(),
    /** The first date; end_date the last (null: that one date). */
    date: day("date").notNull(),
    end_date: day("end_date"),
    /** 0 = Sunday … 6 = Saturday; null: every day the blocks meet. */
    weekdays: smallint("weekdays").array(),
    /** The chosen flex blocks; null: every flex block meeting on each date. */
    block_ids: integer("block_ids").array(),
    memo: text("memo").notNull(),
    student_count: integer("student_count").notNull().default(0),
    summary: jsonb("summary").$type<PowerScheduleSummary>(),
    /**
     * The plans the batch cleared (as clear_schedule does), so that Undo can give them back. One jsonb
     * value rather than a row per plan: a batch for a whole school clears ~20,000 plans, and rows with
     * foreign keys cost a check each, which took a third of the run.
     */
    cleared_plans: jsonb("cleared_plans").$type<ClearedPlan[]>(),
    created_at: instant("created_at").notNull().defaultNow(),
    undone_at: instant("undone_at"),
    undone_by: integer("undone_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("power_schedules_created_idx").on(t.created_at)],
);

/**
 * Every block occurrence a batch covers, with the instant it ends: undo is allowed while all are
 * pending, and the students_join_all_batches trigger books students added later into the pending ones.
 */
export const powerScheduleSlots = pgTable(
  "power_schedule_slots",
  {
    id: serial("id").primaryKey(),
    power_schedule_id: integer("power_schedule_id")
      .notNull()
      .references(() => powerSchedules.id, { onDelete: "cascade" }),
    block_id: integer("block_id")
      .notNull()
      .references(() => blocks.id, { onDelete: "cascade" }),
    date: day("date").notNull(),
    ends_at: instant("ends_at").notNull(),
  },
  (t) => [
    unique("power_schedule_slots_unique").on(t.power_schedule_id, t.block_id, t.date),
    index("power_schedule_slots_ends_idx").on(t.ends_at),
  ],
);

/** Staff-booked: the student must come to this staff member for this block on this date. */
export const appointments = pgTable(
  "appointments",
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
    memo: varchar("memo", { length: 150 }).notNull().default(""),
    power_schedule_id: integer("power_schedule_id").references(() => powerSchedules.id, {
      onDelete: "set null",
    }),
    /** Locked (default): the student cannot choose instead; unlocked: the student may still choose. */
    locked: boolean("locked").notNull().default(true),
    /** The recurring request it is an occurrence of. */
    series_id: integer("series_id").references((): AnyPgColumn => appointmentSeries.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("appointments_series_idx").on(t.series_id),
    index("appointments_student_date_idx").on(t.student_id, t.date),
    index("appointments_staff_date_idx").on(t.staff_id, t.date),
    index("appointments_block_date_idx").on(t.block_id, t.date),
    index("appointments_power_schedule_idx").on(t.power_schedule_id),
  ],
);

/** Voids or excuses a block ("Block Amended"). A null student applies to every student. */
export const amendments = pgTable(
  "amendments",
  {
    id: serial("id").primaryKey(),
    student_id: integer("student_id").references(() => students.id, { onDelete: "cascade" }),
    staff_id: integer("staff_id").references(() => staff.id, { onDelete: "set null" }),
    block_id: integer("block_id")
      .notNull()
      .references(() => blocks.id, { onDelete: "cascade" }),
    date: day("date").notNull(),
    memo: text("memo").notNull(),
    power_schedule_id: integer("power_schedule_id").references(() => powerSchedules.id, {
      onDelete: "set null",
    }),
    ...timestamps,
  },
  (t) => [
    check("amendments_memo_not_empty", sql`length(trim(${t.memo})) > 0`),
    index("amendments_student_date_idx").on(t.student_id, t.date),
    index("amendments_staff_date_idx").on(t.staff_id, t.date),
    index("amendments_block_date_idx").on(t.block_id, t.date),
    index("amendments_power_schedule_idx").on(t.power_schedule_id),
  ],
);

export const checkInMethod = pgEnum("check_in_method", [
  "manual",
  "air",
  "roll-call",
  "retroactive",
  "proactive",
]);

/** The attendance ledger: one row per student, block and date. */
export const checkIns = pgTable(
  "check_ins",
  {
    id: serial("id").primaryKey(),
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    block_id: integer("block_id")
      .notNull()
      .references(() => blocks.id, { onDelete: "cascade" }),
    date: day("date").notNull(),
    /** Who checked the student in (null when a sysadmin did). */
    staff_id: integer("staff_id").references(() => staff.id, { onDelete: "set null" }),
    checked_in_by: integer("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    topic_id: integer("topic_id").references(() => topics.id, { onDelete: "set null" }),
    method: checkInMethod("method").notNull().default("manual"),
    /** The moment the entry was captured (the chip's timestamp). */
    checked_in_at: instant("checked_in_at").notNull(),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("check_ins_student_block_date_unique").on(t.student_id, t.block_id, t.date),
    index("check_ins_student_date_idx").on(t.student_id, t.date),
    index("check_ins_staff_date_idx").on(t.staff_id, t.date),
    index("check_ins_block_date_idx").on(t.block_id, t.date),
    // Has this teacher seen this student in the term (the dashboard's "not seen by their own teachers"): a probe per
    // enrolment, answered from the index alone (the block tells a flex block's check-in).
    index("check_ins_student_staff_date_idx").on(t.student_id, t.staff_id, t.date, t.block_id),
  ],
);

/**
 * One POST /api/check-in by its client-generated id (`submission_id`, a UUID): the offline queue
 * retries until it hears back, so a repeated id answers the stored original result instead of
 * recording again. The row is claimed first in the check-in's transaction; a concurrent duplicate
 * waits on the primary key and then reads the answer.
 */
export const checkInSubmissions = pgTable("check_in_submissions", {
  id: uuid("id").primaryKey(),
  user_id: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  response: jsonb("response").$type<Record<string, unknown>>(),
  created_at: instant("created_at").notNull().defaultNow(),
});

/**
 * Students a teacher scanned who were already checked in to that block by someone else: shown in
 * that teacher's Checked In list as "checked in elsewhere" (the ledger keeps one row per student).
 */
export const checkInElsewhereScans = pgTable(
  "check_in_elsewhere_scans",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    block_id: integer("block_id")
      .notNull()
      .references(() => blocks.id, { onDelete: "cascade" }),
    date: day("date").notNull(),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [unique("check_in_elsewhere_scans_unique").on(t.user_id, t.block_id, t.date, t.student_id)],
);
