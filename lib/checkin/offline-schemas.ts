import { z } from "zod";
import { idOf } from "@/lib/api/schemas";
import { checkInBody } from "./schemas";

/**
 * POST /api/check-in as the offline queue sends it: the spec's body plus an optional client-generated
 * `submission_id` (a UUID) and `replay` (a later try of a kept submission). Other clients leave them out
 * and nothing changes for them.
 */
export const checkInSubmitBody = checkInBody.extend({
  submission_id: z.uuid({ error: "submission_id must be a UUID." }).optional(),
  /** True when the device sends a submission again that it kept while it could not reach the server (the audit log says so). */
  replay: z.boolean({ error: "replay must be true or false." }).optional(),
});
export type CheckInSubmitBody = z.infer<typeof checkInSubmitBody>;

/** POST /api/check-in/move. */
export const checkInMoveBody = z.object({
  entry_id: idOf("check-in"),
});
