import { route } from "@/lib/http/route.server";
import { sectionAnswer } from "@/lib/sections/answers";
import { ROLES } from "@/lib/auth/roles";
import { enrollmentParams } from "@/lib/sections/schemas";
import { dropStudent } from "@/lib/sections/service.server";

// DELETE /api/sections/{id}/enrollments/{student_id}: drop a student from a section (dropped now, ending
// yesterday; the enrolment stays in its history)
export const DELETE = route({ roles: ROLES.admins, params: enrollmentParams, response: sectionAnswer }, ({ db, user, params, now }) =>
  dropStudent(db, user, params.id, params.student_id, now),
);
