import { z } from "zod";
import { id, idOf, text } from "@/lib/api/schemas";

/** POST /api/kiosks: a name for the device (e.g. "Room 204 door") and the teacher it checks students in for. */
export const kioskCreateBody = z.object({
  label: text({ label: "The name", max: 80, min: 1, required: "Give the kiosk a name." }),
  staff_id: idOf("teacher"),
});
export type KioskCreateBody = z.infer<typeof kioskCreateBody>;

export const kioskParams = z.object({ id });

/** POST /api/kiosk/check-in: what the student typed or scanned. */
export const kioskCheckInBody = z.object({
  student_number: text({ label: "The student number", max: 64, min: 1, required: "Enter a student number." }),
});
export type KioskCheckInBody = z.infer<typeof kioskCheckInBody>;
