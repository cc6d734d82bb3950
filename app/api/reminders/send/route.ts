import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { sendRemindersBody } from "@/lib/reach/schemas";
import { sendRemindersNow } from "@/lib/placement/reminders-now.server";

// POST /api/reminders/send {kind, date}: send a date's reminders or morning lists now (a job)
export const POST = route({ roles: ROLES.admins, body: sendRemindersBody, status: 202 }, ({ db, user, body, now }) =>
  sendRemindersNow(db, user, body, now),
);
