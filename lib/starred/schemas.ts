import { z } from "zod";
import { idOf } from "@/lib/api/schemas";

export const STAR_ITEM_TYPES = ["student", "staff", "course", "cluster"] as const;

export const starBody = z.object({
  item_type: z.enum(STAR_ITEM_TYPES, { error: "Choose student, staff, course or cluster." }),
  item_id: idOf("item id"),
});
export type StarBody = z.infer<typeof starBody>;
