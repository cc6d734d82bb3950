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

export const waitlistAcceptBody = z.object({ block_id: idOf("block"), date: schoolDate, staff_id: idOf("staff member") });
export type WaitlistAcceptBody = z.infer<typeof waitlistAcceptBody>;

export const staffWaitlistParams = z.object({ id: idOf("staff id"), date: schoolDate });
