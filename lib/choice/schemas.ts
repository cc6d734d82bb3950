import { z } from "zod";
import { SCHOOL_DAY_NOTHING, schoolDayChanges, schoolDayFields } from "@/lib/calendar/schemas";
import { CUTOFF_MESSAGE, cutoffSchema, cutoffText } from "@/lib/settings/placement-cutoff";

/** A deadline in the form of placement_cutoff ("08:00", "2h", "": until the block starts), stored plain. */
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
