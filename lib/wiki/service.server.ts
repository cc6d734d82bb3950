import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import {
  countPosts,
  deleteGroup,
  deletePost,
  findGroup,
  findPost,
  insertGroup,
  insertPost,
  listGroups,
  lockedGroupOrder,
  lockedPostOrder,
  postsOfGroup,
  updateGroup,
  updatePost,
  writeGroupOrder,
  writePostOrder,
} from "@/db/queries/wiki";
import { conflict, invalid, notFound } from "@/lib/api/errors.server";
import { displayName } from "@/lib/people/current-user";
import type { Principal } from "@/lib/auth/principal";
import { helpLocale, translatedGroup, translatedPosts } from "./help/translated.server";
import { presentGroup, presentPost, type WikiGroup, type WikiPost } from "./present";
import type {
  WikiAudience,
  WikiGroupBody,
  WikiGroupUpdateBody,
  WikiPostBody,
  WikiPostUpdateBody,
} from "./schemas";
import type { CreatedWikiGroup, DeletedWikiItem, WikiPostWithGroup } from "./answers";

/**
 * The help wiki. Staff and sysadmins read it, students the groups meant for everyone; administrators write it. Every write runs in one
 * transaction with its audit_log row, so the log never disagrees with the wiki.
 */

const groupMissing = () => notFound("The wiki group could not be found.");
const postMissing = () => notFound("The wiki post could not be found.");

/** Students read only the groups meant for everyone; staff and sysadmins read every group. */
const mayRead = (reader: Principal, audience: WikiAudience) =>
  reader.role !== "student" || audience === "everyone";

/**
 * GET /api/wiki/groups: the groups the reader may read, in order; the product's own in `locale` where
 * the school kept them as shipped (lib/wiki/help/translated.server.ts).
 */
export async function wikiGroups(db: Db, reader: Principal, locale?: string): Promise<WikiGroup[]> {
  const language = helpLocale(locale);
  return (await listGroups(db))
    .filter((group) => mayRead(reader, group.audience))
    .map((group) => presentGroup(translatedGroup(group, group.product_key, language)));
}

/** GET /api/wiki/groups/{id}: the group's posts in order (404 for an unknown group, or one the reader may not read). */
export async function wikiGroupPosts(db: Db, reader: Principal, groupId: number, locale?: string): Promise<WikiPost[]> {
  const [group, posts] = await Promise.all([findGroup(db, groupId), postsOfGroup(db, groupId)]);
  if (!group || !mayRead(reader, group.audience)) throw groupMissing();
  return (await translatedPosts(db, posts, helpLocale(locale))).map(presentPost);
}

/** GET /api/wiki/posts/{id}: one post, with its group's title for the breadcrumb. */
export async function wikiPost(db: Db, reader: Principal, postId: number, locale?: string): Promise<WikiPostWithGroup> {
  const found = await findPost(db, postId);
  if (!found || !mayRead(reader, found.group_audience)) throw postMissing();
  const language = helpLocale(locale);
  const [row] = await translatedPosts(db, [found], language);
  const group = translatedGroup({ title: row!.group_title, subtitle: row!.group_subtitle }, row!.group_key, language);
  return { ...presentPost(row!), group: { id: row!.group_id, title: group.title } };
}

/** `ids` with `id` placed at `position` (clamped; the end when absent). */
function placed(ids: number[], id: number, position: number | undefined): number[] {
  const at = Math.min(position ?? ids.length, ids.length);
  return [...ids.slice(0, at), id, ...ids.slice(at)];
}

const audit = (db: Db, user: Principal, action: string, details: Record<string, unknown>) =>
  insertAudit(db, { actor_user_id: user.user.id, action, details });

/** POST /api/wiki/groups: a new group at the end of the list. */
export function createWikiGroup(db: Db, user: Principal, body: WikiGroupBody): Promise<CreatedWikiGroup> {
  return db.transaction(async (tx) => {
    const row = await insertGroup(tx, body);
    await audit(tx, user, "wiki.group.create", {
      group_id: row.id,
      title: row.title,
      audience: row.audience,
    });
    return {
      ...presentGroup({ ...row, post_count: 0 }),
      product_key: row.product_key,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  });
}

/** PUT /api/wiki/groups/{id}: new title and subtitle; `position` moves the group. */
export function updateWikiGroup(
  db: Db,
  user: Principal,
  id: number,
  body: WikiGroupUpdateBody,
): Promise<WikiGroup> {
  return db.transaction(async (tx) => {
    const before = await findGroup(tx, id, true);
    if (!before) throw groupMissing();
    await updateGroup(tx, id, { title: body.title, subtitle: body.subtitle, audience: body.audience });
    if (body.position !== undefined) {
      const order = (await lockedGroupOrder(tx)).filter((other) => other !== id);
      await writeGroupOrder(tx, placed(order, id, body.position));
    }
    await audit(tx, user, "wiki.group.update", {
      group_id: id,
      title: body.title,
      ...(before.title !== body.title ? { previous_title: before.title } : {}),
      ...(body.position !== undefined ? { position: body.position } : {}),
      // Who reads it: opening a group to students is a change the log must show.
      ...(body.audience !== undefined && body.audience !== before.audience
        ? { audience: body.audience, previous_audience: before.audience }
        : {}),
    });
    const group = (await listGroups(tx)).find((g) => g.id === id)!;
    return presentGroup(group);
  });
}

/** DELETE /api/wiki/groups/{id}: only an empty group, so no post is lost by one click. */
export function deleteWikiGroup(db: Db, user: Principal, id: number): Promise<DeletedWikiItem> {
  return db.transaction(async (tx) => {
    const group = await findGroup(tx, id, true);
    if (!group) throw groupMissing();
    const posts = await countPosts(tx, id);
    if (posts > 0) {
      throw conflict("wiki_group_not_empty", "Move or delete the posts in this group before deleting it.");
    }
    await deleteGroup(tx, id);
    await audit(tx, user, "wiki.group.delete", { group_id: id, title: group.title });
    return { id, deleted: true as const };
  });
}

async function targetGroup(db: Db, groupId: number) {
  const group = await findGroup(db, groupId, true);
  if (!group) throw invalid({ group_id: ["That wiki group could not be found."] });
  return group;
}

/** POST /api/wiki/posts: a new post at the end of its group, written by the caller. */
export function createWikiPost(db: Db, user: Principal, body: WikiPostBody) {
  return db.transaction(async (tx) => {
    await targetGroup(tx, body.group_id);
    const id = await insertPost(tx, {
      ...body,
      author_user_id: user.user.id,
      author_name: displayName(user),
    });
    await audit(tx, user, "wiki.post.create", { post_id: id, group_id: body.group_id, title: body.title });
    return wikiPost(tx, user, id);
  });
}

/** PUT /api/wiki/posts/{id}: new title and body; another `group_id` moves it, `position` places it. */
export function updateWikiPost(db: Db, user: Principal, id: number, body: WikiPostUpdateBody) {
  return db.transaction(async (tx) => {
    const before = await findPost(tx, id);
    if (!before) throw postMissing();
    await targetGroup(tx, body.group_id);
    const moved = before.group_id !== body.group_id;
    if (moved || body.position !== undefined) {
      const siblings = await lockedPostOrder(tx, body.group_id, id);
      if (moved) await writePostOrder(tx, before.group_id, await lockedPostOrder(tx, before.group_id, id));
      await writePostOrder(tx, body.group_id, placed(siblings, id, body.position));
    }
    await updatePost(tx, id, { title: body.title, body: body.body });
    await audit(tx, user, "wiki.post.update", {
      post_id: id,
      group_id: body.group_id,
      title: body.title,
      ...(moved ? { previous_group_id: before.group_id } : {}),
      ...(before.title !== body.title ? { previous_title: before.title } : {}),
      ...(before.body !== body.body ? { body_changed: true } : {}),
    });
    return wikiPost(tx, user, id);
  });
}

/** DELETE /api/wiki/posts/{id}. */
export function deleteWikiPost(db: Db, user: Principal, id: number): Promise<DeletedWikiItem> {
  return db.transaction(async (tx) => {
    const post = await findPost(tx, id);
    if (!post) throw postMissing();
    await deletePost(tx, id);
    await audit(tx, user, "wiki.post.delete", { post_id: id, group_id: post.group_id, title: post.title });
    return { id, deleted: true as const };
  });
}
