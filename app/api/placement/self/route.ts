import { route } from "@/lib/http/route";
import { ROLES } from "@/lib/auth/roles";
import { toDoFor } from "@/lib/placement/service";

// GET /api/placement/self: the signed-in student's upcoming Focus Blocks still without a teacher.
export const GET = route(
  { roles: ROLES.students },
  ({ db, user, now }) => toDoFor(db, user, now),
);
