import type { Db } from "../client";
import { auditLog } from "../schema";

export type AuditEntry = typeof auditLog.$inferInsert;

/** Records who did what (and to whom) for later review. */
export async function insertAudit(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values(entry);
}
