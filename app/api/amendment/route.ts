import { route } from "@/lib/http/route.server";
import { amendmentAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { amendBlock } from "@/lib/schedule/appointments.server";
import { amendmentBody } from "@/lib/schedule/schemas";

// POST /api/amendment: amend one student's block on a date (no attendance logged yet)
export const POST = route(
  { roles: ROLES.staff, body: amendmentBody, status: 201, response: amendmentAnswer },
  ({ db, user, body, now }) => amendBlock(db, user, body, now),
);
