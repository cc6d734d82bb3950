import { z } from "zod";
import { text } from "@/lib/api/schemas";
import { GRADE_CEILING, GRADE_FLOOR } from "@/lib/grade-range";
import { PALETTE } from "@/lib/people/colors";
import { blockDateBody, idOf } from "@/lib/schedule/schemas";

/** Request schemas for topics (shared by routes and the topic dialog). */

export const MAX_TOPIC_MEMO = 255;

/** The most grades, clusters or sections one topic's audience may name. */
export const MAX_AUDIENCE_ENTRIES = 100;
/** The largest seat cap zod lets through; the server then holds it to the teacher's capacity. */
export const MAX_SEAT_CAP = 10_000;

const listOf = <T extends z.ZodType>(item: T, what: string) =>
  z
    .array(item, { error: `${what} must be a list.` })
    .max(MAX_AUDIENCE_ENTRIES, { error: `At most ${MAX_AUDIENCE_ENTRIES} ${what.toLowerCase()}.` })
    .default([]);

const gradeItem = z
  .number({ error: "A grade is a whole number." })
  .int({ error: "A grade is a whole number." })
  .min(GRADE_FLOOR, { error: "Choose a grade of the school." })
  .max(GRADE_CEILING, { error: "Choose a grade of the school." });

/** Who may join (lib/choice/audience.ts): any grade, cluster or section listed; null or all empty: everyone. */
export const topicAudienceBody = z
  .object(
    {
      grades: listOf(gradeItem, "Grades"),
      cluster_ids: listOf(idOf("cluster id"), "Clusters"),
      section_ids: listOf(idOf("section id"), "Sections"),
    },
    { error: "open_to must be null or an object of grades, cluster_ids and section_ids." },
  )
  .nullable();

/** Seats below the teacher's capacity (null: the capacity); the upper bound is checked against the capacity. */
export const seatCapField = z
  .number({ error: "Seats must be a whole number from 1 to your capacity, or null." })
  .int({ error: "Seats must be a whole number from 1 to your capacity, or null." })
  .min(1, { error: "Seats must be at least 1." })
  .max(MAX_SEAT_CAP, { error: "Seats must be at most your capacity." })
  .nullable();

/** A new topic: empty memo, a random palette colour and available unless said otherwise. */
export const createTopicBody = z.object({
  memo: text({ label: "The memo", max: MAX_TOPIC_MEMO, multiline: true }).default(""),
  color: z.enum(PALETTE, { error: "Choose one of the palette colours." }).optional(),
  unavailable: z.boolean({ error: "unavailable must be true or false." }).default(false),
  open_to: topicAudienceBody.default(null),
  seat_cap: seatCapField.default(null),
});
export type CreateTopicBody = z.infer<typeof createTopicBody>;

/** PATCH /api/topics/{id}: the memo, colour, who may join or the seat cap (only the fields given change). */
export const updateTopicBody = z
  .object({
    memo: text({ label: "The memo", max: MAX_TOPIC_MEMO, multiline: true }).optional(),
    color: z.enum(PALETTE, { error: "Choose one of the palette colours." }).optional(),
    open_to: topicAudienceBody.optional(),
    seat_cap: seatCapField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: "Give memo, color, open_to or seat_cap to change.",
  });
export type UpdateTopicBody = z.infer<typeof updateTopicBody>;

export const scheduleTopicBody = blockDateBody.extend({ topic_id: idOf("topic") });
export type ScheduleTopicBody = z.infer<typeof scheduleTopicBody>;
