import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { jobAnswer } from "@/lib/jobs/answers";
import { sendGuardianDigestNow } from "@/lib/guardians/digest-now.server";
import { sendRemindersBody } from "@/lib/reach/schemas";
import { sendRemindersNow } from "@/lib/placement/reminders-now.server";

// POST /api/reminders/send {kind, date}: send a date's reminders or morning lists now (a job);
// kind guardian_digest: the weekly family summary of the week holding `date`
export const POST = route({ roles: ROLES.admins, body: sendRemindersBody, status: 202, response: jobAnswer }, ({ db, user, body, now }) =>
  body.kind === "guardian_digest"
    ? sendGuardianDigestNow(db, user, body, now)
    : sendRemindersNow(db, user, { ...body, kind: body.kind }, now),
);
