import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../client";
import { setupTokens, users } from "../schema";

/** Serialises the first administrator's setup: two tabs with the same link create one account. */
const SETUP_LOCK = 728148;

export async function lockSetup(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
}

export async function anyAccountExists(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

export async function insertSetupToken(
  db: Db,
  values: { token_hash: string; created_at: Date; expires_at: Date },
) {
  await db.insert(setupTokens).values(values);
}

/** The unexpired setup token with this hash, if any. */
export async function findLiveSetupToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: setupTokens.id })
    .from(setupTokens)
    .where(and(eq(setupTokens.token_hash, tokenHash), gt(setupTokens.expires_at, now)))
    .limit(1);
  return row;
}

/** Every setup link (they all die with the first account). */
export async function deleteSetupTokens(db: Db) {
  await db.delete(setupTokens).where(sql`true`);
}
