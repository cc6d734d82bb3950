import { conditionalJson } from "@/lib/api/conditional.server";
import { route } from "@/lib/http/route.server";
import { staffScheduleAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { staffScheduleParams } from "@/lib/schedule/schemas";
import { staffWeekSchedule } from "@/lib/schedule/week.server";

// GET /api/staff/{id}/schedule: the teacher's week (this week)
export const GET = route({ roles: ROLES.shell, params: staffScheduleParams, response: staffScheduleAnswer }, async ({ db, user, params, now, request }) =>
  conditionalJson({ request, db, caller: user.user.id, now }, () => staffWeekSchedule(db, params.id, params.date, now)),
);
