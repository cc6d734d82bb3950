import "server-only";
import type { Db } from "@/db";
import { courseMeetings, courseStudents, findCourse } from "@/db/queries/courses";
import { notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import { presentCourse } from "./present";

/**
 * GET /api/courses/{short_name}: the course, its teacher, when it meets, who is enrolled, and the
 * viewer's star. Three statements whatever the class size.
 */
export async function coursePage(db: Db, viewer: Principal, shortName: string, now: Date) {
  const course = await findCourse(db, shortName, viewer.staff?.id ?? null);
  if (!course) throw notFound("There is no course with that short name.");
  const [meetings, enrolled] = await Promise.all([
    courseMeetings(db, course.id, now),
    courseStudents(db, course.id, now),
  ]);
  return presentCourse(course, meetings, enrolled);
}
