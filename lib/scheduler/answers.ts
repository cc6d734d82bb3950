import { z } from "zod";
import { personRefAnswer } from "@/lib/core/schedule/types";

/** The Power Scheduler's answers as zod schemas; the service's and the stepper's types are inferred from them. */

/** What a batch would do (a preview) or did, counted, with the first students of each outcome by id. */
export const powerSchedulePreviewAnswer = z.object({
  students: z.number(),
  created: z.number(),
  booked_students: z.number(),
  skipped_limit: z.number(),
  skipped_limit_students: z.number(),
  skipped_checked_in: z.number(),
  checked_in_students: z.number(),
  plans_cleared: z.number(),
  /** Who those students are (the first 50 of each, by id): already booked, at the appointment limit, already checked in. */
  booked_student_ids: z.array(z.number()),
  limit_student_ids: z.array(z.number()),
  checked_in_student_ids: z.array(z.number()),
  schedule_type: z.enum(["appointment", "amendment"]),
  student_type: z.enum(["all", "some"]),
  /** An amendment for all students is one global amendment per block (it also covers students added later). */
  global: z.boolean(),
  /** null in a preview made before the staff member is chosen. */
  staff: personRefAnswer.nullable(),
  dates: z.array(z.string()),
  slots: z.array(z.object({ block_id: z.number(), label: z.string(), date: z.string() })),
  /** The appointment_limit setting (0 = no limit): students at it are skipped on that block. */
  appointment_limit: z.number(),
  /** The most rows one batch may create. */
  max_rows: z.number(),
});
export type PowerSchedulePreview = z.infer<typeof powerSchedulePreviewAnswer>;

/** A batch in the history (GET /api/power-scheduler), with whether it can still be undone. */
export const powerScheduleBatchAnswer = z.object({
  id: z.number(),
  type: z.enum(["appointment", "amendment"]),
  student_type: z.string(),
  memo: z.string(),
  created_at: z.string(),
  created_by: z.object({ name: z.string() }).nullable(),
  staff: personRefAnswer.nullable(),
  date: z.string(),
  end_date: z.string(),
  weekdays: z.array(z.number()).nullable(),
  dates: z.array(z.string()),
  blocks: z.array(z.string()),
  summary: z
    .object({
      dates: z.number(),
      slots: z.number(),
      created: z.number(),
      students: z.number(),
      skipped_limit: z.number(),
      skipped_checked_in: z.number(),
      plans_cleared: z.number(),
      appointment_limit: z.number(),
    })
    .nullable(),
  /** Rows linked to the batch now (students added later to an all-students batch included). */
  rows: z.number(),
  undone_at: z.string().nullable(),
  undone_by: z.object({ name: z.string() }).nullable(),
  /** Undo is possible until the batch's first block occurrence ends. */
  undoable: z.boolean(),
});
export type PowerScheduleBatch = z.infer<typeof powerScheduleBatchAnswer>;

/** GET /api/power-scheduler: the batches, newest first. */
export const powerScheduleBatchListAnswer = z.array(powerScheduleBatchAnswer);

/** POST /api/power-scheduler (201): what the batch did, and the batch. */
export const powerScheduleResultAnswer = powerSchedulePreviewAnswer.extend({
  id: z.number(),
  message: z.string(),
  batch: powerScheduleBatchAnswer,
});
export type PowerScheduleResult = z.infer<typeof powerScheduleResultAnswer>;

/** POST /api/power-scheduler/{id}/undo: the rows removed, the plans given back, and the batch as it now is. */
export const powerScheduleUndoAnswer = z.object({
  message: z.string(),
  removed: z.number(),
  plans_restored: z.number(),
  batch: powerScheduleBatchAnswer,
});
export type UndoResult = z.infer<typeof powerScheduleUndoAnswer>;

/** GET /api/power-scheduler/options: everything the stepper chooses from. */
export const powerSchedulerOptionsAnswer = z.object({
  students: z.array(
    z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), grade: z.number(), cluster_ids: z.array(z.number()) }),
  ),
  clusters: z.array(z.object({ id: z.number(), name: z.string() })),
  /** capacity: the students the teacher takes in a Focus Block (the Power Scheduler warns past it). */
  staff: z.array(
    z.object({
      id: z.number(),
      first_name: z.string(),
      last_name: z.string(),
      name: z.string(),
      email: z.string(),
      capacity: z.number(),
    }),
  ),
  /** Flex blocks, the weekdays they meet (0 = Sunday … 6 = Saturday) and the dates they meet from today. */
  blocks: z.array(z.object({ id: z.number(), label: z.string(), days: z.array(z.number()), dates: z.array(z.string()) })),
  /** The rotation's day type of each school day from today ("Day 2"); empty on a weekly timetable. */
  day_types: z.array(z.object({ date: z.string(), day_type: z.string() })),
  today: z.string(),
  year_start: z.string().nullable(),
  year_end: z.string().nullable(),
  appointment_limit: z.number(),
});
export type PowerSchedulerOptions = z.infer<typeof powerSchedulerOptionsAnswer>;
