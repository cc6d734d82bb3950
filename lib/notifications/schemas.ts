import { z } from "zod";

/** Most recipients one message may go to. */
export const MAX_RECIPIENTS = 200;
/** Longest message body (the column is varchar(1000)). */
export const MAX_BODY = 1000;
/** The send form shows at most this many recipient search results. */
export const RECIPIENT_RESULTS = 15;

export const sendNotificationBody = z.object({
  recipient_ids: z
    .array(z.coerce.number().int().positive(), { error: "Choose at least one recipient." })
    .min(1, { error: "Choose at least one recipient." })
    .max(MAX_RECIPIENTS, { error: `Choose at most ${MAX_RECIPIENTS} recipients.` }),
  body: z
    .string({ error: "A message is required." })
    .trim()
    .min(1, { error: "This field cannot be empty." })
    .max(MAX_BODY, { error: `Write at most ${MAX_BODY} characters.` }),
});
export type SendNotificationBody = z.infer<typeof sendNotificationBody>;

export const notificationParams = z.object({ id: z.coerce.number().int().positive() });
