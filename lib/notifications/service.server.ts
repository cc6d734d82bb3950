import "server-only";
import type { InboxEntry, SentEntry } from "./answers";
import type { Db } from "@/db";
import {
  archivedRows,
  inboxRows,
  insertNotification,
  recipientsOf,
  sentRows,
  staffByIds,
  updateInbox,
  updateRecipientRow,
  type InboxRow,
  type Recipient,
} from "@/db/queries/notifications";
import { ApiError, invalid, notFound } from "@/lib/api/errors.server";
import { requireStaff, type Principal } from "@/lib/auth/principal";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { presentNotification } from "./present";
import { presentStaffRef } from "@/lib/people/present-person";
import type { SendNotificationBody } from "./schemas";

const NOT_FOUND = "Cannot find Notification.";

/** The inbox answer from its rows (pure; the bench floor shapes with it too). */
export function presentInbox(rows: InboxRow[], timezone: string, now: Date): InboxEntry[] {
  return rows.map((row) => ({ read: row.read, notification: presentNotification(row.notification, row.sender, timezone, now) }));
}

/**
 * Whose inbox: a staff member's, or a sysadmin's or a student's (which hold only system messages: a CSV
 * import's; a plan cancelled because the teacher left, lib/placement/leavers.server.ts).
 */
function recipientOf(principal: Principal): Recipient | null {
  if (principal.staff) return { staff_id: principal.staff.id };
  if (principal.sysadmin) return { sysadmin_id: principal.sysadmin.id };
  if (principal.student) return { student_id: principal.student.id };
  return null;
}

function requireRecipient(principal: Principal): Recipient {
  const who = recipientOf(principal);
  if (!who) throw new ApiError(403, "not_staff", "User is not a staff member.");
  return who;
}

/** GET /api/notifications/inbox: the caller's non-archived messages, newest first (sysadmins: system messages only). */
export async function inbox(db: Db, principal: Principal, now: Date) {
  const who = recipientOf(principal);
  if (!who) return [];
  const [rows, { timezone }] = await Promise.all([inboxRows(db, who), schoolCalendarSettings(db)]);
  return presentInbox(rows, timezone, now);
}

/**
 * GET /api/notifications/archived: the caller's archived messages, newest first (the newest 200), in
 * the inbox's shape; Unarchive (PUT /api/notifications/unarchive/{id}) puts one back in the inbox.
 */
export async function archived(db: Db, principal: Principal, now: Date) {
  const who = recipientOf(principal);
  if (!who) return [];
  const [rows, { timezone }] = await Promise.all([archivedRows(db, who), schoolCalendarSettings(db)]);
  return presentInbox(rows, timezone, now);
}

/** GET /api/notifications/outbox: messages the caller sent with their recipients, newest first. */
export async function outbox(db: Db, principal: Principal, now: Date): Promise<SentEntry[]> {
  const me = principal.staff;
  if (!me) return [];
  const [rows, { timezone }] = await Promise.all([sentRows(db, me.id), schoolCalendarSettings(db)]);
  const recipients = await recipientsOf(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    read: true,
    notification: {
      ...presentNotification(row, me, timezone, now),
      recipients: recipients.filter((r) => r.notification_id === row.id).map(presentStaffRef),
    },
  }));
}

/**
 * POST /api/notifications: one transaction writes the message (with the sender's initials and colour
 * as they are now) and one recipient row per distinct staff id; an unknown id → 422.
 */
export async function sendNotification(db: Db, principal: Principal, body: SendNotificationBody, now: Date): Promise<SentEntry> {
  const me = requireStaff(principal);
  const ids = [...new Set(body.recipient_ids)];
  const { timezone } = await schoolCalendarSettings(db);
  return db.transaction(async (tx) => {
    const found = await staffByIds(tx, ids);
    if (found.length !== ids.length) {
      const known = new Set(found.map((row) => row.id));
      const missing = ids.filter((id) => !known.has(id));
      throw invalid({ recipient_ids: [`Unknown staff: ${missing.join(", ")}.`] });
    }
    const row = await insertNotification(
      tx,
      { sender_id: me.id, initials: me.initials, color: me.color, body: body.body, created_at: now },
      ids,
    );
    return { read: true, notification: { ...presentNotification(row, me, timezone, now), recipients: found.map(presentStaffRef) } };
  });
}

async function itemOf(db: Db, who: Recipient, notificationId: number, now: Date) {
  const [[row], { timezone }] = await Promise.all([inboxRows(db, who, notificationId), schoolCalendarSettings(db)]);
  if (!row) throw notFound(NOT_FOUND);
  return presentInbox([row], timezone, now)[0]!;
}

/** PUT /api/notifications/{read|unread|archive|unarchive}/{id}: the caller's own row for that notification, else 404. */
export async function setFlag(
  db: Db,
  principal: Principal,
  notificationId: number,
  change: "read" | "unread" | "archive" | "unarchive",
  now: Date,
) {
  const me = requireRecipient(principal);
  const flags =
    change === "read" ? { read: true } : change === "unread" ? { read: false } : { archived: change === "archive" };
  // Read and unread only touch messages still in the inbox; archive and unarchive any of the caller's.
  const onlyInbox = change === "read" || change === "unread";
  const changed = await updateRecipientRow(db, me, notificationId, flags, onlyInbox);
  if (changed === 0) throw notFound(NOT_FOUND);
  return itemOf(db, me, notificationId, now);
}

/** PUT /api/notifications/{read|archive}/all: every message in the caller's inbox; answers with the inbox. */
export async function setAll(db: Db, principal: Principal, change: "read" | "archive", now: Date) {
  const me = requireRecipient(principal);
  await updateInbox(db, me, change === "read" ? { read: true } : { archived: true });
  return inbox(db, principal, now);
}
