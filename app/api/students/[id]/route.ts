import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { studentItemAnswer } from "@/lib/people/answers";
import { updateStudentRecord } from "@/lib/people/admin.server";
import { studentParams, studentUpdateBody } from "@/lib/people/schemas";

// PUT /api/students/{id}: edit a student's names (and preferred first name, null or blank clears it), initials and grade, and (optional) email (unique among
// students, lower-cased; null clears it)
export const PUT = route(
  { roles: ROLES.admins, params: studentParams, body: studentUpdateBody, response: studentItemAnswer },
  ({ db, user, params, body }) => updateStudentRecord(db, user, params.id, body),
);
