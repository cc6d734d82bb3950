import { z } from "zod";
import { personRefAnswer } from "@/lib/core/schedule/types";

/** A teacher's recurring request as zod schemas (GET/POST/PATCH/DELETE /api/appointments/series); the types in series-types.ts are inferred from them. Client-safe. */

export const seriesSkipAnswer = z.object({
  student_id: z.number(),
  date: z.string(),
  /** Why that occurrence could not be booked ("The maximum number of appointments has been reached."). */
  reason: z.string(),
});

export const seriesDateAnswer = z.object({
  date: z.string(),
  /** How many of the series' students are booked that date. */
  booked: z.number(),
  /** False when the block no longer meets that date (a holiday added after booking): nobody is expected. */
  meets: z.boolean(),
});

export const appointmentSeriesAnswer = z.object({
  id: z.number(),
  staff: personRefAnswer,
  block: z.object({ id: z.number(), label: z.string() }),
  /** The pattern: a day type of the rotation ("Day 2") or a weekday (0 = Sunday … 6); the other is null. */
  day_type: z.string().nullable(),
  weekday: z.number().nullable(),
  /** "every Day 2", "every Tuesday". */
  pattern: z.string(),
  from: z.string(),
  until: z.string(),
  memo: z.string(),
  /** False: an unlocked request (the student may still choose). */
  locked: z.boolean(),
  students: z.array(personRefAnswer),
  /** Occurrences booked (past ones included); `dates` has them by date. */
  booked: z.number(),
  dates: z.array(seriesDateAnswer),
  skipped: z.array(seriesSkipAnswer),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
});

/** GET /api/appointments/series. */
export const appointmentSeriesListAnswer = z.array(appointmentSeriesAnswer);

/** DELETE /api/appointments/series/{id}: the series, cancelled, and how many pending occurrences went with it. */
export const cancelledSeriesAnswer = appointmentSeriesAnswer.extend({ cancelled: z.number() });
