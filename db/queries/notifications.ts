import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { notificationRecipients, notifications, staff } from "../schema";

export type NotificationRow = typeof notifications.$inferSelect;
const senderColumns = { id: staff.id, title: staff.title, first_name: staff.first_name, last_name: staff.last_name };

/** The caller's non-archived recipient rows with their notification and sender, newest first (one query). */
export async function inboxRows(db: Db, staffId: number, notificationId?: number) {
  return db
    .select({ read: notificationRecipients.read, notification: notifications, sender: senderColumns })
    .from(notificationRecipients)
    .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
    .leftJoin(staff, eq(staff.id, notifications.sender_id))
    .where(
      notificationId === undefined
        ? and(eq(notificationRecipients.staff_id, staffId), eq(notificationRecipients.archived, false))
        : and(eq(notificationRecipients.staff_id, staffId), eq(notificationRecipients.notification_id, notificationId)),
    )
    .orderBy(desc(notifications.created_at), desc(notifications.id));
}
export type InboxRow = Awaited<ReturnType<typeof inboxRows>>[number];

/** Notifications the caller sent, newest first. */
export async function sentRows(db: Db, staffId: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.sender_id, staffId))
    .orderBy(desc(notifications.created_at), desc(notifications.id));
}

/** The recipients of many notifications, in one query. */
export async function recipientsOf(db: Db, notificationIds: number[]) {
  if (notificationIds.length === 0) return [];
  return db
    .select({ notification_id: notificationRecipients.notification_id, ...senderColumns })
    .from(notificationRecipients)
    .innerJoin(staff, eq(staff.id, notificationRecipients.staff_id))
    .where(inArray(notificationRecipients.notification_id, notificationIds))
    .orderBy(staff.last_name, staff.first_name, staff.id);
}

export async function staffByIds(db: Db, ids: number[]) {
  return db.select(senderColumns).from(staff).where(inArray(staff.id, ids)).orderBy(staff.last_name, staff.first_name);
}

export async function insertNotification(
  db: Db,
  values: { sender_id: number; initials: string; color: string; body: string; created_at: Date },
  recipientIds: number[],
) {
  const [row] = await db.insert(notifications).values(values).returning();
  await db
    .insert(notificationRecipients)
    .values(recipientIds.map((staff_id) => ({ notification_id: row!.id, staff_id })));
  return row!;
}

type Flags = { read?: boolean; archived?: boolean };

/**
 * Sets flags on the caller's recipient row for one notification (only a non-archived row when
 * `onlyInbox`); the number of rows changed.
 */
export async function updateRecipientRow(db: Db, staffId: number, notificationId: number, flags: Flags, onlyInbox: boolean) {
  const rows = await db
    .update(notificationRecipients)
    .set(flags)
    .where(
      and(
        eq(notificationRecipients.staff_id, staffId),
        eq(notificationRecipients.notification_id, notificationId),
        onlyInbox ? eq(notificationRecipients.archived, false) : undefined,
      ),
    )
    .returning({ id: notificationRecipients.id });
  return rows.length;
}

/** Sets flags on all the caller's non-archived recipient rows. */
export async function updateInbox(db: Db, staffId: number, flags: Flags) {
  await db
    .update(notificationRecipients)
    .set(flags)
    .where(and(eq(notificationRecipients.staff_id, staffId), eq(notificationRecipients.archived, false)));
}
