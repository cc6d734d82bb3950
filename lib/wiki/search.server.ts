import "server-only";
import type { Db } from "@/db";
import { searchPosts } from "@/db/queries/wiki";
import { snippetOf } from "./present";
import type { WikiHit } from "./answers";

/** The words of a query as the full-text search sees them: letters and digits only, at most 8. */
export function queryWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/**
 * Wiki posts for the global search: id, title, the group it is in, and the line that matched; `total`
 * counts every match, not only this page.
 */
export async function searchWiki(db: Db, text: string, limit: number, offset = 0): Promise<{ hits: WikiHit[]; total: number }> {
  const words = queryWords(text);
  const rows = await searchPosts(db, text, words, limit, offset);
  const hits = rows.map((row) => ({
    id: row.id,
    title: row.title,
    group_id: row.group_id,
    group_title: row.group_title,
    snippet: snippetOf(row.body, words),
  }));
  return { hits, total: rows[0]?.total ?? 0 };
}
