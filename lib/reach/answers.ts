import { z } from "zod";

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
