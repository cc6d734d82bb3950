import { route } from "@/lib/http/route.server";
import { starAnswer } from "@/lib/starred/answers";
import { ROLES } from "@/lib/auth/roles";
import { starBody } from "@/lib/starred/schemas";
import { unstar } from "@/lib/starred/service.server";

// POST /api/unstar: remove an item from the caller's Starred list
export const POST = route({ roles: ROLES.staff, body: starBody, response: starAnswer }, ({ db, user, body }) => unstar(db, user, body));
