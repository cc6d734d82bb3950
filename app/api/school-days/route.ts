import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { schoolDaysAnswer } from "@/lib/calendar/answers";
import { getSchoolDays } from "@/lib/calendar/school-days.server";
import { schoolDaysQuery } from "@/lib/calendar/schemas";

// GET /api/school-days: each date from ?from= to ?to= (at most 400 days) with its day type, bell schedule, blocks and events
export const GET = route(
  {
    roles: ROLES.shell,
    query: schoolDaysQuery,
    response: schoolDaysAnswer,
    description:
      "Answer: `{from, to, days: [{date, in_session, day_type, bell_schedule, blocks: [{id, label, flex, start, end}], " +
      "events: [{id, name, no_blocks}], override: {day_type, bell_schedule} | null, " +
      "deadlines: {choice_deadline, request_deadline} | null}]}`. A date outside the school year " +
      "is not in session and has no blocks.",
  },
  ({ db, query, now }) => getSchoolDays(db, query.from, query.to, now),
);
