import "server-only";
import { and, asc, count, eq, isNull, or, sql, type AnyColumn, type Placeholder } from "drizzle-orm";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { clusterMembers, clusters, courses, staff, students } from "../schema";
import { folded, foldedAsc } from "../schema/columns";
import { studentDisplayFirstName, visibleStudentNumber, type StudentNumbers } from "./people";
import { staffRefColumns, staffRefJson, type StaffRefRow } from "./staff-ref";

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
 * Robert Min-jun Kim): a LIKE per word on the folded expression the trigram index holds, all of them index
 * conditions, so the index answers the words together (one bitmap scan, a key per word) and each candidate
 * is checked once. A statement is built once per number of words (1 to MAX_NAME_WORDS; a longer query's
 * remaining words stay together, as written, in its last), so a one-word query runs the statement it always
 * ran. A LIKE on the words' own array (`like all`) would not be an index condition: every candidate's names
 * were folded a second time.
 */
export const MAX_NAME_WORDS = 4;
const wordSlot = (i: number) => sql.placeholder(`word${i}`);
const namesHaveWords = (count: number, ...columns: AnyColumn[]) => {
  const names = folded(sql.join(columns, sql` || ' ' || `));
  const likes = Array.from({ length: count }, (_, i) => sql`${names} like ${foldedOf(wordSlot(i))}`);
  return sql`(${sql.join(likes, sql` and `)})`;
};

/** The query's words as LIKE patterns, one per slot of the statement for their number (namesHaveWords). */
export function wordPatterns(text: string): { count: number; values: Record<string, string> } {
  const list = text.split(/[\s,]+/).filter(Boolean);
  const words = list.length === 0 ? [text] : list;
  const slots = [...words.slice(0, MAX_NAME_WORDS - 1), words.slice(MAX_NAME_WORDS - 1).join(" ")].filter(Boolean);
  return { count: slots.length, values: Object.fromEntries(slots.map((word, i) => [`word${i}`, contains(word)])) };
}
const exact = sql.placeholder("text");
const limit = sql.placeholder("limit");
const offset = sql.placeholder("offset");

/** The placeholder values of a search statement (statements built once, db/prepared.ts). */
export const searchValues = (text: string, page: SearchPage) => ({
  pattern: contains(text),
  ...wordPatterns(text).values,
  text,
  limit: page.limit,
  offset: page.offset,
});

/** How many word slots the people statements need for a query (wordPatterns). */
export const wordCountOf = (text: string) => wordPatterns(text).count;

/**
 * Students (not archived) by the words of their first (legal or preferred) and last names, or by exact
 * student number; each with the number where the viewer may see it (visibleStudentNumber) and their
 * homeroom (default) teacher, so two students of the same name and grade can be told apart. The page of
 * matches is found first and the homeroom looked up for its rows only: beside the window that counts every
 * match, a lookup in the same select ran for every match (a thousand for "mar" in a school of 2,000).
 */
export const searchStudentsQuery = (db: Db, numbers: StudentNumbers, words = 1) => {
  const matches = db
    .select({
      id: students.id,
      first_name: studentDisplayFirstName.as("first_name"),
      last_name: students.last_name,
      grade: students.grade,
      student_number: visibleStudentNumber(numbers).as("student_number"),
      default_teacher_id: students.default_teacher_id,
      total: total.as("total"),
    })
    .from(students)
    .where(
      and(
        isNull(students.archived_at),
        or(
          // Either name finds a student: the legal first name and the preferred one.
          namesHaveWords(words, students.first_name, students.last_name),
          namesHaveWords(words, students.preferred_first_name, students.last_name),
          eq(students.student_number, exact),
        ),
      ),
    )
    .orderBy(foldedAsc(students.last_name), foldedAsc(studentDisplayFirstName), asc(students.id))
    .limit(limit)
    .offset(offset)
    .as("matches");
  return db
    .select({
      id: matches.id,
      first_name: matches.first_name,
      last_name: matches.last_name,
      grade: matches.grade,
      student_number: matches.student_number,
      homeroom: sql<StaffRefRow | string | null>`(select ${sql.raw(staffRefJson("t"))} from ${staff} t where t.id = ${matches.default_teacher_id})`,
      total: sql<number>`${matches.total}`.mapWith(Number),
    })
    .from(matches)
    .orderBy(foldedAsc(matches.last_name), foldedAsc(sql`${matches.first_name}`), asc(matches.id));
};
/** One prepared statement per kind of viewer and number of words. */
function perWords<P>(build: (db: Db, words: number) => P): (db: Db, words: number) => P {
  const statements = Array.from({ length: MAX_NAME_WORDS }, (_, i) => preparedPerDb((db) => build(db, i + 1)));
  return (db, words) => statements[Math.min(Math.max(words, 1), MAX_NAME_WORDS) - 1]!(db);
}
const studentsPrepared = {
  all: perWords((db, words) => searchStudentsQuery(db, "all", words).prepare(`search_students_all_${words}`)),
  setting: perWords((db, words) => searchStudentsQuery(db, "setting", words).prepare(`search_students_${words}`)),
};
export const searchStudents = (db: Db, text: string, page: SearchPage, numbers: StudentNumbers) =>
  studentsPrepared[numbers](db, wordCountOf(text)).execute(searchValues(text, page));

/** Staff by the words of their first and last names, with their email (search is for staff only). */
export const searchStaffQuery = (db: Db, words = 1) =>
  db
    .select({
      ...staffRefColumns,
      email: staff.email,
      total,
    })
    .from(staff)
    .where(namesHaveWords(words, staff.first_name, staff.last_name))
    .orderBy(foldedAsc(staff.last_name), foldedAsc(staff.first_name), asc(staff.id))
    .limit(limit)
    .offset(offset);
const staffPrepared = perWords((db, words) => searchStaffQuery(db, words).prepare(`search_staff_${words}`));
export const searchStaff = (db: Db, text: string, page: SearchPage) =>
  staffPrepared(db, wordCountOf(text)).execute(searchValues(text, page));

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
