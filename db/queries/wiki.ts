import "server-only";
import { and, asc, count, eq, inArray, max, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { wikiGroups, wikiPosts } from "../schema";
import { folded } from "../schema/columns";

export type WikiGroupRow = typeof wikiGroups.$inferSelect;

const postColumns = {
  id: wikiPosts.id,
  group_id: wikiPosts.group_id,
  title: wikiPosts.title,
  body: wikiPosts.body,
  author_name: wikiPosts.author_name,
  position: wikiPosts.position,
  created_at: wikiPosts.created_at,
  updated_at: wikiPosts.updated_at,
  /** The product's own help: which shipped post, and the revision it last received (lib/wiki/help). */
  product_key: wikiPosts.product_key,
  product_revision: wikiPosts.product_revision,
};
export type WikiPostRow = { [K in keyof typeof postColumns]: (typeof wikiPosts.$inferSelect)[K] };

/** Every group in page order, with how many posts each holds (one statement). */
export function listGroups(db: Db) {
  return db
    .select({
      id: wikiGroups.id,
      title: wikiGroups.title,
      subtitle: wikiGroups.subtitle,
      position: wikiGroups.position,
      audience: wikiGroups.audience,
      product_key: wikiGroups.product_key,
      post_count: count(wikiPosts.id),
    })
    .from(wikiGroups)
    .leftJoin(wikiPosts, eq(wikiPosts.group_id, wikiGroups.id))
    .groupBy(wikiGroups.id)
    .orderBy(asc(wikiGroups.position), asc(wikiGroups.id));
}

export async function findGroup(db: Db, id: number, forUpdate = false) {
  const query = db.select().from(wikiGroups).where(eq(wikiGroups.id, id)).limit(1);
  const [row] = await (forUpdate ? query.for("update") : query);
  return row;
}

/** A group's posts in order. */
export function postsOfGroup(db: Db, groupId: number) {
  return db
    .select(postColumns)
    .from(wikiPosts)
    .where(eq(wikiPosts.group_id, groupId))
    .orderBy(asc(wikiPosts.position), asc(wikiPosts.id));
}

/** One post with the title of its group. */
export async function findPost(db: Db, id: number) {
  const [row] = await db
    .select({
      ...postColumns,
      group_title: wikiGroups.title,
      group_subtitle: wikiGroups.subtitle,
      group_audience: wikiGroups.audience,
      group_key: wikiGroups.product_key,
    })
    .from(wikiPosts)
    .innerJoin(wikiGroups, eq(wikiGroups.id, wikiPosts.group_id))
    .where(eq(wikiPosts.id, id))
    .limit(1);
  return row;
}

export async function insertGroup(db: Db, values: { title: string; subtitle: string; audience?: WikiGroupRow["audience"] }) {
  const [{ next } = { next: 0 }] = await db
    .select({ next: sql<number>`coalesce(${max(wikiGroups.position)} + 1, 0)`.mapWith(Number) })
    .from(wikiGroups);
  const [row] = await db
    .insert(wikiGroups)
    .values({ ...values, position: next })
    .returning();
  return row!;
}

export async function updateGroup(
  db: Db,
  id: number,
  values: { title: string; subtitle: string; audience?: WikiGroupRow["audience"] },
) {
  await db.update(wikiGroups).set(values).where(eq(wikiGroups.id, id));
}

export async function deleteGroup(db: Db, id: number) {
  await db.delete(wikiGroups).where(eq(wikiGroups.id, id));
}

export async function countPosts(db: Db, groupId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(wikiPosts).where(eq(wikiPosts.group_id, groupId));
  return row?.n ?? 0;
}

/** The ids of all groups in order, locked so two reorders cannot interleave. */
export async function lockedGroupOrder(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: wikiGroups.id })
    .from(wikiGroups)
    .orderBy(asc(wikiGroups.position), asc(wikiGroups.id))
    .for("update");
  return rows.map((r) => r.id);
}

/** The ids of a group's posts in order (leaving one out), locked for a reorder. */
export async function lockedPostOrder(db: Db, groupId: number, except?: number): Promise<number[]> {
  const rows = await db
    .select({ id: wikiPosts.id })
    .from(wikiPosts)
    .where(and(eq(wikiPosts.group_id, groupId), except === undefined ? undefined : ne(wikiPosts.id, except)))
    .orderBy(asc(wikiPosts.position), asc(wikiPosts.id))
    .for("update");
  return rows.map((r) => r.id);
}

/** `position = index in ids`, in one statement; positions are small integers written inline. */
function positionCase(column: typeof wikiGroups.id | typeof wikiPosts.id, ids: number[]): SQL {
  const cases = ids.map((id, index) => sql`when ${column} = ${id} then ${sql.raw(String(index))}`);
  return sql`case ${sql.join(cases, sql` `)} end`;
}

export async function writeGroupOrder(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(wikiGroups)
    .set({ position: positionCase(wikiGroups.id, ids), updated_at: sql`${wikiGroups.updated_at}` })
    .where(inArray(wikiGroups.id, ids));
}

/** Puts the posts in `ids` into the group in that order (moving any that were elsewhere). */
export async function writePostOrder(db: Db, groupId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(wikiPosts)
    .set({
      group_id: groupId,
      position: positionCase(wikiPosts.id, ids),
      updated_at: sql`${wikiPosts.updated_at}`,
    })
    .where(inArray(wikiPosts.id, ids));
}

export async function insertPost(
  db: Db,
  values: { group_id: number; title: string; body: string; author_user_id: number; author_name: string },
) {
  const [{ next } = { next: 0 }] = await db
    .select({ next: sql<number>`coalesce(${max(wikiPosts.position)} + 1, 0)`.mapWith(Number) })
    .from(wikiPosts)
    .where(eq(wikiPosts.group_id, values.group_id));
  const [row] = await db
    .insert(wikiPosts)
    .values({ ...values, position: next })
    .returning({ id: wikiPosts.id });
  return row!.id;
}

export async function updatePost(db: Db, id: number, values: { title: string; body: string }) {
  await db.update(wikiPosts).set(values).where(eq(wikiPosts.id, id));
}

export async function deletePost(db: Db, id: number) {
  await db.delete(wikiPosts).where(eq(wikiPosts.id, id));
}

/**
 * Posts matching the words (all of them, the last as a prefix, stemmed as English) or whose title
 * contains the text; best matches first. `words` are letters and digits only, so they are safe in a tsquery.
 */
export const searchPostsQuery = (db: Db, withWords: boolean) => {
  const query = sql`to_tsquery('english'::regconfig, ${sql.placeholder("tsquery")})`;
  // The title as search compares names: accents and case aside, so "Resume" finds "Résumé" (db/schema/columns.ts folded).
  const titleContains = sql`${folded(wikiPosts.title)} like ${folded(sql`${sql.placeholder("pattern")}`)}`;
  const matches = withWords
    ? sql`(${wikiPosts.search_vector} @@ ${query} or ${titleContains})`
    : titleContains;
  // No words (punctuation only): title matches, by title; otherwise the best full-text rank first.
  const order = withWords
    ? [sql`ts_rank(${wikiPosts.search_vector}, ${query}) desc`, asc(wikiPosts.title)]
    : [asc(wikiPosts.title)];
  return db
    .select({
      id: wikiPosts.id,
      title: wikiPosts.title,
      body: wikiPosts.body,
      group_id: wikiPosts.group_id,
      group_title: wikiGroups.title,
      /** Matches before LIMIT, for the search panel's "Show all". */
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(wikiPosts)
    .innerJoin(wikiGroups, eq(wikiGroups.id, wikiPosts.group_id))
    .where(matches)
    .orderBy(...order, asc(wikiPosts.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
};
// Built once per database (db/prepared.ts): the global search runs it on every keystroke.
const byWords = preparedPerDb((db) => searchPostsQuery(db, true).prepare("wiki_search_words"));
const byTitle = preparedPerDb((db) => searchPostsQuery(db, false).prepare("wiki_search_title"));

export function searchPosts(db: Db, text: string, words: string[], limit: number, offset = 0) {
  const values = {
    tsquery: words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(" & "),
    pattern: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    limit,
    offset,
  };
  return (words.length ? byWords(db) : byTitle(db)).execute(values);
}
