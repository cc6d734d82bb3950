import { z } from "zod";

/** The wiki's answers as zod schemas (spec §3 "Wiki group" and "Wiki post", plus order, counts and dates); the presenters' types are inferred from them. */

export const wikiGroupAnswer = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string(),
  position: z.number(),
  /** "staff", or "everyone" when students read it too. */
  audience: z.enum(["staff", "everyone"]),
  post_count: z.number(),
  /** As the original: true when the group has posts. */
  new: z.boolean(),
});
export type WikiGroup = z.infer<typeof wikiGroupAnswer>;

export const wikiPostAnswer = z.object({
  id: z.number(),
  title: z.string(),
  /** Markdown, exactly as written. */
  body: z.string(),
  author: z.object({ name: z.string() }),
  group_id: z.number(),
  position: z.number(),
  /** The opening words as plain text, for lists. */
  excerpt: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WikiPost = z.infer<typeof wikiPostAnswer>;

/**
 * POST /api/wiki/groups (201): the new group, with the row's key of the product's own help (null for a
 * school's group) and its timestamps, as the answer has always carried them.
 */
export const createdWikiGroupAnswer = wikiGroupAnswer.extend({
  product_key: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CreatedWikiGroup = z.infer<typeof createdWikiGroupAnswer>;

/** GET /api/wiki/groups. */
export const wikiGroupListAnswer = z.array(wikiGroupAnswer);
/** GET /api/wiki/groups/{id}: the group's posts in order. */
export const wikiPostListAnswer = z.array(wikiPostAnswer);

/** GET, POST and PUT of a post: the post with its group. */
export const wikiPostWithGroupAnswer = wikiPostAnswer.extend({
  group: z.object({ id: z.number(), title: z.string() }),
});
export type WikiPostWithGroup = z.infer<typeof wikiPostWithGroupAnswer>;

/** DELETE of a group or a post. */
export const deletedWikiItemAnswer = z.object({ id: z.number(), deleted: z.literal(true) });
export type DeletedWikiItem = z.infer<typeof deletedWikiItemAnswer>;

/** A wiki post matching the words, with a snippet around them. */
export const wikiHitAnswer = z.object({
  id: z.number(),
  title: z.string(),
  group_id: z.number(),
  group_title: z.string(),
  snippet: z.string(),
});
export type WikiHit = z.infer<typeof wikiHitAnswer>;
