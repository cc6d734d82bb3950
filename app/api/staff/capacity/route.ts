import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { setOwnCapacity } from "@/lib/people/profiles.server";
import { capacityBody } from "@/lib/schedule/schemas";

// POST /api/staff/capacity: set the caller's own capacity
export const POST = route({ roles: ROLES.staff, body: capacityBody }, ({ db, user, body }) =>
  setOwnCapacity(db, user, body.capacity),
);
