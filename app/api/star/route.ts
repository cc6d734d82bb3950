import { route } from "@/lib/http/route.server";
import { starAnswer } from "@/lib/starred/answers";
import { ROLES } from "@/lib/auth/roles";
import { starBody } from "@/lib/starred/schemas";
import { star } from "@/lib/starred/service.server";

// POST /api/star: add an item to the caller's Starred list
export const POST = route({ roles: ROLES.staff, body: starBody, response: starAnswer }, ({ db, user, body }) => star(db, user, body));
