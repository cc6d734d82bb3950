import type { courseMeetings, courseStudents, findCourse } from "@/db/queries/courses";
import type { CourseListRow } from "@/db/queries/sections";
import { staffName } from "@/lib/people/names";
import { presentStudentPerson, type StudentPerson } from "@/lib/people/present-person";
import type { Section } from "@/lib/sections/present";
import type { CourseItem, CourseList, CoursePage } from "./answers";

export type { CourseItem, CourseList, CoursePage };
import { presentTeacher } from "@/lib/sections/present";
import { clockLabel } from "@/lib/core/time";

type CourseRow = NonNullable<Awaited<ReturnType<typeof findCourse>>>;
type MeetingRow = Awaited<ReturnType<typeof courseMeetings>>[number];
type StudentRow = Awaited<ReturnType<typeof courseStudents>>[number];

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** A person in a member or student table: enough to link to the profile and show the avatar. */
export type Member = StudentPerson;

/** GET /api/courses/{short_name}. */
export function presentCourse(course: CourseRow, meetings: MeetingRow[], enrolled: StudentRow[], sections: Section[] = []): CoursePage {
  const teacher = course.teacher;
  return {
    id: course.id,
    name: course.name,
    short_name: course.short_name,
    teacher: teacher
      ? { id: teacher.id, name: staffName(teacher), initials: teacher.initials, color: teacher.color }
      : null,
    blocks: meetings.map((m) => ({
      block_id: m.block_id,
      label: m.label,
      // Weekly: the weekday (0 = Sunday … 6 = Saturday); a rotation: the day type's place in the cycle.
      weekday: m.cycle_kind === "weekly" ? WEEKDAY_NAMES.indexOf(m.day_type) : (m.position ?? 0),
      day: m.day_type,
      day_type: m.day_type,
      start: clockLabel(m.start),
      end: clockLabel(m.end),
    })),
    students: enrolled.map(presentStudentPerson),
    starred: Boolean(course.starred),
    /** Its sections (not archived) with their teachers, meetings and class lists, in the same read. */
    sections,
    archived: course.archived_at !== null,
    sourced_id: course.sourced_id,
  };
}

/** A course in GET /api/courses (and the answer of POST and PUT). */
export function presentCourseItem(row: CourseListRow): CourseItem {
  return {
    id: row.id,
    name: row.name,
    short_name: row.short_name,
    teacher: row.teacher ? presentTeacher(row.teacher) : null,
    sections_count: row.sections_count,
    students_count: row.students_count,
    /** The viewer teaches one of its sections. */
    teaching: row.teaching,
    archived: row.archived_at !== null,
    sourced_id: row.sourced_id,
  };
}
