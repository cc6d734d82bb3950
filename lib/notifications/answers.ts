import { z } from "zod";
import { personRefAnswer } from "@/lib/core/schedule/types";

/**
 * The notification answers as zod schemas: the presenter's types are inferred from them, the routes
 * declare them, and the panel reads their types. No server code here.
 */

/**
 * A notification as the panel shows it: date "Friday, Mar 20, 2020", time "2:03 PM" in the school's
 * zone, an approximate time ("5 minutes ago") and the sender with the avatar snapshot taken at send.
 */
export const notificationAnswer = z.object({
  id: z.number(),
  body: z.string(),
  /** An app path to open (a CSV import's report), only on messages that point somewhere. */
  link: z.string().optional(),
  date: z.string(),
  time: z.string(),
  approximateTime: z.string(),
  /** The sender (id null: the system, or a staff member since removed). */
  sender: z.object({ id: z.number().nullable(), name: z.string(), initials: z.string(), color: z.string() }),
});
export type NotificationView = z.infer<typeof notificationAnswer>;
export type NotificationSender = NotificationView["sender"];

/** An inbox (or archived) entry: the caller's read flag and the notification. */
export const inboxEntryAnswer = z.object({ read: z.boolean(), notification: notificationAnswer });
export type InboxEntry = z.infer<typeof inboxEntryAnswer>;

/** A sent entry (the outbox, and the answer of sending): always read, with its recipients. */
export const sentEntryAnswer = z.object({
  read: z.literal(true),
  notification: notificationAnswer.extend({ recipients: z.array(personRefAnswer) }),
});
export type SentEntry = z.infer<typeof sentEntryAnswer>;

/** Either, as the panel lists them. */
export type NotificationEntry = {
  read: boolean;
  notification: NotificationView & { recipients?: z.infer<typeof personRefAnswer>[] };
};
