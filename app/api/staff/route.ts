import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { createdStaffAnswer, staffListAnswer } from "@/lib/people/answers";
import { createStaffMember } from "@/lib/people/admin.server";
import { staffList } from "@/lib/people/lists.server";
import { staffCreateBody } from "@/lib/people/schemas";

// GET /api/staff: every staff member (staff and sysadmins only; emails are not for students), with
// takes_students and capacity (null unless the caller is an administrator or sysadmin, or it is their own)
export const GET = route({ roles: ROLES.shell, response: staffListAnswer }, ({ db, user }) => staffList(db, user));

// POST /api/staff: add a staff member, confirmed with the caller's password (answers the list item and the initial password once)
export const POST = route(
  { roles: ROLES.admins, body: staffCreateBody, status: 201, response: createdStaffAnswer },
  ({ db, user, body, request, address, now }) =>
    createStaffMember(db, user, body, { address, userAgent: request.headers.get("user-agent") }, now),
);
