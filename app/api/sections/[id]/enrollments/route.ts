import { route } from "@/lib/http/route.server";
import { enrolledAnswer, enrollmentListAnswer } from "@/lib/sections/answers";
import { ROLES } from "@/lib/auth/roles";
import { enrollBody, sectionParams } from "@/lib/sections/schemas";
import { enrollStudents, listEnrollments } from "@/lib/sections/service.server";

// GET /api/sections/{id}/enrollments: the section's current enrolments and its history (dropped and ended ones)
export const GET = route({ roles: ROLES.shell, params: sectionParams, response: enrollmentListAnswer }, ({ db, params, now }) =>
  listEnrollments(db, params.id, now),
);

// POST /api/sections/{id}/enrollments: enrol students by student_ids or student_numbers (optional begin_date);
// 422 listing unknown ones with nobody enrolled; students already enrolled stay as they are
export const POST = route(
  { roles: ROLES.admins, params: sectionParams, body: enrollBody, response: enrolledAnswer },
  ({ db, user, params, body, now }) => enrollStudents(db, user, params.id, body, now),
);
