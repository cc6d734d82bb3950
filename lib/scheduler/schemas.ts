import { z } from "zod";
import { idOf, schoolDate, text } from "@/lib/api/schemas";

/** Request schemas of the Power Scheduler (shared by the routes and the stepper). */

/** An appointment memo is at most 150 characters (the column); amendments from here share the bound. */
export const MAX_MEMO = 150;
/** Every student of a large school, with room to spare. */
export const MAX_STUDENT_IDS = 10_000;
/** A date range spans at most a school year. */
export const MAX_RANGE_DAYS = 366;

export const STUDENT_TYPES = ["all", "some"] as const;
export const SCHEDULE_TYPES = ["appointment", "amendment"] as const;

const batchFields = z.object({
  student_type: z.enum(STUDENT_TYPES, { error: "Choose All Students or Some Students." }),
  schedule_type: z.enum(SCHEDULE_TYPES, { error: "Choose Appointment or Amendment." }),
  student_ids: z
    .array(idOf("student"), { error: "student_ids must be a list of student ids." })
    .max(MAX_STUDENT_IDS, { error: `At most ${MAX_STUDENT_IDS} students at once.` })
    .default([]),
  staff_id: idOf("staff member"),
  memo: text({ label: "The memo", max: MAX_MEMO, min: 1, multiline: true }),
  /** The (first) date: YYYY-MM-DD or an ISO instant, read as a school date. */
  date_time: schoolDate,
  end_date: schoolDate.nullish(),
  weekdays: z
    .array(
      z
        .number({ error: "Weekdays are numbers from 0 (Sunday) to 6 (Saturday)." })
        .int({ error: "Weekdays are numbers from 0 (Sunday) to 6 (Saturday)." })
        .min(0, { error: "Weekdays are numbers from 0 (Sunday) to 6 (Saturday)." })
        .max(6, { error: "Weekdays are numbers from 0 (Sunday) to 6 (Saturday)." }),
      { error: "weekdays must be a list of weekday numbers." },
    )
    .min(1, { error: "Choose at least one weekday." })
    .max(7)
    .nullish(),
  /** Only dates of these day types of the rotation ("every Day 2"): a recurring request for many students. */
  day_types: z
    .array(text({ label: "A day type", max: 60, min: 1, tooShort: "A day type cannot be empty." }), {
      error: "day_types must be a list of day types.",
    })
    .min(1, { error: "Choose at least one day type." })
    .max(20, { error: "Choose at most 20 day types." })
    .nullish(),
  block_ids: z
    .array(idOf("block"), { error: "block_ids must be a list of block ids." })
    .min(1, { error: "Choose at least one block." })
    .max(50)
    .nullish(),
});

function someNeedsStudents(body: { student_type: string; student_ids: number[] }, context: z.RefinementCtx) {
  if (body.student_type === "some" && body.student_ids.length === 0) {
    context.addIssue({ code: "custom", path: ["student_ids"], message: "Select at least one student." });
  }
}

/**
 * POST /api/power-scheduler. The spec's body {student_type, schedule_type, student_ids, staff_id,
 * memo, date_time} schedules every flex block on that one date; end_date, weekdays, day_types and
 * block_ids (all optional) widen it to a range, some weekdays, some day types of the rotation ("every
 * Day 2": a recurring request for many students, undone as one batch), and chosen flex blocks.
 */
export const powerScheduleBody = batchFields.superRefine(someNeedsStudents);

/** POST /api/power-scheduler/preview: the same, before the staff member and memo are chosen. */
export const powerSchedulePreviewBody = batchFields
  .extend({ staff_id: batchFields.shape.staff_id.optional(), memo: batchFields.shape.memo.optional() })
  .superRefine(someNeedsStudents);
export type PowerSchedulePreviewBody = z.infer<typeof powerSchedulePreviewBody>;

export type PowerScheduleBody = z.infer<typeof powerScheduleBody>;

export const batchParams = z.object({ id: idOf("batch") });
