import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { notificationRecipients, notifications, staff, sysadmins, users } from "../schema";
import { foldedAsc } from "../schema/columns";
import { staffRefColumns } from "./staff-ref";

export type NotificationRow = typeof notifications.$inferSelect;

/** The recipient rows of one person: a staff member, or a sysadmin or student (who receive only system messages). */
const rowsOf = (who: Recipient) =>
  who.staff_id !== undefined
    ? eq(notificationRecipients.staff_id, who.staff_id)
    : who.sysadmin_id !== undefined
      ? eq(notificationRecipients.sysadmin_id, who.sysadmin_id)
      : eq(notificationRecipients.student_id, who.student_id);

const inboxSelect = (db: Db) =>
  db
    .select({ read: notificationRecipients.read, notification: notifications, sender: staffRefColumns })
    .from(notificationRecipients)
    .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
    .leftJoin(staff, eq(staff.id, notifications.sender_id));
const newestFirst = [desc(notifications.created_at), desc(notifications.id)];

/**
 * The inbox (the notification poll), built once per recipient kind (db/prepared.ts): a staff
 * member's, a sysadmin's and a student's non-archived rows.
 */
export const inboxQuery = (db: Db, kind: "staff_id" | "sysadmin_id" | "student_id") =>
  inboxSelect(db)
    .where(
      and(
        eq(notificationRecipients[kind], sql.placeholder("recipient")),
        eq(notificationRecipients.archived, false),
      ),
    )
    .orderBy(...newestFirst);
const staffInbox = preparedPerDb((db) => inboxQuery(db, "staff_id").prepare("inbox_staff"));
const sysadminInbox = preparedPerDb((db) => inboxQuery(db, "sysadmin_id").prepare("inbox_sysadmin"));
const studentInbox = preparedPerDb((db) => inboxQuery(db, "student_id").prepare("inbox_student"));

/** The caller's non-archived recipient rows with their notification and sender, newest first (one query). */
export async function inboxRows(db: Db, who: Recipient, notificationId?: number) {
  if (notificationId === undefined) {
    if (who.staff_id !== undefined) return staffInbox(db).execute({ recipient: who.staff_id });
    if (who.sysadmin_id !== undefined) return sysadminInbox(db).execute({ recipient: who.sysadmin_id });
    return studentInbox(db).execute({ recipient: who.student_id });
  }
  return inboxSelect(db)
    .where(and(rowsOf(who), eq(notificationRecipients.notification_id, notificationId)))
    .orderBy(...newestFirst);
}
export type InboxRow = Awaited<ReturnType<typeof inboxRows>>[number];

/** How many archived messages the Archived view lists (the newest). */
export const ARCHIVED_LIMIT = 200;

/** The caller's archived recipient rows with their notification and sender, newest first, at most ARCHIVED_LIMIT (one query). */
export async function archivedRows(db: Db, who: Recipient): Promise<InboxRow[]> {
  return inboxSelect(db)
    .where(and(rowsOf(who), eq(notificationRecipients.archived, true)))
    .orderBy(...newestFirst)
    .limit(ARCHIVED_LIMIT);
}

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
    .select({ notification_id: notificationRecipients.notification_id, ...staffRefColumns })
    .from(notificationRecipients)
    .innerJoin(staff, eq(staff.id, notificationRecipients.staff_id))
    .where(inArray(notificationRecipients.notification_id, notificationIds))
    .orderBy(foldedAsc(staff.last_name), foldedAsc(staff.first_name), staff.id);
}

export async function staffByIds(db: Db, ids: number[]) {
  return db.select(staffRefColumns).from(staff).where(inArray(staff.id, ids)).orderBy(foldedAsc(staff.last_name), foldedAsc(staff.first_name));
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
export async function updateRecipientRow(db: Db, who: Recipient, notificationId: number, flags: Flags, onlyInbox: boolean) {
  const rows = await db
    .update(notificationRecipients)
    .set(flags)
    .where(
      and(
        rowsOf(who),
        eq(notificationRecipients.notification_id, notificationId),
        onlyInbox ? eq(notificationRecipients.archived, false) : undefined,
      ),
    )
    .returning({ id: notificationRecipients.id });
  return rows.length;
}

/** Sets flags on all the caller's non-archived recipient rows. */
export async function updateInbox(db: Db, who: Recipient, flags: Flags) {
  await db
    .update(notificationRecipients)
    .set(flags)
    .where(and(rowsOf(who), eq(notificationRecipients.archived, false)));
}

/** Whom a message goes to: a staff row, a sysadmin row or (system messages only) a student row. */
export type Recipient =
  | { staff_id: number; sysadmin_id?: undefined; student_id?: undefined }
  | { sysadmin_id: number; staff_id?: undefined; student_id?: undefined }
  | { student_id: number; staff_id?: undefined; sysadmin_id?: undefined };

export async function recipientOfUser(db: Db, userId: number): Promise<Recipient | null> {
  const [row] = await db
    .select({ staff_id: staff.id, sysadmin_id: sysadmins.id })
    .from(users)
    .leftJoin(staff, eq(staff.user_id, users.id))
    .leftJoin(sysadmins, eq(sysadmins.user_id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (row?.staff_id) return { staff_id: row.staff_id };
  if (row?.sysadmin_id) return { sysadmin_id: row.sysadmin_id };
  return null;
}

/** A message from Flexblock itself (no sender), e.g. "Processed students.csv …", with a link into the app. */
export async function insertSystemNotification(
  db: Db,
  values: { body: string; link: string | null; initials: string; color: string },
  recipient: Recipient,
) {
  const [row] = await db.insert(notifications).values({ ...values, sender_id: null }).returning();
  await db.insert(notificationRecipients).values({ notification_id: row!.id, ...recipient });
  return row!;
}

/**
 * Messages from Flexblock itself to many students at once, each with its own words (one statement,
 * whatever their number): the notifications take their ids from the sequence in the same statement,
 * so each recipient row finds its message without a second round trip.
 */
export async function insertStudentNotices(
  db: Db,
  notices: { student_id: number; body: string }[],
  values: { initials: string; color: string; created_at: Date },
) {
  await insertSystemNotices(db, notices, values);
}

/**
 * The same for any mix of students and staff, each notice with an optional link into the app (the
 * in-app copy of every email and push message, lib/reach/notify.server.ts). One statement.
 */
export async function insertSystemNotices(
  db: Db,
  notices: { student_id?: number | null; staff_id?: number | null; body: string; link?: string | null }[],
  values: { initials: string; color: string; created_at: Date },
) {
  if (notices.length === 0) return;
  const rows = notices.map((n) => ({ student_id: n.student_id ?? null, staff_id: n.staff_id ?? null, body: n.body, link: n.link ?? null }));
  await db.execute(sql`with v as materialized (
      select v.student_id, v.staff_id, v.body, v.link, nextval(pg_get_serial_sequence('notifications', 'id'))::integer as id
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(student_id integer, staff_id integer, body text, link text)
    ), n as (
      insert into notifications (id, sender_id, initials, color, body, link, created_at)
      select v.id, null, ${values.initials}, ${values.color}, v.body, v.link, ${values.created_at.toISOString()}::timestamptz from v
    )
    insert into notification_recipients (notification_id, student_id, staff_id) select v.id, v.student_id, v.staff_id from v`);
}
