import "server-only";
import type { Db } from "@/db";
import {
  searchClusters,
  searchCourses,
  searchStaff,
  searchStudents,
  type SearchPage,
} from "@/db/queries/search";
import type { StudentNumbers } from "@/db/queries/people";
import type { Principal } from "@/lib/auth/principal";
import { studentNumbersFor } from "@/lib/people/lists.server";
import { searchWiki } from "@/lib/wiki/search.server";
import { presentClusters, presentCourses, presentStaff, presentStudents, totalOf } from "./present";
import { SEARCH_KINDS, type SearchKind } from "./schemas";
import type { SearchAnswer } from "./answers";

type Results = SearchAnswer["results"];

/** One kind's page and how many match in all: one statement. */
async function searchKind(db: Db, kind: SearchKind, text: string, page: SearchPage, numbers: StudentNumbers) {
  switch (kind) {
    case "students": {
      const rows = await searchStudents(db, text, page, numbers);
      return { hits: presentStudents(rows), total: totalOf(rows) };
    }
    case "staff": {
      const rows = await searchStaff(db, text, page);
      return { hits: presentStaff(rows), total: totalOf(rows) };
    }
    case "courses": {
      const rows = await searchCourses(db, text, page);
      return { hits: presentCourses(rows), total: totalOf(rows) };
    }
    case "clusters": {
      const rows = await searchClusters(db, text, page);
      return { hits: presentClusters(rows), total: totalOf(rows) };
    }
    case "wiki":
      return searchWiki(db, text, page.limit, page.offset);
  }
}

/**
 * GET /api/search: students, staff, courses and clusters whose names contain the query, and wiki
 * posts that match it (full text). The query is echoed so the client can drop answers to a query
 * it no longer shows. Staff may find a student by number; a student's number is returned only to a
 * viewer who may see it (lib/people/lists.server.ts studentNumbersFor).
 * `totals` counts every match of each kind searched (the panel's "Show all"); `kind` searches one
 * kind only, a page at a time, and leaves the other lists empty.
 */
export async function search(
  db: Db,
  viewer: Principal,
  query: string,
  limit: number,
  options: { kind?: SearchKind; offset?: number } = {},
): Promise<SearchAnswer> {
  const results: Results = { students: [], staff: [], courses: [], clusters: [], wiki: [] };
  const totals: Partial<Record<SearchKind, number>> = {};
  const text = query.trim();
  const kinds = options.kind ? [options.kind] : SEARCH_KINDS;
  if (text === "") {
    for (const kind of kinds) totals[kind] = 0;
    return { query, results, totals };
  }
  const page = { limit, offset: options.offset ?? 0 };
  // One statement per kind, side by side.
  const numbers = studentNumbersFor(viewer);
  const found = await Promise.all(kinds.map((kind) => searchKind(db, kind, text, page, numbers)));
  kinds.forEach((kind, i) => {
    (results as Record<SearchKind, unknown[]>)[kind] = found[i]!.hits;
    totals[kind] = found[i]!.total;
  });
  return { query, results, totals };
}
