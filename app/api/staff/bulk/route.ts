import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { staffBulkAnswer } from "@/lib/people/answers";
import { updateStaffMembersBulkAndHandOn } from "@/lib/schedule/staff-capacity.server";
import { staffBulkBody } from "@/lib/people/schemas";

// POST /api/staff/bulk {ids, capacity?, takes_students?}: set the capacity and/or whether they take Focus
// Block students for many staff members at once, in one transaction (422 naming ids that are no staff
// member's, and nothing written); answers {updated, staff: [list items]}
export const POST = route({ roles: ROLES.admins, body: staffBulkBody, response: staffBulkAnswer }, ({ db, user, body, now }) =>
  updateStaffMembersBulkAndHandOn(db, user, body, now),
);
