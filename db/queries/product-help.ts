import "server-only";
import { eq, isNotNull, max, sql } from "drizzle-orm";
import type { Db } from "../client";
import { productHelpShipped, wikiGroups, wikiPosts } from "../schema";

/** Serialises shipping the product's help when several instances start at once. */
const HELP_LOCK = 728147;

export async function lockProductHelp(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(${HELP_LOCK})`);
}

export async function shippedHelpKeys(db: Db): Promise<Set<string>> {
  const rows = await db.select({ key: productHelpShipped.key }).from(productHelpShipped);
  return new Set(rows.map((row) => row.key));
}

export async function recordShippedHelp(db: Db, keys: string[], now: Date) {
  if (keys.length === 0) return;
  await db
    .insert(productHelpShipped)
    .values(keys.map((key) => ({ key, shipped_at: now })))
    .onConflictDoNothing();
}

export function productHelpGroups(db: Db) {
  return db
    .select({ id: wikiGroups.id, key: wikiGroups.product_key })
    .from(wikiGroups)
    .where(isNotNull(wikiGroups.product_key));
}

export function productHelpPosts(db: Db) {
  return db
    .select({
      id: wikiPosts.id,
      key: wikiPosts.product_key,
      title: wikiPosts.title,
      body: wikiPosts.body,
      revision: wikiPosts.product_revision,
    })
    .from(wikiPosts)
    .where(isNotNull(wikiPosts.product_key));
}

export async function nextGroupPosition(db: Db): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(${max(wikiGroups.position)} + 1, 0)`.mapWith(Number) })
    .from(wikiGroups);
  return row?.next ?? 0;
}

export async function insertHelpGroups(db: Db, rows: (typeof wikiGroups.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(wikiGroups).values(rows).returning({ id: wikiGroups.id, key: wikiGroups.product_key });
}

export async function insertHelpPosts(db: Db, rows: (typeof wikiPosts.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(wikiPosts).values(rows).returning({ id: wikiPosts.id, key: wikiPosts.product_key });
}

/** Writes a shipped revision into a post; its dates stay as they were unless `touch`. */
export async function writeHelpPost(
  db: Db,
  id: number,
  values: { title: string; body: string; revision: string },
  now: Date,
  touch: boolean,
) {
  await db
    .update(wikiPosts)
    .set({
      title: values.title,
      body: values.body,
      product_revision: values.revision,
      updated_at: touch ? now : sql`${wikiPosts.updated_at}`,
    })
    .where(eq(wikiPosts.id, id));
}
