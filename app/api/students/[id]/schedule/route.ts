import { conditionalJson } from "@/lib/api/conditional.server";
import { route } from "@/lib/http/route.server";
import { studentScheduleAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { studentScheduleParams } from "@/lib/schedule/schemas";
import { studentWeekSchedule } from "@/lib/schedule/week.server";

// GET /api/students/{id|self}/schedule: the student's week (this week)
export const GET = route(
  { roles: ROLES.anyone, params: studentScheduleParams, response: studentScheduleAnswer },
  async ({ db, user, params, now, request }) =>
    conditionalJson({ request, db, caller: user.user.id, now }, () => studentWeekSchedule(db, user, params.id, params.date, now)),
);
