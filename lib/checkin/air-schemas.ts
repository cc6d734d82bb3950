import { z } from "zod";
import { text } from "@/lib/api/schemas";

/** POST /api/check-in/air: the code as typed (spaces, dashes and case do not matter). */
export const airCheckInBody = z.object({
  code: text({ label: "The code", max: 32, min: 1, required: "Enter the code your teacher shows." }),
});
export type AirCheckInBody = z.infer<typeof airCheckInBody>;
