import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { staffListForBlock } from "@/lib/schedule/plans.server";
import { blockDateBody } from "@/lib/schedule/schemas";

// POST /api/students/staff-list: every teacher with their topic and remaining seats for a block and date
// (for a student: whether each topic is open to them, and why not)
export const POST = route({ roles: ROLES.anyone, body: blockDateBody }, ({ db, body, user }) =>
  staffListForBlock(db, body, user.student?.id ?? null),
);
