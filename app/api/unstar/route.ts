import { route } from "@/lib/http/route";
import { ROLES } from "@/lib/auth/roles";
import { starBody } from "@/lib/starred/schemas";
import { unstar } from "@/lib/starred/service";

// POST /api/unstar: remove an item from the caller's Starred list
export const POST = route({ roles: ROLES.staff, body: starBody }, ({ db, user, body }) => unstar(db, user, body));
