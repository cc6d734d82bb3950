import { z } from "zod";

export const searchQuery = z.object({
  query: z.string().max(100, "Search for at most 100 characters.").default(""),
  /** Results of each kind: 5 for the search panel, up to 15 for the notification recipient search. */
  limit: z.coerce.number().int().min(1).max(15).default(5),
});
