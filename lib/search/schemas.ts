import { z } from "zod";
import { numeric, text } from "@/lib/api/schemas";

/** The groups of the global search, as named in its answer's `results`. */
export const SEARCH_KINDS = ["students", "staff", "courses", "clusters", "wiki"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Results of one kind a single answer may carry when `kind` picks it ("Show all" pages). */
export const MAX_KIND_PAGE = 50;
/** Results of each kind when every kind is searched: 5 for the panel, 15 for the recipient search. */
export const MAX_ALL_KINDS = 15;

export const searchQuery = z
  .object({
    query: text({ label: "The search", max: 100 }).default(""),
    limit: numeric(
      z
        .number({ error: "limit must be a whole number." })
        .int({ error: "limit must be a whole number." })
        .min(1, { error: "limit must be at least 1." })
        .max(MAX_KIND_PAGE, { error: `limit must be at most ${MAX_KIND_PAGE}.` }),
    ).default(5),
    /** Search one kind only (the panel's "Show all"); every kind when absent. */
    kind: z.enum(SEARCH_KINDS, { error: `kind must be one of ${SEARCH_KINDS.join(", ")}.` }).optional(),
    /** Results to skip, for the next page of one kind. */
    offset: numeric(
      z
        .number({ error: "offset must be a whole number." })
        .int({ error: "offset must be a whole number." })
        .min(0, { error: "offset must be 0 or more." })
        .max(100_000, { error: "offset must be at most 100000." }),
    ).default(0),
  })
  .superRefine((value, ctx) => {
    // Five searches side by side stay small; a longer page is for one kind at a time.
    if (!value.kind && value.limit > MAX_ALL_KINDS) {
      ctx.addIssue({
        code: "custom",
        path: ["limit"],
        message: `limit must be at most ${MAX_ALL_KINDS} unless one kind is asked for.`,
      });
    }
  });
