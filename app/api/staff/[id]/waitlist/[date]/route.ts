import { route } from "@/lib/http/route.server";
import { staffWaitlistAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { staffWaitlistParams } from "@/lib/choice/schemas";
import { staffWaitlist } from "@/lib/schedule/waitlist.server";

// GET /api/staff/{id}/waitlist/{date}: the teacher's waitlists on the date, per block, in line order
export const GET = route({ roles: ROLES.shell, params: staffWaitlistParams, response: staffWaitlistAnswer }, ({ db, user, params }) =>
  staffWaitlist(db, user, params.id, params.date),
);
