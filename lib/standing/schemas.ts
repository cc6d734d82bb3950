import { z } from "zod";
import { idOf, text } from "@/lib/api/schemas";
import { isoDate } from "@/lib/calendar/schemas";

/** Request schemas of standing choices (GET/POST /api/students/standing-choices, DELETE …/{id}); shared by routes and forms. */

export const PATTERN_MESSAGE = "Give a day type (day_type) or a weekday (weekday), not both.";
export const WEEKDAY_MESSAGE = "Give the weekday as a number from 0 (Sunday) to 6 (Saturday).";

export const standingChoiceBody = z
  .object({
    staff_id: idOf("staff member"),
    day_type: text({ label: "The day type", max: 40, min: 1 }).optional(),
    weekday: z
      .number({ error: WEEKDAY_MESSAGE })
      .int({ error: WEEKDAY_MESSAGE })
      .min(0, { error: WEEKDAY_MESSAGE })
      .max(6, { error: WEEKDAY_MESSAGE })
      .optional(),
    from: isoDate,
    until: isoDate.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.day_type === undefined) === (body.weekday === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [body.day_type === undefined ? "day_type" : "weekday"],
        message: PATTERN_MESSAGE,
      });
    }
    if (body.until !== undefined && body.until < body.from) {
      ctx.addIssue({ code: "custom", path: ["until"], message: "The last date cannot be before the first." });
    }
  });
export type StandingChoiceBody = z.infer<typeof standingChoiceBody>;

export const standingChoiceParams = z.object({ id: idOf("standing choice") });
