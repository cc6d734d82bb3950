import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { createdStudentAnswer, studentListAnswer } from "@/lib/people/answers";
import { createStudentRecord } from "@/lib/people/admin.server";
import { studentList } from "@/lib/people/lists.server";
import { studentCreateBody } from "@/lib/people/schemas";

// GET /api/students: every student, with student numbers where the show-student-numbers setting allows (staff and sysadmins only)
export const GET = route({ roles: ROLES.shell, response: studentListAnswer }, ({ db, user }) => studentList(db, user));

// POST /api/students: add a student (staff and sysadmins; a teacher sets no school email), with the caller's password as confirmation when sent (answers the list item and the initial password once)
export const POST = route(
  { roles: ROLES.shell, body: studentCreateBody, status: 201, response: createdStudentAnswer },
  ({ db, user, body, request, address, now }) =>
    createStudentRecord(db, user, body, { address, userAgent: request.headers.get("user-agent") }, now),
);
