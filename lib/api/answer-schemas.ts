import { z } from "zod";

/** Answers many routes share, as zod schemas (routes declare them as their `response`). */

/** A sentence that says it worked: `{ message: "Logged out successfully." }`. */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;
