import { z } from "zod";

export const STAR_ITEM_TYPES = ["student", "staff", "course", "cluster"] as const;

export const starBody = z.object({
  item_type: z.enum(STAR_ITEM_TYPES, { error: "Choose student, staff, course or cluster." }),
  item_id: z.coerce.number({ error: "An item id is required." }).int().positive(),
});
export type StarBody = z.infer<typeof starBody>;
