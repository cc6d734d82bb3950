import { z } from "zod";
import { id, idOf, text } from "@/lib/api/schemas";

/** Most recipients one message may go to. */
export const MAX_RECIPIENTS = 200;
/** Longest message body (the column is varchar(1000)). */
export const MAX_BODY = 1000;
/** The send form shows at most this many recipient search results. */
export const RECIPIENT_RESULTS = 15;

export const sendNotificationBody = z.object({
  recipient_ids: z
    .array(idOf("recipient"), { error: "Choose at least one recipient." })
    .min(1, { error: "Choose at least one recipient." })
    .max(MAX_RECIPIENTS, { error: `Choose at most ${MAX_RECIPIENTS} recipients.` }),
  body: text({
    label: "The message",
    max: MAX_BODY,
    min: 1,
    multiline: true,
    required: "A message is required.",
  }),
});
export type SendNotificationBody = z.infer<typeof sendNotificationBody>;

export const notificationParams = z.object({ id });
