import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { placeNowAnswer } from "@/lib/placement/answers";
import { placeNowBody } from "@/lib/placement/schemas";
import { placeNow } from "@/lib/placement/service.server";

// POST /api/placement/run {date}: administrators place the date's unscheduled students with their
// default teachers now (as the cutoff would); 409 once the date has been placed. Audited.
export const POST = route({ roles: ROLES.admins, body: placeNowBody, response: placeNowAnswer }, ({ db, user, body, now }) =>
  placeNow(db, user, body.date, now),
);
