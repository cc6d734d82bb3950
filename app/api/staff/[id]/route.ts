import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { staffListItemAnswer } from "@/lib/people/answers";
import { updateStaffMemberAndHandOn } from "@/lib/schedule/staff-capacity.server";
import { staffParams, staffUpdateBody } from "@/lib/people/schemas";

// PUT /api/staff/{id}: edit a staff member's names, title, initials and administrator flag, and (optional)
// capacity (0..500), takes_students (offered to students, a placement target) and email (the sign-in
// username follows; sessions stay; 422 when another account uses it)
export const PUT = route(
  { roles: ROLES.admins, params: staffParams, body: staffUpdateBody, response: staffListItemAnswer },
  ({ db, user, params, body, now }) => updateStaffMemberAndHandOn(db, user, params.id, body, now),
);
