import "server-only";
import { createHash } from "node:crypto";
import type { Db } from "@/db";
import {
  insertHelpGroups,
  insertHelpPosts,
  lockProductHelp,
  nextGroupPosition,
  productHelpGroups,
  productHelpPosts,
  recordShippedHelp,
  shippedHelpKeys,
  writeHelpPost,
} from "@/db/queries/product-help";
import { HELP_AUTHOR, HELP_GROUPS, resolvePostLinks, type HelpGroup } from "./content";

const groupKey = (key: string) => `group:${key}`;
const postKey = (slug: string) => `post:${slug}`;

/** What a post holds, as one hash: a post still equal to the revision it was given is unedited. */
export function helpRevision(title: string, body: string): string {
  return createHash("sha256").update(title).update("\u0000").update(body).digest("hex").slice(0, 32);
}

/**
 * Brings this database's copy of the product's help up to this release, at every start, idempotently:
 *  - a group or post this database never had is created (new groups after the school's own);
 *  - a post the school has not edited gets this release's text; an edited one is left as it is;
 *  - one the school deleted stays deleted (every key ever shipped is remembered).
 * One transaction under an advisory lock, so instances starting together ship once. The database holds
 * the English; a post's French and Spanish travel with the release (`translations`) and are shown to a
 * reader in that language while the school's copy is unedited (translated.server.ts).
 */
export async function shipProductHelp(db: Db, now: Date, groups: readonly HelpGroup[] = HELP_GROUPS) {
  await db.transaction(async (tx) => {
    await lockProductHelp(tx);
    const shipped = await shippedHelpKeys(tx);
    const groupIds = new Map((await productHelpGroups(tx)).map((row) => [row.key!, row.id]));

    // A key counts as shipped once recorded, or once a row carries it (help adopted by migration 0015).
    const existingPosts = new Set((await productHelpPosts(tx)).map((row) => row.key!));
    const newGroups = groups.filter((group) => !shipped.has(groupKey(group.key)) && !groupIds.has(group.key));
    let position = newGroups.length > 0 ? await nextGroupPosition(tx) : 0;
    const insertedGroups = await insertHelpGroups(
      tx,
      newGroups.map((group) => ({
        title: group.title,
        subtitle: group.subtitle,
        audience: group.audience,
        product_key: group.key,
        position: position++,
        created_at: now,
        updated_at: now,
      })),
    );
    for (const row of insertedGroups) groupIds.set(row.key!, row.id);

    const newPosts = groups.flatMap((group) =>
      group.posts
        .map((post, index) => ({ group, post, index }))
        .filter(
          ({ post }) =>
            !shipped.has(postKey(post.slug)) && !existingPosts.has(post.slug) && groupIds.has(group.key),
        ),
    );
    const insertedPosts = await insertHelpPosts(
      tx,
      newPosts.map(({ group, post, index }) => ({
        group_id: groupIds.get(group.key)!,
        title: post.title,
        body: post.body,
        author_name: HELP_AUTHOR,
        position: index,
        product_key: post.slug,
        product_revision: null,
        created_at: now,
        updated_at: now,
      })),
    );
    const created = new Set(insertedPosts.map((row) => row.key!));

    const current = await productHelpPosts(tx);
    const ids = new Map(current.map((row) => [row.key!, row.id]));
    const release = new Map(groups.flatMap((group) => group.posts).map((post) => [post.slug, post]));
    for (const row of current) {
      const post = release.get(row.key!);
      if (!post) continue; // retired from the product: the school's copy stays
      const body = resolvePostLinks(post.body, (slug) => ids.get(slug));
      const revision = helpRevision(post.title, body);
      const isNew = created.has(row.key!);
      const unedited = isNew || row.revision === helpRevision(row.title, row.body);
      if (unedited && row.revision !== revision) {
        await writeHelpPost(tx, row.id, { title: post.title, body, revision }, now, !isNew);
      }
    }

    // Every key this database now holds, created or adopted: once deleted, it stays deleted.
    await recordShippedHelp(
      tx,
      [...[...groupIds.keys()].map(groupKey), ...current.map((row) => postKey(row.key!))],
      now,
    );
  });
}
