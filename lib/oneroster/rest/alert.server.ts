import "server-only";
import type { Db } from "@/db";
import { insertSystemNotification } from "@/db/queries/notifications";
import { rosterAlertRecipients } from "@/db/queries/roster-sources";
import { reportPath } from "@/lib/imports/notify.server";
import { inboxText, sentence, type MessageContent } from "@/lib/reach/content";
import { notify, type Notice } from "@/lib/reach/notify.server";

/**
 * Tells the administrators and sysadmins that the roster source failed (a sync nobody may be watching,
 * at night), linking to the run's report: in the app, by email when mail is set up and by push, at
 * once (a kind nobody turns off, past the quiet hours: the roster is stale until someone acts), once per
 * run (notify's occasion). In the caller's transaction: the run recorded
 * failed and the message go together.
 */
export async function alertRosterFailure(tx: Db, importId: number | null, reason: string, now: Date) {
  const path = importId ? reportPath(importId) : "/imports";
  const content: MessageContent = {
    heading: "The roster sync from the SIS failed",
    paragraphs: [sentence(reason.slice(0, 600)), "Nothing was changed: the roster stays as it was until a sync succeeds."],
    action: { label: "Open the report", path },
  };
  const occasion = importId ? `import:${importId}` : `at:${now.toISOString()}`;
  const notice = (to: Notice["to"]): Notice => ({ to, kind: "roster_failed", occasion, subject: content.heading, content });
  const to = await rosterAlertRecipients(tx);
  await notify(
    tx,
    [
      ...to.staff.map((a) => notice({ user_id: a.user_id, staff_id: a.staff_id, email: a.email, name: `${a.first_name} ${a.last_name}` })),
      // A sysadmin has no staff row: notify writes no in-app copy for them, so it is written below.
      ...to.sysadmins.map((a) => notice({ user_id: a.user_id, email: a.email, name: a.name })),
    ],
    now,
  );
  for (const a of to.sysadmins) {
    await insertSystemNotification(tx, { body: inboxText(content), link: path, initials: "FB", color: "indigo" }, { sysadmin_id: a.sysadmin_id });
  }
}
