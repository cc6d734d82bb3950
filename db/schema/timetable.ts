import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { foldedSearchIndex, instant, timestamps } from "./columns";
import { staff, students } from "./people";

/**
 * An abstract period ("Block 1", "Focus Block"). When it meets comes from the timetable in force on a
 * date (db/schema/calendar.ts): the materialised block_occurrences, never a weekday rule.
 */
export const blocks = pgTable("blocks", {
  id: serial("id").primaryKey(),
  label: text("label").notNull(),
  flex: boolean("flex").notNull().default(false),
  ...timestamps,
});

/**
 * Named days on the school calendar ("Pro-D Day"), shown as events in the week schedule. An event with
 * `no_blocks` (a Pro-D day, a holiday) means no block meets that date: no Focus Block to check in to,
 * plan, place or report (lib/calendar/generate.ts).
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: serial("id").primaryKey(),
    date: date("date", { mode: "string" }).notNull(),
    name: text("name").notNull(),
    no_blocks: boolean("no_blocks").notNull().default(false),
    ...timestamps,
  },
  (t) => [index("calendar_events_date_idx").on(t.date)],
);

export const courses = pgTable(
  "courses",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    short_name: text("short_name").notNull().unique(),
    owner_id: integer("owner_id").references(() => staff.id, { onDelete: "set null" }),
    /** The school information system's identifier (OneRoster sourcedId): later imports match on it. */
    sourced_id: text("sourced_id").unique(),
    /** No longer offered; its sections and history stay. */
    archived_at: instant("archived_at"),
    ...timestamps,
  },
  (t) => [foldedSearchIndex("courses_name_search", t.name), foldedSearchIndex("courses_short_name_search", t.short_name)],
);

/** Named groups of students. */
export const clusters = pgTable(
  "clusters",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    public: boolean("public").notNull().default(true),
    hidden: boolean("hidden").notNull().default(false),
    owner_id: integer("owner_id").references(() => staff.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    foldedSearchIndex("clusters_name_search", t.name),
    // One cluster per name, ignoring case (concurrent creates made duplicates without it).
    uniqueIndex("clusters_name_lower_unique").on(sql`lower(${t.name})`),
  ],
);

export const clusterMembers = pgTable(
  "cluster_members",
  {
    cluster_id: integer("cluster_id")
      .notNull()
      .references(() => clusters.id, { onDelete: "cascade" }),
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cluster_id, t.student_id] }),
    index("cluster_members_student_idx").on(t.student_id),
  ],
);
