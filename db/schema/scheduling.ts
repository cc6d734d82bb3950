import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  unique,
  varchar,
} from "drizzle-orm/pg-core";
import { instant, timestamps } from "./columns";
import { staff, students, users } from "./people";
import { blocks } from "./timetable";

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
    ...timestamps,
  },
  (t) => [
    unique("plans_student_block_date_unique").on(t.student_id, t.block_id, t.date),
    index("plans_student_date_idx").on(t.student_id, t.date),
    index("plans_staff_date_idx").on(t.staff_id, t.date),
    index("plans_block_date_idx").on(t.block_id, t.date),
  ],
);

export const scheduleType = pgEnum("schedule_type", ["appointment", "amendment"]);

/** A Power Scheduler run: the header of a batch of appointments or amendments. */
export const powerSchedules = pgTable("power_schedules", {
  id: serial("id").primaryKey(),
  /** Who ran it (a staff member or a sysadmin). */
  created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  staff_id: integer("staff_id").references(() => staff.id, { onDelete: "set null" }),
  type: scheduleType("type").notNull(),
  student_type: text("student_type").notNull(),
  date: day("date").notNull(),
  memo: text("memo").notNull(),
  student_count: integer("student_count").notNull().default(0),
  created_at: instant("created_at").notNull().defaultNow(),
});

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
    ...timestamps,
  },
  (t) => [
    index("appointments_student_date_idx").on(t.student_id, t.date),
    index("appointments_staff_date_idx").on(t.staff_id, t.date),
    index("appointments_block_date_idx").on(t.block_id, t.date),
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
  ],
);

export const checkInMethod = pgEnum("check_in_method", ["manual", "air", "roll-call", "retroactive", "proactive"]);

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
  ],
);
