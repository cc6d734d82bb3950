import "server-only";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { outbox, passwordResets } from "../schema";

export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** Voids the account's links that are still unused (a newer one replaces them); answers their ids. */
export async function voidOpenPasswordResets(db: Db, userId: number, now: Date, keepId?: number): Promise<number[]> {
  const rows = await db
    .update(passwordResets)
    .set({ voided_at: now })
    .where(
      and(
        eq(passwordResets.user_id, userId),
        isNull(passwordResets.used_at),
        isNull(passwordResets.voided_at),
        keepId === undefined ? undefined : ne(passwordResets.id, keepId),
      ),
    )
    .returning({ id: passwordResets.id });
  return rows.map((r) => r.id);
}

export async function insertPasswordReset(
  db: Db,
  values: { user_id: number; token_hash: string; expires_at: Date; address: string | null; created_at: Date },
): Promise<number> {
  const [row] = await db.insert(passwordResets).values(values).returning({ id: passwordResets.id });
  return row!.id;
}

export async function findPasswordResetByHash(db: Db, tokenHash: string): Promise<PasswordResetRow | undefined> {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.token_hash, tokenHash)).limit(1);
  return row;
}

/**
 * Takes the link for its one use, in one statement: only while it is unused, not voided and not expired,
 * so two requests racing with the same link cannot both change the password. Answers whether it was taken.
 */
export async function takePasswordReset(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ used_at: now })
    .where(
      and(
        eq(passwordResets.id, id),
        isNull(passwordResets.used_at),
        isNull(passwordResets.voided_at),
        gt(passwordResets.expires_at, now),
      ),
    )
    .returning({ id: passwordResets.id });
  return rows.length > 0;
}

/**
 * The outbox keeps what an email says until it is sent (a retry sends the same words), so the password
 * email's link (the token in clear) is in its row: once the link is used or replaced, the link is taken
 * out of the row's data, so a copy of the database holds no token that was ever live for longer than needed.
 */
export async function scrubPasswordResetLinks(db: Db, userId: number) {
  await db
    .update(outbox)
    .set({
      data: sql`jsonb_set(${outbox.data}, '{content,action,path}', '"/reset-password"'::jsonb, false)`,
    })
    .where(and(eq(outbox.user_id, userId), eq(outbox.kind, "password_reset"), sql`${outbox.data} #>> '{content,action,path}' <> '/reset-password'`));
}

/** A replaced link's email that has not gone yet (and no sender holds) is not sent at all. */
export async function dropQueuedPasswordResetMail(db: Db, userId: number) {
  await db
    .delete(outbox)
    .where(
      and(
        eq(outbox.user_id, userId),
        eq(outbox.kind, "password_reset"),
        eq(outbox.status, "queued"),
        sql`(${outbox.locked_until} is null or ${outbox.locked_until} < now())`,
      ),
    );
}
