import { date, index, integer, pgTable, primaryKey, serial, text, unique } from "drizzle-orm/pg-core";
import { instant, timestamps } from "./columns";
import { terms } from "./calendar";
import { staff, students } from "./people";
import { blocks, courses } from "./timetable";

/**
 * The roster: a course's sections, their teachers and meetings, and the students enrolled in
 * them. Records that come from the school information system keep its sourcedId.
 */

/** A class of a course: its code, its term, its teachers and when it meets (docs/design/calendar.md#courses-and-sections). */
export const sections = pgTable(
  "sections",
  {
    id: serial("id").primaryKey(),
    course_id: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** The term it runs in; the whole school year when null. */
    term_id: integer("term_id").references(() => terms.id, { onDelete: "set null" }),
    sourced_id: text("sourced_id").unique(),
    archived_at: instant("archived_at"),
    ...timestamps,
  },
  (t) => [unique("sections_course_code_unique").on(t.course_id, t.code), index("sections_term_idx").on(t.term_id)],
);

export const sectionTeachers = pgTable(
  "section_teachers",
  {
    section_id: integer("section_id")
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.section_id, t.staff_id] }), index("section_teachers_staff_idx").on(t.staff_id)],
);

/** When a section meets: a block on a day type (on every day type the block meets when null). */
export const sectionMeetings = pgTable(
  "section_meetings",
  {
    id: serial("id").primaryKey(),
    section_id: integer("section_id")
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    block_id: integer("block_id")
      .notNull()
      .references(() => blocks.id),
    day_type: text("day_type"),
  },
  (t) => [
    unique("section_meetings_unique").on(t.section_id, t.block_id, t.day_type).nullsNotDistinct(),
    index("section_meetings_block_idx").on(t.block_id),
  ],
);

/** A student in a section (or, from an earlier release, in a course); dropped, never deleted. */
export const enrollments = pgTable(
  "enrollments",
  {
    id: serial("id").primaryKey(),
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    course_id: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    enrolled_by: integer("enrolled_by").references(() => staff.id, { onDelete: "set null" }),
    enrolled_at: instant("enrolled_at").notNull().defaultNow(),
    /** Null while the student is still enrolled. */
    dropped_at: instant("dropped_at"),
    /** The section (class) the enrolment is in; the course's enrolment of an earlier release when null. */
    section_id: integer("section_id").references(() => sections.id, { onDelete: "cascade" }),
    /** The school dates the enrolment covers (the SIS's beginDate/endDate); open when null. */
    begin_date: date("begin_date", { mode: "string" }),
    end_date: date("end_date", { mode: "string" }),
    sourced_id: text("sourced_id").unique(),
  },
  (t) => [
    index("enrollments_student_idx").on(t.student_id),
    index("enrollments_course_idx").on(t.course_id),
    index("enrollments_section_idx").on(t.section_id),
  ],
);

