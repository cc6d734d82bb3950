import "server-only";
import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { pushSubscriptions } from "../schema";

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A device's subscription for an account: a browser re-subscribing (or a device changing hands) moves it. */
export async function upsertPushSubscription(
  db: Db,
  row: { user_id: number; endpoint: string; p256dh: string; auth: string; user_agent: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { user_id: row.user_id, p256dh: row.p256dh, auth: row.auth, user_agent: row.user_agent, created_at: sql`now()` },
    });
}

/** Keeps an account's `keep` newest devices and removes the rest (answers how many went). */
export async function pruneOldPushSubscriptions(db: Db, userId: number, keep: number): Promise<number> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.user_id, userId))
    .orderBy(desc(pushSubscriptions.created_at), desc(pushSubscriptions.id))
    .limit(keep);
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, userId), notInArray(pushSubscriptions.id, newest)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

export async function deletePushSubscription(db: Db, endpoint: string, userId?: number): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(userId === undefined ? eq(pushSubscriptions.endpoint, endpoint) : and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.user_id, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function pushSubscriptionsOf(db: Db, userIds: number[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.user_id, userIds));
}

export async function markPushSent(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(pushSubscriptions).set({ last_sent_at: sql`now()` }).where(inArray(pushSubscriptions.id, ids));
}

export async function countPushSubscriptions(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.user_id, userId));
  return row?.count ?? 0;
}
