import { route } from "@/lib/http/route.server";
import { planAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { ladderGate } from "@/lib/requests/locks.server";
import { planOwnBlock } from "@/lib/schedule/plans.server";
import { schedulePlanBody } from "@/lib/schedule/schemas";

// POST /api/students/schedule-plan: a student chooses a teacher for their own pending flex block
// (a locked appointment refuses it; an unlocked request gives way: lib/requests/locks.server.ts)
export const POST = route({ roles: ROLES.students, body: schedulePlanBody, response: planAnswer }, ({ db, user, body, now }) =>
  planOwnBlock(db, user, body, now, ladderGate),
);
