import { z } from "zod";

/** The audit log's answer as a zod schema; the service's and the page's types are inferred from it. */

/** An entry as the /audit page shows it. */
export const auditEntryAnswer = z.object({
  id: z.number(),
  created_at: z.string(),
  action: z.string(),
  action_label: z.string(),
  /** null when the account was deleted since, or the system acted. */
  actor: z.object({ user_id: z.number(), name: z.string(), role: z.string().nullable() }).nullable(),
  target: z.object({ user_id: z.number(), name: z.string(), username: z.string().nullable() }).nullable(),
  /** What the action recorded; its fields depend on the action. */
  details: z.record(z.string(), z.unknown()).nullable(),
  summary: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntryAnswer>;

/** GET /api/audit: the newest matching entries, and the choices for the actor and action filters. */
export const auditLogAnswer = z.object({
  entries: z.array(auditEntryAnswer),
  /** More entries match than are shown (narrow the filters, or export). */
  truncated: z.boolean(),
  limit: z.number(),
  actors: z.array(z.object({ user_id: z.number(), name: z.string() })),
  actions: z.array(z.object({ action: z.string(), label: z.string() })),
});
export type AuditLogView = z.infer<typeof auditLogAnswer>;
