import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { removeEvent } from "@/lib/calendar/events.server";
import { calendarEventParams } from "@/lib/calendar/schemas";

// DELETE /api/calendar-events/{id}: remove an event (administrators); 204
export const DELETE = route(
  {
    roles: ROLES.admins,
    params: calendarEventParams,
    status: 204,
    description:
      "204 with no body; 404 when there is no such event; 422 for a day without school on a date attendance rests on. " +
      "Removing a day without school regenerates the school days from its date, and gives back the plans its closure " +
      "cancelled when the day is still ahead (unless another event still closes it).",
  },
  ({ db, user, params, now }) => removeEvent(db, user, params.id, now),
);
