import { z } from "zod";
import { idOf, text } from "@/lib/api/schemas";

/** Request schemas for the wiki (shared by the routes and the editor forms). */

export const MAX_WIKI_TITLE = 120;
export const MAX_WIKI_SUBTITLE = 200;
/** A long help page is a few thousand words; this leaves room and stays under the request cap. */
export const MAX_WIKI_BODY = 100_000;

export const wikiGroupParams = z.object({ id: idOf("wiki group") });
export const wikiPostParams = z.object({ id: idOf("wiki post") });

/**
 * Reading the wiki: `locale` (the Help screen's language, "fr-CA" or "es") shows the product's own
 * help in it where the school has not edited it; any other value, or none, the posts as stored.
 */
export const wikiReadQuery = z.object({ locale: z.string().max(35).optional() });

const position = z
  .number({ error: "A position must be a whole number." })
  .int({ error: "A position must be a whole number." })
  .min(0, { error: "A position cannot be negative." })
  .max(10_000, { error: "A position must be a whole number." });

/** Who reads a group: staff only, or students too (their Help screen). */
export const WIKI_AUDIENCES = ["staff", "everyone"] as const;
export type WikiAudience = (typeof WIKI_AUDIENCES)[number];

export const wikiGroupBody = z.object({
  title: text({ label: "The title", max: MAX_WIKI_TITLE, min: 1 }),
  subtitle: text({ label: "The subtitle", max: MAX_WIKI_SUBTITLE }).default(""),
  /** Absent: staff only for a new group, unchanged for an edited one. */
  audience: z.enum(WIKI_AUDIENCES, { error: 'Who reads the group must be "staff" or "everyone".' }).optional(),
});
export type WikiGroupBody = z.infer<typeof wikiGroupBody>;

/** Edit a group; `position` (0 = first) moves it. */
export const wikiGroupUpdateBody = wikiGroupBody.extend({ position: position.optional() });
export type WikiGroupUpdateBody = z.infer<typeof wikiGroupUpdateBody>;

export const wikiPostBody = z.object({
  group_id: idOf("wiki group"),
  title: text({ label: "The title", max: MAX_WIKI_TITLE, min: 1 }),
  // Markdown is stored exactly as written: no trimming, line breaks and tabs kept.
  body: text({ label: "The post", max: MAX_WIKI_BODY, multiline: true, keepSpaces: true }).refine(
    (value) => value.trim().length > 0,
    { error: "This field cannot be empty." },
  ),
});
export type WikiPostBody = z.infer<typeof wikiPostBody>;

/** Edit a post; a different `group_id` moves it there, `position` (0 = first) places it in the group. */
export const wikiPostUpdateBody = wikiPostBody.extend({ position: position.optional() });
export type WikiPostUpdateBody = z.infer<typeof wikiPostUpdateBody>;
