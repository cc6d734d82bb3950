import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { courseMeetings, courseStudents, findCourse } from "@/db/queries/courses";
import {
  courseByShortName,
  courseWithShortNameExcept,
  insertCourse,
  listCourses,
  sectionsOfCourse,
  sectionsTaughtBy,
  staffByIds,
  updateCourseRow,
} from "@/db/queries/sections";
import { invalid, notFound } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { studentNumbersFor } from "@/lib/people/lists.server";
import { presentSection, presentSectionItem } from "@/lib/sections/present";
import { schoolTodayOf } from "@/lib/sections/service.server";
import { presentCourse, presentCourseItem } from "./present";
import type { CourseCreateBody, CourseUpdateBody } from "./schemas";
import { isUniqueViolation } from "@/db/errors";

/**
 * GET /api/courses/{short_name}: the course, its teacher, when it meets, who is enrolled, its sections
 * with their class lists, and the viewer's star. Five statements whatever the number of sections or students.
 */
export async function coursePage(db: Db, viewer: Principal, shortName: string, now: Date) {
  const course = await findCourse(db, shortName, viewer.staff?.id ?? null);
  if (!course) throw notFound("There is no course with that short name.");
  const { today } = await schoolTodayOf(db, now);
  const [meetings, enrolled, sections] = await Promise.all([
    courseMeetings(db, course.id, today),
    courseStudents(db, course.id, now),
    sectionsOfCourse(db, course.id, today, studentNumbersFor(viewer)),
  ]);
  return presentCourse(course, meetings, enrolled, sections.map(presentSection));
}

/**
 * GET /api/courses: the courses (by name; `q` filters on name and short name; archived ones with
 * archived=true), each with its number of sections and students; for a staff member, the sections they
 * teach (`my_sections`, "My classes"). Three statements.
 */
export async function courseList(db: Db, viewer: Principal, query: { q?: string; archived?: "true" | "false" }, now: Date) {
  const { today } = await schoolTodayOf(db, now);
  const staffId = viewer.staff?.id ?? null;
  const [courses, mine] = await Promise.all([
    listCourses(db, { q: query.q || null, includeArchived: query.archived === "true", viewerStaffId: staffId, today }),
    staffId === null ? Promise.resolve([]) : sectionsTaughtBy(db, staffId, today),
  ]);
  return { courses: courses.map(presentCourseItem), my_sections: mine.map(presentSectionItem) };
}

async function checkTeacher(db: Db, teacherId: number | null | undefined) {
  if (!teacherId) return;
  const [found] = await staffByIds(db, [teacherId]);
  if (!found) throw invalid({ teacher_id: ["This id is not a staff member's."] });
}

const TAKEN = (shortName: string) => ({ short_name: [`Another course is already called ${shortName}.`] });

/** POST /api/courses: a new course (201); 422 when the short name is taken. */
export async function createCourse(db: Db, principal: Principal, body: CourseCreateBody, now: Date) {
  await checkTeacher(db, body.teacher_id);
  return db.transaction(async (tx) => {
    const row = await insertCourse(tx, { name: body.name, short_name: body.short_name, owner_id: body.teacher_id ?? null });
    if (!row) throw invalid(TAKEN(body.short_name));
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "course.create",
      details: { course_id: row.id, name: row.name, short_name: row.short_name },
    });
    return courseItemOf(tx, principal, row.short_name, now);
  });
}

async function courseItemOf(db: Db, viewer: Principal, shortName: string, now: Date) {
  const { today } = await schoolTodayOf(db, now);
  const list = await listCourses(db, { q: shortName, includeArchived: true, viewerStaffId: viewer.staff?.id ?? null, today });
  return presentCourseItem(list.find((row) => row.short_name === shortName)!);
}

/** PUT /api/courses/{short_name}: name, short name, teacher, archived. */
export async function updateCourse(db: Db, principal: Principal, shortName: string, body: CourseUpdateBody, now: Date) {
  await checkTeacher(db, body.teacher_id);
  return db.transaction(async (tx) => {
    const course = await courseByShortName(tx, shortName);
    if (!course) throw notFound("There is no course with that short name.");
    if (body.short_name !== undefined && body.short_name !== course.short_name) {
      if (await courseWithShortNameExcept(tx, body.short_name, course.id)) throw invalid(TAKEN(body.short_name));
    }
    const values = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.short_name !== undefined ? { short_name: body.short_name } : {}),
      ...(body.teacher_id !== undefined ? { owner_id: body.teacher_id } : {}),
      ...(body.archived !== undefined ? { archived_at: body.archived ? (course.archived_at ?? now) : null } : {}),
    };
    let row;
    try {
      row = await updateCourseRow(tx, course.id, values, now);
    } catch (error) {
      // A concurrent rename to the same short name (the unique index decides).
      if (isUniqueViolation(error)) throw invalid(TAKEN(body.short_name ?? shortName));
      throw error;
    }
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "course.update",
      details: { course_id: course.id, ...body },
    });
    return courseItemOf(tx, principal, row.short_name, now);
  });
}
