import { z } from "zod";
import { text } from "@/lib/api/schemas";
import { PALETTE } from "@/lib/people/colors";
import { blockDateBody, idOf } from "@/lib/schedule/schemas";

/** Request schemas for topics (shared by routes and the topic dialog). */

export const MAX_TOPIC_MEMO = 255;

/** A new topic: empty memo, a random palette colour and available unless said otherwise. */
export const createTopicBody = z.object({
  memo: text({ label: "The memo", max: MAX_TOPIC_MEMO, multiline: true }).default(""),
  color: z.enum(PALETTE, { error: "Choose one of the palette colours." }).optional(),
  unavailable: z.boolean({ error: "unavailable must be true or false." }).default(false),
});
export type CreateTopicBody = z.infer<typeof createTopicBody>;

export const scheduleTopicBody = blockDateBody.extend({ topic_id: idOf("topic") });
export type ScheduleTopicBody = z.infer<typeof scheduleTopicBody>;
