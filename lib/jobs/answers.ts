import { z } from "zod";

/** GET /api/jobs/{id}: a background job's status and progress (done of total), and its result once it has one. */
export const jobAnswer = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.enum(["queued", "running", "succeeded", "failed"]),
  done: z.number(),
  total: z.number().nullable(),
  attempts: z.number(),
  error: z.string().nullable(),
  /** What the job reports when it ends; its fields depend on the kind. */
  result: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type JobView = z.infer<typeof jobAnswer>;
