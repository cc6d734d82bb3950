import { z } from "zod";
import { OUTBOX_STATUSES } from "./kinds";

export const mailLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  status: z.enum(OUTBOX_STATUSES).optional(),
  channel: z.enum(["email", "push"]).optional(),
});
