import { z } from "zod";

/** Request schemas for schedules, plans, appointments and amendments (shared by routes and forms). */

export const EMPTY_FIELD = "This field cannot be empty.";

/** Numbers, or strings of digits (path segments, form fields); nothing else is coerced. */
const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
    schema,
  );

export const idOf = (what: string) =>
  numeric(
    z
      .number({ error: `A valid ${what} is required.` })
      .int({ error: `A valid ${what} is required.` })
      .positive({ error: `A valid ${what} is required.` })
      .max(2_147_483_647, { error: `A valid ${what} is required.` }),
  );

/** Dates arrive as YYYY-MM-DD, ISO instants or `Fri Mar 20, 2020`; services turn them into school dates. */
export const dateField = z
  .string({ error: "A date is required." })
  .trim()
  .min(1, { error: "A date is required." })
  .max(64, { error: "Enter a valid date." });

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
  memo: z
    .string({ error: "The memo must be text." })
    .trim()
    .max(MAX_APPOINTMENT_MEMO, { error: `The memo can be at most ${MAX_APPOINTMENT_MEMO} characters.` })
    .default(""),
  clear_schedule: z.boolean({ error: "clear_schedule must be true or false." }).default(false),
});
export type CreateAppointmentBody = z.infer<typeof createAppointmentBody>;

export const MAX_AMENDMENT_MEMO = 500;
export const amendmentBody = blockDateBody.extend({
  student_id: idOf("student"),
  memo: z
    .string({ error: EMPTY_FIELD })
    .trim()
    .min(1, { error: EMPTY_FIELD })
    .max(MAX_AMENDMENT_MEMO, { error: `The memo can be at most ${MAX_AMENDMENT_MEMO} characters.` }),
});
export type AmendmentBody = z.infer<typeof amendmentBody>;

export const MAX_CAPACITY = 500;
export const capacityBody = z.object({
  capacity: numeric(
    z
      .number({ error: "Capacity must be a whole number." })
      .int({ error: "Capacity must be a whole number." })
      .min(0, { error: "Capacity cannot be negative." })
      .max(MAX_CAPACITY, { error: `Capacity can be at most ${MAX_CAPACITY}.` }),
  ),
});
