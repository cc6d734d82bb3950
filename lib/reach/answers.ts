import { z } from "zod";
import { PREFERENCE_KINDS } from "@/lib/settings/notification-settings";

/** GET /api/push/key: the server's VAPID public key, for a browser's push subscription. */
export const pushKeyAnswer = z.object({ public_key: z.string() });
export type PushKeyAnswer = z.infer<typeof pushKeyAnswer>;

const outboxStatusAnswer = z.enum(["queued", "sent", "failed", "bounced"]);

/** POST /api/mail/test: whether the SMTP server took the test message, and why not. */
export const testMessageAnswer = z.object({
  to: z.string(),
  status: outboxStatusAnswer,
  sent: z.boolean(),
  error: z.string().nullable(),
});
export type TestMessageAnswer = z.infer<typeof testMessageAnswer>;

/** GET /api/mail/log: whether mail is set up, the outbox's counts by status and its newest messages. */
export const mailLogAnswer = z.object({
  configured: z.boolean(),
  from: z.string().nullable(),
  counts: z.object({ queued: z.number(), sent: z.number(), failed: z.number(), bounced: z.number() }),
  messages: z.array(
    z.object({
      id: z.number(),
      channel: z.enum(["email", "push"]),
      /** The address of an email (null when it has none), the name of a push message's recipient. */
      to: z.string().nullable(),
      to_name: z.string(),
      kind: z.string(),
      kind_label: z.string(),
      subject: z.string(),
      status: outboxStatusAnswer,
      attempts: z.number(),
      last_error: z.string().nullable(),
      sent_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type MailLogAnswer = z.infer<typeof mailLogAnswer>;

/** POST /api/push/subscriptions (201): push is on for this device. */
export const pushSubscribedAnswer = z.object({ subscribed: z.literal(true), message: z.string() });
export type PushSubscribedAnswer = z.infer<typeof pushSubscribedAnswer>;

/** DELETE /api/push/subscriptions: whether this device had push on (only the caller's own is removed). */
export const pushUnsubscribedAnswer = z.object({ removed: z.boolean(), message: z.string() });
export type PushUnsubscribedAnswer = z.infer<typeof pushUnsubscribedAnswer>;

/** POST and DELETE /api/unsubscribe: the link's address and kind of message, and whether it is now off. */
export const unsubscribeAnswer = z.object({
  address: z.string(),
  kind: z.enum(PREFERENCE_KINDS),
  /** "morning lists and weekly Focus Block summaries". */
  what: z.string(),
  /** Turned off for this address now. */
  unsubscribed: z.boolean(),
  message: z.string(),
});
