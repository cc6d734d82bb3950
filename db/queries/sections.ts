/* eslint-disable max-lines -- the sections table's queries (members, meetings, enrolments), filed by the table they read */
import "server-only";
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import {
  blocks,
  courses,
  enrollments,
  sectionMeetings,
  sections,
  sectionTeachers,
  staff,
  students,
  terms,
  timetables,
} from "../schema";
import { visibleStudentNumber, type StudentNumbers } from "./people";
import { staffRefJson, type StaffRefRow } from "./staff-ref";

/**
 * Courses, sections and enrolments (docs/design/calendar.md#courses-and-sections). A section's teachers, meetings and class
 * list are read with the section by json sub-selects, so every read here is one statement whatever
 * the number of sections or students.
 */

export interface TeacherJson {
  id: number;
  title: string;
  first_name: string;
  last_name: string;
  initials: string;
  color: string;
}
export interface MeetingJson {
  id: number;
  block_id: number;
  label: string;
  flex: boolean;
  day_type: string | null;
}
export interface EnrolledJson {
  id: number;
  student_id: number;
  first_name: string;
  last_name: string;
  grade: number;
  initials: string;
  color: string;
  begin_date: string | null;
  end_date: string | null;
  enrolled_at: string;
  dropped_at: string | null;
  sourced_id: string | null;
  /** A class list's student number as the viewer may see it (visibleStudentNumber); absent in the history. */
  student_number?: string | null;
  /** A class list's homeroom: the student's default teacher and the code of the homeroom they teach. */
  homeroom?: (StaffRefRow & { homeroom: string | null }) | null;
}
export interface SectionRow {
  id: number;
  code: string;
  sourced_id: string | null;
  archived_at: string | null;
  course: { id: number; name: string; short_name: string };
  term: { id: number; name: string; start: string; end: string } | null;
  teachers: TeacherJson[];
  meetings: MeetingJson[];
  students_count: number;
  /** The class list (enrolments current on `today`), when asked for. */
  students: EnrolledJson[] | null;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}

/** json columns as objects (postgres.js and PGlite may give them as text), counts as numbers. */
function parsed<T>(list: Record<string, unknown>[], jsonKeys: string[], numberKeys: string[] = []): T[] {
  for (const row of list) {
    for (const key of jsonKeys) if (typeof row[key] === "string") row[key] = JSON.parse(row[key] as string);
    for (const key of numberKeys) if (row[key] !== null && row[key] !== undefined) row[key] = Number(row[key]);
  }
  return list as T[];
}

const enrolledFields = `'id', en.id, 'student_id', s.id, 'first_name', coalesce(nullif(s.preferred_first_name, ''), s.first_name),
  'last_name', s.last_name, 'grade', s.grade, 'initials', s.initials, 'color', s.color,
  'begin_date', en.begin_date, 'end_date', en.end_date, 'enrolled_at', en.enrolled_at,
  'dropped_at', en.dropped_at, 'sourced_id', en.sourced_id`;
const enrolledJson = `json_build_object(${enrolledFields})`;

/** A class list's member: the enrolment, the student number the viewer may see and the homeroom (`hr`). */
const classMemberJson = (numbers: StudentNumbers) =>
  sql`json_build_object(${sql.raw(enrolledFields)}, 'student_number', ${visibleStudentNumber(numbers, sql.raw("s.student_number"))},
    'homeroom', ${sql.raw(`case when hr.id is null then null else ${staffRefJson("hr", "homeroom")} end`)})`;

/** An enrolment in the class list on `today`: not dropped, not ended, its student not archived. */
const current = (today: string) =>
  sql`en.dropped_at is null and (en.end_date is null or en.end_date >= ${today}::date) and s.archived_at is null`;

/**
 * Sections matching `where` (over `se`, `co`), with their course, term, teachers, meetings and class size;
 * with `students` (which student numbers the viewer sees), their class lists too.
 */
export async function sectionRows(db: Db, where: SQL, today: string, students: StudentNumbers | null): Promise<SectionRow[]> {
  const studentList = students
    ? sql`(select coalesce(json_agg(${classMemberJson(students)} order by lower(f_unaccent(s.last_name)), lower(f_unaccent(s.first_name)), s.id), '[]'::json)
        from enrollments en join students s on s.id = en.student_id left join staff hr on hr.id = s.default_teacher_id
        where en.section_id = se.id and ${current(today)})`
    : sql`null`;
  const list = await rows<Record<string, unknown>>(
    db,
    sql`select se.id, se.code, se.sourced_id, se.archived_at,
      json_build_object('id', co.id, 'name', co.name, 'short_name', co.short_name) as course,
      case when te.id is null then null
        else json_build_object('id', te.id, 'name', te.name, 'start', te.start, 'end', te."end") end as term,
      (select coalesce(json_agg(${sql.raw(staffRefJson("st", "initials", "color"))}
          order by lower(f_unaccent(st.last_name)), lower(f_unaccent(st.first_name)), st.id), '[]'::json)
        from section_teachers t join staff st on st.id = t.staff_id where t.section_id = se.id) as teachers,
      (select coalesce(json_agg(json_build_object('id', sm.id, 'block_id', b.id, 'label', b.label, 'flex', b.flex,
          'day_type', sm.day_type) order by b.label, sm.day_type nulls first, sm.id), '[]'::json)
        from section_meetings sm join blocks b on b.id = sm.block_id where sm.section_id = se.id) as meetings,
      (select count(*) from enrollments en join students s on s.id = en.student_id
        where en.section_id = se.id and ${current(today)}) as students_count,
      ${studentList} as students
    from sections se join courses co on co.id = se.course_id left join terms te on te.id = se.term_id
    where ${where}
    order by lower(f_unaccent(co.name)), co.id, se.code, se.id`,
  );
  return parsed<SectionRow>(list, ["course", "term", "teachers", "meetings", "students"], ["students_count"]);
}

export const sectionsOfCourse = (db: Db, courseId: number, today: string, numbers: StudentNumbers) =>
  sectionRows(db, sql`se.course_id = ${courseId} and se.archived_at is null`, today, numbers);

export async function sectionById(db: Db, id: number, today: string, students: StudentNumbers | null) {
  const [row] = await sectionRows(db, sql`se.id = ${id}`, today, students);
  return row ?? null;
}

/** The sections a staff member teaches (not archived, nor their course). */
export const sectionsTaughtBy = (db: Db, staffId: number, today: string) =>
  sectionRows(
    db,
    sql`se.archived_at is null and co.archived_at is null
      and exists (select 1 from section_teachers t where t.section_id = se.id and t.staff_id = ${staffId})`,
    today,
    null,
  );

// ---- Courses -------------------------------------------------------------------------------------

export interface CourseListRow {
  id: number;
  name: string;
  short_name: string;
  sourced_id: string | null;
  archived_at: string | null;
  teacher: TeacherJson | null;
  sections_count: number;
  students_count: number;
  teaching: boolean;
}

/** Courses whose name or short name contains `q`, by name, with their counts and whether the viewer teaches one. */
export async function listCourses(
  db: Db,
  filter: { q: string | null; includeArchived: boolean; viewerStaffId: number | null; today: string },
) {
  const like = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const list = await rows<Record<string, unknown>>(
    db,
    sql`select co.id, co.name, co.short_name, co.sourced_id, co.archived_at,
      case when st.id is null then null else ${sql.raw(staffRefJson("st", "initials", "color"))} end as teacher,
      (select count(*) from sections se where se.course_id = co.id and se.archived_at is null) as sections_count,
      (select count(distinct en.student_id) from enrollments en join sections se on se.id = en.section_id
        join students s on s.id = en.student_id
        where se.course_id = co.id and se.archived_at is null and ${current(filter.today)}) as students_count,
      ${
        filter.viewerStaffId === null
          ? sql`false`
          : sql`exists (select 1 from sections se join section_teachers t on t.section_id = se.id
              where se.course_id = co.id and se.archived_at is null and t.staff_id = ${filter.viewerStaffId})`
      } as teaching
    from courses co left join staff st on st.id = co.owner_id
    where (${like}::text is null or lower(f_unaccent(co.name)) like lower(f_unaccent(${like})) or lower(f_unaccent(co.short_name)) like lower(f_unaccent(${like})))
      and (${filter.includeArchived} or co.archived_at is null)
    order by lower(f_unaccent(co.name)), co.short_name, co.id`,
  );
  return parsed<CourseListRow>(list, ["teacher"], ["sections_count", "students_count"]).map((row) => ({
    ...row,
    teaching: row.teaching === true || (row.teaching as unknown) === "t",
  }));
}

export async function courseByShortName(db: Db, shortName: string) {
  const [row] = await db.select().from(courses).where(eq(courses.short_name, shortName)).limit(1);
  return row ?? null;
}

export async function courseWithShortNameExcept(db: Db, shortName: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.short_name, shortName), exceptId === null ? undefined : sql`${courses.id} <> ${exceptId}`))
    .limit(1);
  return row ?? null;
}

/** A new course, or nothing when its short name is taken (also by a concurrent insert). */
export async function insertCourse(db: Db, values: { name: string; short_name: string; owner_id: number | null }) {
  const [row] = await db.insert(courses).values(values).onConflictDoNothing({ target: courses.short_name }).returning();
  return row ?? null;
}

export async function updateCourseRow(
  db: Db,
  id: number,
  values: Partial<{ name: string; short_name: string; owner_id: number | null; archived_at: Date | null }>,
  now: Date,
) {
  const [row] = await db
    .update(courses)
    .set({ ...values, updated_at: now })
    .where(eq(courses.id, id))
    .returning();
  return row!;
}

// ---- Sections ------------------------------------------------------------------------------------

/** The section's row, locked until the transaction ends (enrolments and edits of one section queue). */
export async function lockSection(db: Db, id: number) {
  const [row] = await db.select().from(sections).where(eq(sections.id, id)).for("update").limit(1);
  return row ?? null;
}

export async function sectionWithCode(db: Db, courseId: number, code: string) {
  const [row] = await db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.course_id, courseId), eq(sections.code, code)))
    .limit(1);
  return row ?? null;
}

/** A new section, or nothing when the course has a section with that code. */
export async function insertSection(db: Db, values: { course_id: number; code: string; term_id: number | null }) {
  const [row] = await db
    .insert(sections)
    .values(values)
    .onConflictDoNothing({ target: [sections.course_id, sections.code] })
    .returning();
  return row ?? null;
}

export async function updateSectionRow(
  db: Db,
  id: number,
  values: Partial<{ code: string; term_id: number | null; archived_at: Date | null }>,
  now: Date,
) {
  await db
    .update(sections)
    .set({ ...values, updated_at: now })
    .where(eq(sections.id, id));
}

export async function replaceSectionTeachers(db: Db, sectionId: number, staffIds: number[]) {
  await db.delete(sectionTeachers).where(eq(sectionTeachers.section_id, sectionId));
  if (staffIds.length > 0)
    await db.insert(sectionTeachers).values(staffIds.map((staff_id) => ({ section_id: sectionId, staff_id })));
}

export async function replaceSectionMeetings(
  db: Db,
  sectionId: number,
  meetings: { block_id: number; day_type: string | null }[],
) {
  await db.delete(sectionMeetings).where(eq(sectionMeetings.section_id, sectionId));
  if (meetings.length > 0)
    await db.insert(sectionMeetings).values(meetings.map((m) => ({ section_id: sectionId, ...m })));
}

// ---- What a section may refer to -----------------------------------------------------------------

export const blocksByIds = (db: Db, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.select({ id: blocks.id, label: blocks.label, flex: blocks.flex }).from(blocks).where(inArray(blocks.id, ids));

export const staffByIds = (db: Db, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.select({ id: staff.id }).from(staff).where(inArray(staff.id, ids));

export async function termById(db: Db, id: number) {
  const [row] = await db.select().from(terms).where(eq(terms.id, id)).limit(1);
  return row ?? null;
}

/** The day types of the timetable in force on `date` (else the first to come); none without a timetable. */
export async function dayTypesInForce(db: Db, date: string): Promise<string[]> {
  const inForce = sql`coalesce(
    (select ${timetables.id} from ${timetables} where ${timetables.effective_from} <= ${date}
      order by ${timetables.effective_from} desc limit 1),
    (select ${timetables.id} from ${timetables} order by ${timetables.effective_from} limit 1))`;
  const [row] = await db
    .select({ day_types: timetables.day_types })
    .from(timetables)
    .where(eq(timetables.id, inForce))
    .limit(1);
  return row?.day_types ?? [];
}

// ---- Enrolments ----------------------------------------------------------------------------------

export const studentsByIds = (db: Db, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: students.id, student_number: students.student_number })
        .from(students)
        .where(and(inArray(students.id, ids), isNull(students.archived_at)));

export const studentsByNumbers = (db: Db, numbers: string[]) =>
  numbers.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: students.id, student_number: students.student_number })
        .from(students)
        .where(and(inArray(students.student_number, numbers), isNull(students.archived_at)));

/** The section's enrolments not dropped and not ended by `today`, of these students. */
export async function openEnrollments(db: Db, sectionId: number, studentIds: number[], today: string) {
  if (studentIds.length === 0) return [];
  return db
    .select({ id: enrollments.id, student_id: enrollments.student_id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.section_id, sectionId),
        inArray(enrollments.student_id, studentIds),
        isNull(enrollments.dropped_at),
        sql`(${enrollments.end_date} is null or ${enrollments.end_date} >= ${today}::date)`,
      ),
    );
}

export async function insertEnrollments(db: Db, values: (typeof enrollments.$inferInsert)[]) {
  if (values.length === 0) return;
  await db.insert(enrollments).values(values);
}

/** Drops the open enrolments: dropped now, ending on `endDate` (or earlier when they already end earlier). */
export async function dropEnrollments(db: Db, ids: number[], endDate: string, now: Date) {
  if (ids.length === 0) return;
  await db
    .update(enrollments)
    .set({
      dropped_at: now,
      end_date: sql`least(coalesce(${enrollments.end_date}, ${endDate}::date), ${endDate}::date)`,
    })
    .where(inArray(enrollments.id, ids));
}

/** Every enrolment of the section, current first, then dropped and ended ones (the history). */
export async function enrollmentsOfSection(db: Db, sectionId: number, today: string) {
  const list = await rows<Record<string, unknown>>(
    db,
    sql`select ${sql.raw(enrolledJson)} as item, (${current(today)}) as current
      from enrollments en join students s on s.id = en.student_id
      where en.section_id = ${sectionId}
      order by (${current(today)}) desc, lower(f_unaccent(s.last_name)), lower(f_unaccent(s.first_name)), s.id, en.id`,
  );
  return parsed<{ item: EnrolledJson; current: boolean | string }>(list, ["item"]).map((row) => ({
    ...row.item,
    current: row.current === true || row.current === "t",
  }));
}
