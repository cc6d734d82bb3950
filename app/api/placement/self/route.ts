import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { toDoFor } from "@/lib/placement/service.server";

// GET /api/placement/self: the signed-in student's upcoming Focus Blocks still without a teacher.
export const GET = route(
  { roles: ROLES.students },
  ({ db, user, now }) => toDoFor(db, user, now),
);
