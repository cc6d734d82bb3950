import { z } from "zod";

/** Feedback as the API answers it; the service's type is inferred from it. */
export const feedbackAnswer = z.object({
  id: z.number(),
  feedback: z.string(),
  /** Comma-joined tags, as the spec sends them. */
  tags: z.string(),
  /** The sender's account address (never one the client sends). */
  email: z.string(),
  allow_response: z.boolean(),
  created_at: z.string(),
  /** Who sent it (the list only; null on the sender's own answer, or for a deleted account). */
  from: z.string().nullable(),
});
export type PresentedFeedback = z.infer<typeof feedbackAnswer>;

/** GET /api/feedback: newest first. */
export const feedbackListAnswer = z.array(feedbackAnswer);
