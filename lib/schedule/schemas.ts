import { z } from "zod";
import { idOf, schoolDate, text } from "@/lib/api/schemas";
import { capacityField } from "@/lib/people/schemas";

/** Request schemas for schedules, plans, appointments and amendments (shared by routes and forms). */

export const EMPTY_FIELD = "This field cannot be empty.";

export { idOf };

/** Dates arrive as YYYY-MM-DD, ISO instants or `Fri Mar 20, 2020`; services turn them into school dates. */
export const dateField = schoolDate;

export const idParams = z.object({ id: idOf("id") });

export const studentScheduleParams = z.object({
  id: z.union([z.literal("self"), idOf("student id")]),
  date: dateField.optional(),
});

export const staffScheduleParams = z.object({ id: idOf("staff id"), date: dateField.optional() });

export const blockDateBody = z.object({ block_id: idOf("block"), date: dateField });

export const schedulePlanBody = blockDateBody.extend({ staff_id: idOf("staff member") });
export type SchedulePlanBody = z.infer<typeof schedulePlanBody>;

export const MAX_APPOINTMENT_MEMO = 150;
export const createAppointmentBody = blockDateBody.extend({
  student_id: idOf("student"),
  memo: text({ label: "The memo", max: MAX_APPOINTMENT_MEMO, multiline: true }).default(""),
  clear_schedule: z.boolean({ error: "clear_schedule must be true or false." }).default(false),
  /** False: an unlocked request, the student may still choose (lib/core/choice/ladder.ts). */
  locked: z.boolean({ error: "locked must be true or false." }).default(true),
});
export type CreateAppointmentBody = z.infer<typeof createAppointmentBody>;

export const MAX_AMENDMENT_MEMO = 500;
export const amendmentBody = blockDateBody.extend({
  student_id: idOf("student"),
  memo: text({
    label: "The memo",
    max: MAX_AMENDMENT_MEMO,
    min: 1,
    multiline: true,
    required: EMPTY_FIELD,
    tooShort: EMPTY_FIELD,
  }),
});
export type AmendmentBody = z.infer<typeof amendmentBody>;

export const capacityBody = z.object({ capacity: capacityField });
