import "server-only";
import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  blocks,
  courses,
  enrollments,
  sectionMeetings,
  sections,
  staff,
  students,
  timetableMeetings,
  timetables,
} from "../schema";
import { foldedAsc } from "../schema/columns";
import { studentDisplayFirstName, studentListColumns } from "./people";
import { starredBy } from "./starred";
import { staffRefColumns } from "./staff-ref";

/** A course by its short name, its owning teacher, and whether the viewing staff member starred it. */
export async function findCourse(db: Db, shortName: string, viewerStaffId: number | null) {
  const [row] = await db
    .select({
      id: courses.id,
      name: courses.name,
      short_name: courses.short_name,
      sourced_id: courses.sourced_id,
      archived_at: courses.archived_at,
      starred: starredBy(viewerStaffId, "course", courses.id),
      teacher: {
        ...staffRefColumns,
        initials: staff.initials,
        color: staff.color,
      },
    })
    .from(courses)
    .leftJoin(staff, eq(staff.id, courses.owner_id))
    .where(eq(courses.short_name, shortName))
    .limit(1);
  return row;
}

/**
 * When the blocks the course's sections (not archived) meet in meet under the timetable in force on `today`
 * (the school's date, worked out by lib/core/time: never by the database's zone rules) or the first one to come,
 * in cycle order: each meeting's day type and its position in the cycle.
 */
export function courseMeetings(db: Db, courseId: number, schoolToday: string) {
  const today = sql`${schoolToday}::date`;
  const inForce = sql`coalesce(
    (select ${timetables.id} from ${timetables} where ${timetables.effective_from} <= ${today} order by ${timetables.effective_from} desc limit 1),
    (select ${timetables.id} from ${timetables} order by ${timetables.effective_from} limit 1))`;
  const position = sql<number>`(select e.ord::int - 1 from jsonb_array_elements_text(${timetables.day_types}) with ordinality e(v, ord)
    where e.v = ${timetableMeetings.day_type} limit 1)`;
  return db
    .selectDistinct({
      block_id: blocks.id,
      label: blocks.label,
      day_type: timetableMeetings.day_type,
      cycle_kind: timetables.cycle_kind,
      position,
      start: timetableMeetings.start,
      end: timetableMeetings.end,
    })
    .from(sectionMeetings)
    .innerJoin(sections, eq(sections.id, sectionMeetings.section_id))
    .innerJoin(blocks, eq(blocks.id, sectionMeetings.block_id))
    // A meeting on a day type, or on every day type the block meets (none given).
    .innerJoin(
      timetableMeetings,
      and(
        eq(timetableMeetings.block_id, blocks.id),
        or(isNull(sectionMeetings.day_type), eq(timetableMeetings.day_type, sectionMeetings.day_type)),
      ),
    )
    .innerJoin(timetables, eq(timetables.id, timetableMeetings.timetable_id))
    .where(
      and(
        eq(sections.course_id, courseId),
        isNull(sections.archived_at),
        eq(timetableMeetings.timetable_id, inForce),
      ),
    )
    .orderBy(position, asc(timetableMeetings.start), asc(blocks.label));
}

/** Students enrolled in the course now (in any of its sections; not dropped, not archived), by last name. */
export function courseStudents(db: Db, courseId: number, now: Date) {
  // Each student once (enrolled in two sections too), by the folded name (DISTINCT could not sort by it).
  const enrolled = db
    .select({ id: enrollments.student_id })
    .from(enrollments)
    .where(and(eq(enrollments.course_id, courseId), or(isNull(enrollments.dropped_at), gt(enrollments.dropped_at, now))));
  return db
    .select(studentListColumns)
    .from(students)
    .where(and(inArray(students.id, enrolled), isNull(students.archived_at)))
    .orderBy(foldedAsc(students.last_name), foldedAsc(studentDisplayFirstName), asc(students.id));
}
