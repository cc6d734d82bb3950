import "server-only";
import { and, asc, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../client";
import { blockCourses, blocks, blockSchedule, courses, enrollments, staff, students } from "../schema";
import { studentListColumns } from "./people";
import { starredBy } from "./starred";

/** A course by its short name, its owning teacher, and whether the viewing staff member starred it. */
export async function findCourse(db: Db, shortName: string, viewerStaffId: number | null) {
  const [row] = await db
    .select({
      id: courses.id,
      name: courses.name,
      short_name: courses.short_name,
      starred: starredBy(viewerStaffId, "course", courses.id),
      teacher: {
        id: staff.id,
        title: staff.title,
        first_name: staff.first_name,
        last_name: staff.last_name,
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

/** Every weekly meeting of the blocks the course runs in, in week order. */
export function courseMeetings(db: Db, courseId: number) {
  return db
    .select({
      block_id: blocks.id,
      label: blocks.label,
      weekday: blockSchedule.day_of_week,
      start: blockSchedule.start,
      end: blockSchedule.end,
    })
    .from(blockCourses)
    .innerJoin(blocks, eq(blocks.id, blockCourses.block_id))
    .innerJoin(blockSchedule, eq(blockSchedule.block_id, blocks.id))
    .where(eq(blockCourses.course_id, courseId))
    .orderBy(asc(blockSchedule.day_of_week), asc(blockSchedule.start), asc(blocks.label));
}

/** Students enrolled in the course now (not dropped, not archived), by last name. */
export function courseStudents(db: Db, courseId: number, now: Date) {
  return db
    .selectDistinct(studentListColumns)
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.student_id))
    .where(
      and(
        eq(enrollments.course_id, courseId),
        or(isNull(enrollments.dropped_at), gt(enrollments.dropped_at, now)),
        isNull(students.archived_at),
      ),
    )
    .orderBy(asc(students.last_name), asc(students.first_name), asc(students.id));
}
