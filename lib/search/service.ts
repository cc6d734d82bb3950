import type { Db } from "@/db";
import { searchDirectory } from "@/db/queries/search";

/** At most this many results of each kind. */
export const RESULTS_PER_KIND = 5;

/**
 * GET /api/search: students, staff, courses and clusters whose names contain the query. The
 * query is echoed so the client can drop answers to a query it no longer shows. Staff may find a
 * student by number, but numbers are never returned.
 */
export async function search(db: Db, query: string) {
  const text = query.trim();
  if (text === "") return { query, results: { students: [], staff: [], courses: [], clusters: [] } };
  const [students, staff, courses, clusters] = await searchDirectory(db, text, RESULTS_PER_KIND);
  return { query, results: { students, staff, courses, clusters } };
}
