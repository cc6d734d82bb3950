import { route } from "@/lib/http/route.server";
import { courseItemAnswer, coursePageAnswer } from "@/lib/courses/answers";
import { ROLES } from "@/lib/auth/roles";
import { courseParams, courseUpdateBody } from "@/lib/courses/schemas";
import { coursePage, updateCourse } from "@/lib/courses/service.server";

// GET /api/courses/{short_name}: a course with its teacher, meetings, enrolled students, sections with their class lists, and star (staff and sysadmins)
export const GET = route({ roles: ROLES.shell, params: courseParams, response: coursePageAnswer }, ({ db, user, params, now }) =>
  coursePage(db, user, params.short_name, now),
);

// PUT /api/courses/{short_name}: edit a course's name, short_name, teacher_id, or archive it (archived)
export const PUT = route(
  { roles: ROLES.admins, params: courseParams, body: courseUpdateBody, response: courseItemAnswer },
  ({ db, user, params, body, now }) => updateCourse(db, user, params.short_name, body, now),
);
