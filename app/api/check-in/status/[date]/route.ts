import { conditionalJson } from "@/lib/api/conditional.server";
import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { checkInStatusAnswer } from "@/lib/checkin/answers";
import { checkInStatusParams } from "@/lib/checkin/schemas";
import { checkInStatus } from "@/lib/checkin/service.server";

// GET /api/check-in/status/{date}: the same for another date (YYYY-MM-DD, an ISO instant or "Mar 20, 2020").
export const GET = route({ roles: ROLES.shell, params: checkInStatusParams, response: checkInStatusAnswer }, async ({ db, user, params, now, request }) =>
  conditionalJson({ request, db, caller: user.user.id, now }, () => checkInStatus(db, user, params.date, now)),
);
