import { route } from "@/lib/http/route.server";
import { sectionAnswer } from "@/lib/sections/answers";
import { ROLES } from "@/lib/auth/roles";
import { courseParams } from "@/lib/courses/schemas";
import { sectionCreateBody } from "@/lib/sections/schemas";
import { createSection } from "@/lib/sections/service.server";

// POST /api/courses/{short_name}/sections: add a section (code, term_id, teacher_ids, meetings of non-flex blocks by day type)
export const POST = route(
  { roles: ROLES.admins, params: courseParams, body: sectionCreateBody, status: 201, response: sectionAnswer },
  ({ db, user, params, body, now }) => createSection(db, user, params.short_name, body, now),
);
