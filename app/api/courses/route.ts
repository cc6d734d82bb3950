import { route } from "@/lib/http/route.server";
import { courseItemAnswer, courseListAnswer } from "@/lib/courses/answers";
import { ROLES } from "@/lib/auth/roles";
import { courseCreateBody, courseListQuery } from "@/lib/courses/schemas";
import { courseList, createCourse } from "@/lib/courses/service.server";

// GET /api/courses: the courses by name with their numbers of sections and students (q filters by name or
// short name; archived=true lists archived ones too), and the sections the caller teaches (staff and sysadmins)
export const GET = route({ roles: ROLES.shell, query: courseListQuery, response: courseListAnswer }, ({ db, user, query, now }) =>
  courseList(db, user, query, now),
);

// POST /api/courses: add a course (name, short_name, optional teacher_id); 422 when the short name is taken
export const POST = route({ roles: ROLES.admins, body: courseCreateBody, status: 201, response: courseItemAnswer }, ({ db, user, body, now }) =>
  createCourse(db, user, body, now),
);
