import "server-only";
import type { Db } from "@/db";
import { insertFeedback, listFeedback, type FeedbackRow } from "@/db/queries/feedback";
import type { Principal } from "@/lib/auth/principal";
import { staffName } from "@/lib/people/names";
import type { feedbackBody } from "./schemas";
import type { z } from "zod";
import type { PresentedFeedback } from "./answers";

/** The most feedback entries GET /api/feedback returns (newest first). */
export const FEEDBACK_LIST_LIMIT = 500;

/** The account's own address: staff and sysadmins have an email; anyone else their username. */
function accountEmail(principal: Principal): string {
  return principal.staff?.email ?? principal.sysadmin?.email ?? principal.user.username;
}

export function presentFeedback(row: FeedbackRow, from: string | null): PresentedFeedback {
  return {
    id: row.id,
    feedback: row.feedback,
    tags: row.tags,
    email: row.email,
    allow_response: row.allow_response,
    created_at: row.created_at.toISOString(),
    from,
  };
}

export type { PresentedFeedback };

/** POST /api/feedback: stored with the sender's account and email (never an email the client sends). */
export async function sendFeedback(
  db: Db,
  principal: Principal,
  body: z.output<typeof feedbackBody>,
  now: Date,
) {
  const row = await insertFeedback(db, {
    user_id: principal.user.id,
    feedback: body.feedback,
    tags: body.tags.join(","),
    email: accountEmail(principal),
    allow_response: body.allow_response,
    created_at: now,
  });
  return presentFeedback(row, null);
}

/** GET /api/feedback: what people sent, newest first, for administrators. */
export async function feedbackList(db: Db) {
  const rows = await listFeedback(db, FEEDBACK_LIST_LIMIT);
  return rows.map(({ feedback, staff, sysadmin }) =>
    presentFeedback(feedback, staff ? staffName(staff) : (sysadmin?.name ?? null)),
  );
}
