import { z } from "zod";
import { idOf, schoolDate, text } from "@/lib/api/schemas";

/** An empty query parameter (a cleared filter) means "no filter". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** GET /api/audit and /api/audit/export: filters by actor (a user id), action and school dates. */
export const auditQuery = z.object({
  actor: optional(idOf("actor")),
  action: optional(text({ label: "The action", max: 100 })),
  from: optional(schoolDate),
  to: optional(schoolDate),
});
export type AuditQuery = z.infer<typeof auditQuery>;
