import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, serial, smallint, text } from "drizzle-orm/pg-core";
import { foldedSearchIndex, instant, timestamps } from "./columns";

export const accountType = pgEnum("account_type", ["staff", "student", "sysadmin"]);

/** The login table: one row per person, whatever their kind. */
export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  /** Staff and sysadmins: their email, lower-cased. Students: their student number. */
  username: text("username").notNull().unique(),
  password_hash: text("password_hash").notNull(),
  password_expired: boolean("password_expired").notNull().default(true),
  account_type: accountType("account_type").notNull(),
  /** The account is locked (sign-in answers 423) while this is set and in the past. */
  disabled_at: instant("disabled_at"),
  password_changed_at: instant("password_changed_at"),
  /** The language the person chose (lib/i18n/locales.ts), or null: their browser's, else the school's. */
  locale: text("locale"),
  ...timestamps,
});

export const staff = pgTable(
  "staff",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Mr., Ms., Mrs., Mx., Dr. … or none (""): never invented. */
    title: text("title").notNull().default(""),
    first_name: text("first_name").notNull(),
    last_name: text("last_name").notNull(),
    email: text("email").notNull().unique(),
    initials: text("initials").notNull(),
    color: text("color").notNull(),
    administrator: boolean("administrator").notNull().default(false),
    /** How many students may plan into this teacher's flex blocks. */
    capacity: integer("capacity").notNull().default(30),
    /** Offered to students, a placement target and in the plan picker (off for office staff). */
    takes_students: boolean("takes_students").notNull().default(true),
    /** The school information system's identifier (OneRoster sourcedId): later imports match on it. */
    sourced_id: text("sourced_id").unique(),
    /** The SIS's job title and department ("Secretary", "Office"): "" when no import gave one. */
    position: text("position").notNull().default(""),
    department: text("department").notNull().default(""),
    /** The role the SIS gives them (OneRoster: teacher, aide, administrator …); null for staff made here. */
    sis_role: text("sis_role"),
    /** The code of the homeroom they teach ("HR-204"): student CSVs and the SIS name a homeroom by it. */
    homeroom: text("homeroom"),
    /** What the SIS last gave for the fields the school owns but the SIS may fill (lib/roster/ownership.ts). */
    sis_values: jsonb("sis_values").$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    check("staff_capacity_non_negative", sql`${t.capacity} >= 0`),
    foldedSearchIndex("staff_name_search", t.first_name, t.last_name),
    index("staff_homeroom_idx").on(sql`lower(${t.homeroom})`),
  ],
);

export const students = pgTable(
  "students",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Text, so leading zeros are kept. */
    student_number: text("student_number").notNull().unique(),
    /** The legal first name (the profile shows it); lists show the preferred one when there is one. */
    first_name: text("first_name").notNull(),
    last_name: text("last_name").notNull(),
    preferred_first_name: text("preferred_first_name"),
    /** Optional: a student's school email (single sign-on matches on it). */
    email: text("email").unique(),
    /** The school's grades run from the grade_min to the grade_max setting (kindergarten 0, pre-K -1). */
    grade: smallint("grade").notNull().default(8),
    initials: text("initials").notNull(),
    color: text("color").notNull(),
    /** A student who left: hidden from lists, search, pickers and check-in; history kept; restorable. */
    archived_at: instant("archived_at"),
    /** Homeroom: the teacher default placement (lib/placement) gives a student who did not choose. */
    default_teacher_id: integer("default_teacher_id").references(() => staff.id, { onDelete: "set null" }),
    /** The first date the student can be absent (joined mid-year); their account's creation date when null. */
    attends_from: date("attends_from", { mode: "string" }),
    /** The school information system's identifier (OneRoster sourcedId): later imports match on it. */
    sourced_id: text("sourced_id").unique(),
    /** What the SIS last gave for the fields the school owns but the SIS may fill (lib/roster/ownership.ts). */
    sis_values: jsonb("sis_values").$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    check("students_grade_range", sql`${t.grade} between -1 and 13`),
    // Search (db/queries/search.ts): the legal and the preferred first name, each with the last name.
    foldedSearchIndex("students_name_search", t.first_name, t.last_name),
    foldedSearchIndex("students_preferred_name_search", t.preferred_first_name, t.last_name),
    index("students_default_teacher_idx").on(t.default_teacher_id),
  ],
);

export const sysadmins = pgTable("sysadmins", {
  id: serial("id").primaryKey(),
  user_id: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  initials: text("initials").notNull(),
  color: text("color").notNull().default("black"),
  ...timestamps,
});
