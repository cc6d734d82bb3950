import { route } from "@/lib/http/route.server";
import { staffProfileAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { capacityBody } from "@/lib/schedule/schemas";
import { setOwnCapacityAndHandOn } from "@/lib/schedule/waitlist.server";

// POST /api/staff/capacity: set the caller's own capacity (seats it frees go to the caller's waitlists)
export const POST = route({ roles: ROLES.staff, body: capacityBody, response: staffProfileAnswer }, ({ db, user, body, now }) =>
  setOwnCapacityAndHandOn(db, user, body.capacity, now),
);
