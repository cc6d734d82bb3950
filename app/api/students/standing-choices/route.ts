import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { createdStandingChoiceAnswer, standingChoiceListAnswer } from "@/lib/standing/answers";
import { standingChoiceBody } from "@/lib/standing/schemas";
import { createStandingChoice, listStandingChoices } from "@/lib/standing/service.server";

// GET /api/students/standing-choices: the signed-in student's standing choices ("every Day 2 with Ms. Ruiz")
export const GET = route(
  {
    roles: ROLES.students,
    response: standingChoiceListAnswer,
    description:
      "Answer: `{standing_choices: [{id, staff: {id, name}, day_type, weekday, pattern, from, until, created_at}], " +
      "cycle: {kind, day_types} | null, teachers: [{id, name}], today}` (the form's day types and teachers).",
  },
  ({ db, user, now }) => listStandingChoices(db, user, now),
);

// POST /api/students/standing-choices: a standing choice, materialised at once for the Focus Blocks ahead
export const POST = route(
  {
    roles: ROLES.students,
    body: standingChoiceBody,
    status: 201,
    response: createdStandingChoiceAnswer,
    description:
      "Body: `{staff_id, day_type | weekday (0 = Sunday … 6), from, until?}` (until: the end of the term holding " +
      "`from`, else the school year's). 422: a day type the timetable does not have, both or neither pattern, dates " +
      "in the past or outside the school year; 409 staff_left, standing_choice_overlaps. Answer: the standing choice " +
      "with `outcomes: [{date, block_id, outcome: planned|held|waitlisted|unavailable|closed, detail}]`.",
  },
  ({ db, user, body, now }) => createStandingChoice(db, user, body, now),
);
