import type { Db } from "@/db";
import { searchDirectory } from "@/db/queries/search";

/**
 * GET /api/search: students, staff, courses and clusters whose names contain the query. The
 * query is echoed so the client can drop answers to a query it no longer shows. Staff may find a
 * student by number, but numbers are never returned.
 */
export async function search(db: Db, query: string, limit: number) {
  const text = query.trim();
  if (text === "") return { query, results: { students: [], staff: [], courses: [], clusters: [] } };
  const [students, staff, courses, clusters] = await searchDirectory(db, text, limit);
  return { query, results: { students, staff, courses, clusters } };
}
