import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { feedback, staff, sysadmins, users } from "../schema";

export type FeedbackRow = typeof feedback.$inferSelect;

export async function insertFeedback(db: Db, values: typeof feedback.$inferInsert): Promise<FeedbackRow> {
  const [row] = await db.insert(feedback).values(values).returning();
  return row!;
}

/** The newest feedback first, with who sent it (staff or sysadmin), in one statement. */
export async function listFeedback(db: Db, limit: number) {
  return db
    .select({ feedback, account_type: users.account_type, staff, sysadmin: sysadmins })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.user_id))
    .leftJoin(staff, eq(staff.user_id, feedback.user_id))
    .leftJoin(sysadmins, eq(sysadmins.user_id, feedback.user_id))
    .orderBy(desc(feedback.created_at), desc(feedback.id))
    .limit(limit);
}
