import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { clusters, courses, sections, students } from "../schema";

/**
 * What "who may join" (lib/choice/audience.ts) reads: a student's grade, clusters and the sections
 * they are enrolled in on a date, in one statement; and the names of clusters and sections (a statement
 * for each kind asked for).
 */

/** The student's grade, cluster ids and the sections of their enrolments current on `date`. */
export async function audienceFactsOf(db: Db, studentId: number, date: string) {
  const [row] = await db
    .select({
      grade: students.grade,
      cluster_ids: sql<number[]>`coalesce((select array_agg(cm.cluster_id order by cm.cluster_id)
        from cluster_members cm where cm.student_id = students.id), '{}')`,
      section_ids: sql<number[]>`coalesce((select array_agg(distinct en.section_id order by en.section_id)
        from enrollments en where en.student_id = students.id and en.section_id is not null
          and en.dropped_at is null
          and (en.begin_date is null or en.begin_date <= ${date}::date)
          and (en.end_date is null or en.end_date >= ${date}::date)), '{}')`,
    })
    .from(students)
    .where(eq(students.id, studentId))
    .limit(1);
  if (!row) return undefined;
  return { grade: row.grade, cluster_ids: numbers(row.cluster_ids), section_ids: numbers(row.section_ids) };
}

/** postgres.js and PGlite give int arrays as arrays; a driver that gives the text form "{1,2}" is read too. */
function numbers(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === "string") return value.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
  return [];
}

/**
 * The clusters and sections of these ids that exist (sections not archived), with the names a refusal
 * reads: a cluster's name, a section's code (its course's short name before it when the code does not
 * already carry it: "MATH10 A1"). A statement for each of the two lists that is not empty.
 */
export async function audienceNamesOf(db: Db, clusterIds: readonly number[], sectionIds: readonly number[]) {
  const wantClusters = clusterIds.length > 0;
  const wantSections = sectionIds.length > 0;
  const [clusterRows, sectionRows] = await Promise.all([
    wantClusters
      ? db
          .select({ id: clusters.id, name: clusters.name })
          .from(clusters)
          .where(inArray(clusters.id, [...clusterIds]))
      : Promise.resolve([]),
    wantSections
      ? db
          .select({ id: sections.id, code: sections.code, short_name: courses.short_name, archived_at: sections.archived_at })
          .from(sections)
          .innerJoin(courses, eq(courses.id, sections.course_id))
          .where(inArray(sections.id, [...sectionIds]))
      : Promise.resolve([]),
  ]);
  return {
    clusters: new Map(clusterRows.map((row) => [row.id, row.name])),
    sections: new Map(
      sectionRows
        .filter((row) => row.archived_at === null)
        .map((row) => [row.id, sectionName(row.code, row.short_name)]),
    ),
  };
}

const sectionName = (code: string, shortName: string) =>
  code.toLowerCase().includes(shortName.toLowerCase()) ? code : `${shortName} ${code}`;
