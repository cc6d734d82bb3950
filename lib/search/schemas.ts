import { z } from "zod";

export const searchQuery = z.object({
  query: z.string().max(100, "Search for at most 100 characters.").default(""),
});
