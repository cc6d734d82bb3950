import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { courseParams } from "@/lib/courses/schemas";
import { coursePage } from "@/lib/courses/service";

// GET /api/courses/{short_name}: a course with its teacher, meetings, enrolled students and star (staff and sysadmins)
export const GET = route({ roles: ROLES.shell, params: courseParams }, ({ db, user, params, now }) =>
  coursePage(db, user, params.short_name, now),
);
