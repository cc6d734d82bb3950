import { z } from "zod";
import { idOf, schoolDate } from "@/lib/api/schemas";

/** Request schemas of the waitlists (POST/DELETE /api/students/waitlist, its accept, GET /api/staff/{id}/waitlist/{date}). */

export const waitlistBody = z.object({
  block_id: idOf("block"),
  date: schoolDate,
  staff_id: idOf("staff member"),
  /** Staff only: the student to put on (or take off) the waitlist. A student leaves it out (or names themselves). */
  student_id: idOf("student").optional(),
});
export type WaitlistBody = z.infer<typeof waitlistBody>;

export const waitlistAcceptBody = z.object({
  block_id: idOf("block"),
  date: schoolDate,
  staff_id: idOf("staff member"),
});
export type WaitlistAcceptBody = z.infer<typeof waitlistAcceptBody>;

export const staffWaitlistParams = z.object({ id: idOf("staff id"), date: schoolDate });
import { SCHOOL_DAY_NOTHING, schoolDayChanges, schoolDayFields } from "@/lib/calendar/schemas";
import { CUTOFF_MESSAGE, cutoffSchema, cutoffText } from "@/lib/settings/placement-cutoff";

/** A deadline in the form of placement_cutoff ("08:00", "2h", "": until the block ends), stored plain. */
export const deadlineText = z
  .string({ error: CUTOFF_MESSAGE })
  .max(10, { error: CUTOFF_MESSAGE })
  .pipe(cutoffSchema)
  .transform(cutoffText);

/**
 * PUT /api/school-days/{date}: the calendar's fields (lib/calendar/schemas.ts) with the day's own
 * deadlines checked in their form (null: the school's setting).
 */
export const schoolDayDeadlinesBody = schoolDayFields
  .extend({
    choice_deadline: deadlineText.nullable().optional(),
    request_deadline: deadlineText.nullable().optional(),
  })
  .refine(schoolDayChanges, { error: SCHOOL_DAY_NOTHING });
