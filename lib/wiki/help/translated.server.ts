import "server-only";
import type { Db } from "@/db";
import { productHelpPosts } from "@/db/queries/product-help";
import { isShippedLocale } from "@/lib/i18n/locales";
import { HELP_GROUPS, resolvePostLinks, type HelpGroup, type HelpLocale, type HelpPost } from "./content";
import { helpRevision } from "./ship.server";

/**
 * The product's own help in the reader's language. The database holds each shipped post in English
 * (its revision is the English's, so shipping is unchanged); a reader who asks for French or Spanish
 * gets the release's translation of a product post the school has not edited, and of a product group
 * the school has not renamed. What the school wrote or edited is shown as it is, in its own words.
 */

const releasePosts = new Map<string, HelpPost>(HELP_GROUPS.flatMap((group) => group.posts).map((post) => [post.slug, post]));
const releaseGroups = new Map<string, HelpGroup>(HELP_GROUPS.map((group) => [group.key, group]));

/** The language of a request's `locale` asking for a translation (English and anything else: none). */
export function helpLocale(value: string | undefined): HelpLocale | null {
  return isShippedLocale(value) && value !== "en" ? value : null;
}

/** A product group's title and subtitle in `locale`, while the school's copy is the release's English. */
export function translatedGroup<G extends { title: string; subtitle: string }>(
  group: G,
  key: string | null,
  locale: HelpLocale | null,
): G {
  const release = key && locale ? releaseGroups.get(key) : undefined;
  const translation = release?.translations?.[locale!];
  if (!release || !translation || group.title !== release.title || group.subtitle !== release.subtitle) return group;
  return { ...group, title: translation.title, subtitle: translation.subtitle };
}

interface PostCopy {
  title: string;
  body: string;
  product_key: string | null;
  product_revision: string | null;
}

const translationOf = (row: PostCopy, locale: HelpLocale) => {
  if (!row.product_key || row.product_revision !== helpRevision(row.title, row.body)) return undefined;
  return releasePosts.get(row.product_key)?.translations?.[locale];
};

/**
 * Posts with each unedited product post's title and body in `locale` (its `(post:slug)` links pointing
 * at this database's posts: one more statement, only when a translation is shown).
 */
export async function translatedPosts<P extends PostCopy>(db: Db, rows: P[], locale: HelpLocale | null): Promise<P[]> {
  if (!locale || !rows.some((row) => translationOf(row, locale))) return rows;
  const ids = new Map((await productHelpPosts(db)).map((row) => [row.key!, row.id]));
  return rows.map((row) => {
    const translation = translationOf(row, locale);
    if (!translation) return row;
    return { ...row, title: translation.title, body: resolvePostLinks(translation.body, (slug) => ids.get(slug)) };
  });
}
