import { z } from "zod";
import { idOf, schoolDate, text } from "@/lib/api/schemas";
import { MAX_APPOINTMENT_MEMO } from "@/lib/schedule/schemas";

/** Request schemas of teachers' recurring requests (appointment series) and block messages (shared by routes and forms). */

/** A recurring request reaches at most this many students. */
export const MAX_SERIES_STUDENTS = 500;
/** …and spans at most one school year. */
export const MAX_SERIES_DAYS = 366;

const memo = text({ label: "The memo", max: MAX_APPOINTMENT_MEMO, multiline: true });
const locked = z.boolean({ error: "locked must be true or false." });
const weekday = z
  .number({ error: "The weekday is 0 (Sunday) to 6 (Saturday)." })
  .int({ error: "The weekday is 0 (Sunday) to 6 (Saturday)." })
  .min(0, { error: "The weekday is 0 (Sunday) to 6 (Saturday)." })
  .max(6, { error: "The weekday is 0 (Sunday) to 6 (Saturday)." });
const dayType = text({ label: "The day type", max: 60, min: 1, tooShort: "Choose a day type." });

export const createSeriesBody = z
  .object({
    student_ids: z
      .array(idOf("student"), { error: "student_ids must be a list of student ids." })
      .min(1, { error: "Choose at least one student." })
      .max(MAX_SERIES_STUDENTS, { error: `A recurring request reaches at most ${MAX_SERIES_STUDENTS} students.` }),
    block_id: idOf("block"),
    day_type: dayType.optional(),
    weekday: weekday.optional(),
    from: schoolDate,
    until: schoolDate,
    memo: memo.default(""),
    locked: locked.default(true),
  })
  .superRefine((body, ctx) => {
    if ((body.day_type === undefined) === (body.weekday === undefined)) {
      ctx.addIssue({ code: "custom", path: ["day_type"], message: "Give either a day type or a weekday." });
    }
  });
export type CreateSeriesBody = z.infer<typeof createSeriesBody>;

export const updateSeriesBody = z
  .object({ memo: memo.optional(), locked: locked.optional(), until: schoolDate.optional() })
  .refine((body) => body.memo !== undefined || body.locked !== undefined || body.until !== undefined, {
    message: "Give the memo, locked or until to change.",
    path: ["memo"],
  });
export type UpdateSeriesBody = z.infer<typeof updateSeriesBody>;

export const MAX_BLOCK_MESSAGE = 1000;
export const blockMessageBody = z.object({
  block_id: idOf("block"),
  date: schoolDate,
  text: text({ label: "The message", max: MAX_BLOCK_MESSAGE, min: 1, multiline: true, tooShort: "Write a message." }),
  include_waitlist: z.boolean({ error: "include_waitlist must be true or false." }).default(false),
  /** An administrator sends for this teacher (a teacher sends for themselves). */
  staff_id: idOf("staff member").optional(),
});
export type BlockMessageBody = z.infer<typeof blockMessageBody>;
