import "server-only";
import { and, asc, count, eq, isNull, or, sql, type AnyColumn } from "drizzle-orm";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { clusterMembers, clusters, courses, staff, students } from "../schema";
import { folded, foldedAsc } from "../schema/columns";
import { studentDisplayFirstName } from "./people";
import { staffRefColumns } from "./staff-ref";

/** `%text%` with LIKE's own wildcards escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of one kind of result. */
export interface SearchPage {
  limit: number;
  offset: number;
}

/**
 * Every row carries the number of matches before LIMIT (a window over the whole match), so the
 * search panel can offer "Show all" without a second statement.
 */
const total = sql<number>`count(*) over ()`.mapWith(Number);

/** Students (not archived) by first, last or full name, or by exact student number. */
const pattern = sql.placeholder("pattern");
/** The pattern folded as the names are (accents removed, lower case): computed once per statement. */
const foldedPattern = folded(sql`${pattern}`);
/**
 * Names joined by spaces, folded (db/schema/columns.ts), contain the text: accent- and case-insensitive,
 * "elodie" finds "Élodie". A text inside one of the names is inside the joined names too, so one
 * expression answers the first, the last and the full name, and it is the one the trigram index holds
 * (db/schema foldedSearchIndex).
 */
const namesContain = (...columns: AnyColumn[]) =>
  sql`${folded(sql.join(columns, sql` || ' ' || `))} like ${foldedPattern}`;
const exact = sql.placeholder("text");
const limit = sql.placeholder("limit");
const offset = sql.placeholder("offset");

/** The placeholder values of a search statement (statements built once, db/prepared.ts). */
export const searchValues = (text: string, page: SearchPage) => ({
  pattern: contains(text),
  text,
  limit: page.limit,
  offset: page.offset,
});

export const searchStudentsQuery = (db: Db) =>
  db
    .select({
      id: students.id,
      first_name: studentDisplayFirstName,
      last_name: students.last_name,
      grade: students.grade,
      total,
    })
    .from(students)
    .where(
      and(
        isNull(students.archived_at),
        or(
          // Either name finds a student: the legal first name and the preferred one.
          namesContain(students.first_name, students.last_name),
          namesContain(students.preferred_first_name, students.last_name),
          eq(students.student_number, exact),
        ),
      ),
    )
    .orderBy(foldedAsc(students.last_name), foldedAsc(studentDisplayFirstName), asc(students.id))
    .limit(limit)
    .offset(offset);
const studentsPrepared = preparedPerDb((db) => searchStudentsQuery(db).prepare("search_students"));
export const searchStudents = (db: Db, text: string, page: SearchPage) =>
  studentsPrepared(db).execute(searchValues(text, page));

/** Staff by first, last or full name, with their email (search is for staff only). */
export const searchStaffQuery = (db: Db) =>
  db
    .select({
      ...staffRefColumns,
      email: staff.email,
      total,
    })
    .from(staff)
    .where(namesContain(staff.first_name, staff.last_name))
    .orderBy(foldedAsc(staff.last_name), foldedAsc(staff.first_name), asc(staff.id))
    .limit(limit)
    .offset(offset);
const staffPrepared = preparedPerDb((db) => searchStaffQuery(db).prepare("search_staff"));
export const searchStaff = (db: Db, text: string, page: SearchPage) =>
  staffPrepared(db).execute(searchValues(text, page));

/** Courses by name or short name, with the teacher who owns the course. */
export const searchCoursesQuery = (db: Db) =>
  db
    .select({
      id: courses.id,
      name: courses.name,
      short_name: courses.short_name,
      teacher: staffRefColumns,
      total,
    })
    .from(courses)
    .leftJoin(staff, eq(staff.id, courses.owner_id))
    .where(or(namesContain(courses.name), namesContain(courses.short_name)))
    .orderBy(foldedAsc(courses.name), asc(courses.id))
    .limit(limit)
    .offset(offset);
const coursesPrepared = preparedPerDb((db) => searchCoursesQuery(db).prepare("search_courses"));
export const searchCourses = (db: Db, text: string, page: SearchPage) =>
  coursesPrepared(db).execute(searchValues(text, page));

/** Clusters that are not hidden, by name, with how many students are in each. */
export const searchClustersQuery = (db: Db) =>
  db
    .select({
      id: clusters.id,
      name: clusters.name,
      member_count: count(clusterMembers.student_id),
      total,
    })
    .from(clusters)
    .leftJoin(clusterMembers, eq(clusterMembers.cluster_id, clusters.id))
    .where(sql`${namesContain(clusters.name)} and not ${clusters.hidden}`)
    .groupBy(clusters.id)
    .orderBy(foldedAsc(clusters.name), asc(clusters.id))
    .limit(limit)
    .offset(offset);
const clustersPrepared = preparedPerDb((db) => searchClustersQuery(db).prepare("search_clusters"));
export const searchClusters = (db: Db, text: string, page: SearchPage) =>
  clustersPrepared(db).execute(searchValues(text, page));
