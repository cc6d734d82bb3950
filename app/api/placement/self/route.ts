import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { placementToDoAnswer } from "@/lib/placement/answers";
import { toDoFor } from "@/lib/placement/service.server";

// GET /api/placement/self: the signed-in student's upcoming Focus Blocks still without a teacher.
export const GET = route(
  { roles: ROLES.students, response: placementToDoAnswer },
  ({ db, user, now }) => toDoFor(db, user, now),
);
