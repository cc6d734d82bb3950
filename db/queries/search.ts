import "server-only";
import { and, asc, count, eq, isNull, or, sql, type AnyColumn, type Placeholder } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { clusterMembers, clusters, courses, staff, students } from "../schema";
import { folded, foldedAsc } from "../schema/columns";
import { studentDisplayFirstName, visibleStudentNumber, type StudentNumbers } from "./people";
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

/** A pattern folded as the names are (accents removed, lower case): computed once per statement. */
const foldedOf = (placeholder: Placeholder) => folded(sql`${placeholder}`);
const pattern = sql.placeholder("pattern");
/**
 * Names joined by spaces, folded (db/schema/columns.ts), contain the text: accent- and case-insensitive,
 * "elodie" finds "Élodie". A text inside one of the names is inside the joined names too, so one
 * expression answers the first, the last and the full name, and it is the one the trigram index holds
 * (db/schema foldedSearchIndex).
 */
const namesContain = (...columns: AnyColumn[]) =>
  sql`${folded(sql.join(columns, sql` || ' ' || `))} like ${foldedOf(pattern)}`;

/**
 * A person's name is found by its words in any order ("Kim Robert", "Kim, Robert", "Robert Kim" for a
 * Robert Min-jun Kim): each word of the query is a LIKE on the same folded expression, so the trigram
 * index answers all of them together (one bitmap scan with a key per word). The statement is built once,
 * so it has a fixed number of word slots: a shorter query repeats its last word, a longer one keeps its
 * remaining words together in the last slot.
 */
export const MAX_NAME_WORDS = 4;
const words = Array.from({ length: MAX_NAME_WORDS }, (_, i) => sql.placeholder(`word${i}`));
const namesHaveWords = (...columns: AnyColumn[]) => {
  const names = folded(sql.join(columns, sql` || ' ' || `));
  return sql`(${sql.join(words.map((word) => sql`${names} like ${foldedOf(word)}`), sql` and `)})`;
};

/** The query's words as LIKE patterns for the word slots (see namesHaveWords). */
export function wordPatterns(text: string): Record<string, string> {
  const list = text.split(/[\s,]+/).filter(Boolean);
  if (list.length === 0) list.push(text);
  const slots = [...list.slice(0, MAX_NAME_WORDS - 1), list.slice(MAX_NAME_WORDS - 1).join(" ")].filter(Boolean);
  const values: Record<string, string> = {};
  for (let i = 0; i < MAX_NAME_WORDS; i++) values[`word${i}`] = contains(slots[Math.min(i, slots.length - 1)]!);
  return values;
}
const exact = sql.placeholder("text");
const limit = sql.placeholder("limit");
const offset = sql.placeholder("offset");

/** The placeholder values of a search statement (statements built once, db/prepared.ts). */
export const searchValues = (text: string, page: SearchPage) => ({
  pattern: contains(text),
  ...wordPatterns(text),
  text,
  limit: page.limit,
  offset: page.offset,
});

/** The default (homeroom) teacher of a student found, to tell apart two students of the same name and grade. */
const homeroom = alias(staff, "homeroom");

/**
 * Students (not archived) by the words of their first (legal or preferred) and last names, or by exact
 * student number; each with the number where the viewer may see it (visibleStudentNumber) and their
 * homeroom teacher, so two students of the same name and grade can be told apart.
 */
export const searchStudentsQuery = (db: Db, numbers: StudentNumbers) =>
  db
    .select({
      id: students.id,
      first_name: studentDisplayFirstName,
      last_name: students.last_name,
      grade: students.grade,
      student_number: visibleStudentNumber(numbers),
      homeroom: {
        id: homeroom.id,
        title: homeroom.title,
        first_name: homeroom.first_name,
        last_name: homeroom.last_name,
      },
      total,
    })
    .from(students)
    .leftJoin(homeroom, eq(homeroom.id, students.default_teacher_id))
    .where(
      and(
        isNull(students.archived_at),
        or(
          // Either name finds a student: the legal first name and the preferred one.
          namesHaveWords(students.first_name, students.last_name),
          namesHaveWords(students.preferred_first_name, students.last_name),
          eq(students.student_number, exact),
        ),
      ),
    )
    .orderBy(foldedAsc(students.last_name), foldedAsc(studentDisplayFirstName), asc(students.id))
    .limit(limit)
    .offset(offset);
const studentsPrepared = {
  all: preparedPerDb((db) => searchStudentsQuery(db, "all").prepare("search_students_all")),
  setting: preparedPerDb((db) => searchStudentsQuery(db, "setting").prepare("search_students")),
};
export const searchStudents = (db: Db, text: string, page: SearchPage, numbers: StudentNumbers) =>
  studentsPrepared[numbers](db).execute(searchValues(text, page));

/** Staff by the words of their first and last names, with their email (search is for staff only). */
export const searchStaffQuery = (db: Db) =>
  db
    .select({
      ...staffRefColumns,
      email: staff.email,
      total,
    })
    .from(staff)
    .where(namesHaveWords(staff.first_name, staff.last_name))
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
