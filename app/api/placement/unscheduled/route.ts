import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { unscheduledAnswer } from "@/lib/placement/answers";
import { unscheduledQuery } from "@/lib/placement/schemas";
import { unscheduledFor } from "@/lib/placement/service.server";

// GET /api/placement/unscheduled?date=: students with no plan, appointment or amendment that day
// (administrators and sysadmins: the school; teachers: their default students), the cutoff and the run.
export const GET = route(
  {
    roles: ROLES.shell,
    query: unscheduledQuery,
    response: unscheduledAnswer,
  },
  ({ db, user, query }) => unscheduledFor(db, user, query.date),
);
