import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { settingValues } from "@/db/queries/settings";
import { ApiError, invalid } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { enqueueJob, presentJob } from "@/lib/jobs/queue.server";
import { MAIL_NOT_CONFIGURED } from "@/lib/reach/mail-admin.server";
import { mailConfig } from "@/lib/reach/transport.server";
import { parseSchoolDate } from "@/lib/core/time";
import { isoWeek, mondayOf } from "./digest-content";

/**
 * POST /api/reminders/send {kind: "guardian_digest", date}: an administrator sends the weekly summary
 * of the week holding `date` now (past the quiet hours, whatever the guardian-digest setting): a job,
 * answered at once. A second call tells nobody twice (one email per guardian per ISO week). 409
 * mail_not_configured without SMTP (the summary is email only). Audited.
 */
export async function sendGuardianDigestNow(db: Db, principal: Principal, body: { date: string }, now: Date) {
  if (!mailConfig()) throw new ApiError(409, "mail_not_configured", MAIL_NOT_CONFIGURED);
  const timezone = (await settingValues(db, ["timezone"]))[0]?.value || "UTC";
  const date = parseSchoolDate(body.date, timezone);
  if (!date) throw invalid({ date: ["Enter a valid date."] });
  const monday = mondayOf(date);
  return db.transaction(async (tx) => {
    const job = await enqueueJob(tx, "guardian-digest", { monday }, { createdBy: principal.user.id });
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "reminders.send_now",
      details: { kind: "guardian_digest", week: isoWeek(monday), monday, job_id: job.id },
      created_at: now,
    });
    return presentJob(job);
  });
}
