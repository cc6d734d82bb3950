import { z } from "zod";
import { OUTBOX_STATUSES } from "./kinds";

export const mailLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  status: z.enum(OUTBOX_STATUSES).optional(),
  channel: z.enum(["email", "push"]).optional(),
});

export const sendRemindersBody = z.object({
  kind: z.enum(["not_chosen", "teacher_digest", "guardian_digest"]),
  date: z.string().max(40),
});
export type SendRemindersBody = z.infer<typeof sendRemindersBody>;

/** ?token= of the unsubscribe link (its signature is checked by lib/reach/unsubscribe.server.ts). */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(1000) });
