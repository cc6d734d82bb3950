import "server-only";
import type { Db } from "@/db";
import { ApiError } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { insertAudit } from "@/db/queries/audit";
import { enqueueJob, presentJob } from "@/lib/jobs/queue.server";
import { readSchoolDate } from "@/lib/schedule/occurrence.server";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { schoolToday } from "@/lib/core/time";
import { hasFocusBlock, type ReminderKind } from "./reminders.server";
import type { SendRemindersBody } from "@/lib/reach/schemas";

/**
 * POST /api/reminders/send {kind, date}: an administrator sends a date's "not chosen" reminders or
 * morning lists now (past the quiet hours): a job, answered at once (GET /api/jobs/{id} follows it). A
 * second call tells nobody twice. Only for a Focus Block date from today on. Audited. (The weekly
 * family summary, kind guardian_digest, is lib/guardians/digest-now.server.ts: the route picks.)
 */
export async function sendRemindersNow(db: Db, principal: Principal, body: SendRemindersBody & { kind: ReminderKind }, now: Date) {
  const { timezone } = await schoolCalendarSettings(db);
  const date = readSchoolDate(body.date, timezone);
  if (date < schoolToday(timezone, now)) {
    throw new ApiError(409, "not_pending", "That date has passed: reminders are sent for today or later.");
  }
  if (!(await hasFocusBlock(db, date, now))) throw new ApiError(422, "no_focus_block", "No Focus Block on this date.");
  return db.transaction(async (tx) => {
    const job = await enqueueJob(tx, "reminders", { kind: body.kind, date }, { createdBy: principal.user.id });
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "reminders.send_now",
      details: { kind: body.kind, date, job_id: job.id },
      created_at: now,
    });
    return presentJob(job);
  });
}
