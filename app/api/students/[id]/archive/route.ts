import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { studentItemAnswer } from "@/lib/people/answers";
import { setStudentArchived } from "@/lib/people/admin.server";
import { studentParams } from "@/lib/people/schemas";

// POST /api/students/{id}/archive: a student who left is hidden and cannot sign in; history is kept
export const POST = route({ roles: ROLES.admins, params: studentParams, response: studentItemAnswer }, ({ db, user, params, now }) =>
  setStudentArchived(db, user, params.id, true, now),
);
