import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { savedSchoolDayAnswer } from "@/lib/calendar/answers";
import { setSchoolDay } from "@/lib/calendar/school-days.server";
import { schoolDayParams } from "@/lib/calendar/schemas";
import { schoolDayDeadlinesBody } from "@/lib/choice/schemas";

// PUT /api/school-days/{date}: set a date's day type (the rotation continues from it) or bell schedule by hand; null clears it (administrators)
export const PUT = route(
  {
    roles: ROLES.admins,
    params: schoolDayParams,
    body: schoolDayDeadlinesBody,
    response: savedSchoolDayAnswer,
    description:
      "Body: `{day_type?: string | null, bell_schedule?: string | null, choice_deadline?: string | null, " +
      'request_deadline?: string | null, dry_run?: boolean}` (the deadlines in the form of placement_cutoff: "08:00", ' +
      '"2h", "" until the block starts; null: the school\'s setting). Regenerates the school days ' +
      "from the date. 422: an unknown day type or bell schedule, a date without school, outside the school year, or " +
      "before the first date attendance does not rest on. Answer: the day as in GET /api/school-days, plus " +
      "`day_type_changes: [{date, from, to}]` (the dates whose day type moved); with `dry_run: true`, " +
      "`{dry_run, date, day_type_changes}` and nothing written.",
  },
  ({ db, user, params, body, now }) => setSchoolDay(db, user, params.date, body, now),
);
