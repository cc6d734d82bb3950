import "server-only";
import type { Db } from "@/db";
import { insertSystemNotices, insertSystemNotification } from "@/db/queries/notifications";
import { rosterAlertRecipients } from "@/db/queries/roster-sources";
import { reportPath } from "@/lib/imports/notify.server";

/**
 * Tells the administrators and sysadmins in the app that the roster source failed (a sync nobody may be
 * watching, at night), linking to the run's report. In the caller's transaction: a run recorded failed
 * and the message go together.
 */
export async function alertRosterFailure(tx: Db, importId: number | null, reason: string, now: Date) {
  const body = `The roster sync from the SIS failed: ${reason}`.slice(0, 1000);
  const link = importId ? reportPath(importId) : "/imports";
  const to = await rosterAlertRecipients(tx);
  await insertSystemNotices(tx, to.staff.map((staff_id) => ({ staff_id, body, link })), { initials: "FB", color: "indigo", created_at: now });
  for (const sysadmin_id of to.sysadmins) {
    await insertSystemNotification(tx, { body, link, initials: "FB", color: "indigo" }, { sysadmin_id });
  }
}
