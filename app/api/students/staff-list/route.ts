import { z } from "zod";
import { route } from "@/lib/http/route.server";
import { staffListEntryAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { staffListForBlock } from "@/lib/schedule/plans.server";
import { blockDateBody } from "@/lib/schedule/schemas";

// POST /api/students/staff-list: every teacher with their topic and remaining seats for a block and date
export const POST = route({ roles: ROLES.anyone, body: blockDateBody, response: z.array(staffListEntryAnswer) }, ({ db, user, body, now }) =>
  staffListForBlock(db, body, user, now),
);
