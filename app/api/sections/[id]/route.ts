import { route } from "@/lib/http/route.server";
import { sectionAnswer } from "@/lib/sections/answers";
import { ROLES } from "@/lib/auth/roles";
import { sectionParams, sectionUpdateBody } from "@/lib/sections/schemas";
import { archiveSection, getSection, updateSection } from "@/lib/sections/service.server";

// GET /api/sections/{id}: a section with its course, term, teachers, meetings and class list (staff and sysadmins)
export const GET = route({ roles: ROLES.shell, params: sectionParams, response: sectionAnswer }, ({ db, user, params, now }) =>
  getSection(db, user, params.id, now),
);

// PUT /api/sections/{id}: edit a section's code, term_id, teacher_ids or meetings (each replaced when given), or archived
export const PUT = route(
  { roles: ROLES.admins, params: sectionParams, body: sectionUpdateBody, response: sectionAnswer },
  ({ db, user, params, body, now }) => updateSection(db, user, params.id, body, now),
);

// DELETE /api/sections/{id}: archive a section (its enrolments and their history stay)
export const DELETE = route({ roles: ROLES.admins, params: sectionParams, response: sectionAnswer }, ({ db, user, params, now }) =>
  archiveSection(db, user, params.id, now),
);
