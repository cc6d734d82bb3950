import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { calendarEventListAnswer, createdCalendarEventAnswer } from "@/lib/calendar/answers";
import { createEvent, listEvents } from "@/lib/calendar/events.server";
import { calendarEventBody, calendarEventsQuery } from "@/lib/calendar/schemas";

// GET /api/calendar-events: the calendar's events from ?from= to ?to= (default: the school year)
export const GET = route(
  {
    roles: ROLES.shell,
    query: calendarEventsQuery,
    response: calendarEventListAnswer,
    description: "Answer: `{from, to, events: [{id, date, name, no_blocks}]}`, by date.",
  },
  ({ db, query, now }) => listEvents(db, query, now),
);

// POST /api/calendar-events: add a holiday, professional-development day or named day (administrators)
export const POST = route(
  {
    roles: ROLES.admins,
    body: calendarEventBody,
    status: 201,
    response: createdCalendarEventAnswer,
    description:
      "Body: `{date, name, no_blocks, dry_run}` (no_blocks: no block meets that date; the school days are regenerated, " +
      "and the plans on that date are cancelled with the closure). " +
      "422: outside the school year, the same name on that date, or a day without school on a date attendance rests on. " +
      "Answer (201): `{id, date, name, no_blocks, plans_cancelled}`; with `dry_run: true` the same checks and " +
      "`{dry_run: true, date, name, no_blocks, plans_cancelled}` (200), nothing written.",
  },
  ({ db, user, body, now }) => createEvent(db, user, body, now),
);
