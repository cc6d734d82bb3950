import { z } from "zod";
import { STAR_ITEM_TYPES } from "./schemas";

/** The star answers as zod schemas; the service's and the starred panel's types are inferred from them. */

/** One of GET /api/starred: a star with its item's live label (a course's short name too). */
export const starredItemAnswer = z.object({
  id: z.number(),
  item_type: z.enum(STAR_ITEM_TYPES),
  item_id: z.number(),
  label: z.string(),
  isStarred: z.boolean(),
  short_name: z.string().optional(),
});
export type StarredItem = z.infer<typeof starredItemAnswer>;

/** POST /api/star and /api/unstar: the item as sent, its label and whether it is starred now. */
export const starAnswer = z.object({
  item_type: z.enum(STAR_ITEM_TYPES),
  item_id: z.number(),
  label: z.string(),
  isStarred: z.boolean(),
});
export type StarAnswer = z.infer<typeof starAnswer>;
