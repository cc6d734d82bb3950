import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { ids, json } from "./oneroster";

/** The OneRoster import's writes to terms, courses, sections (their meetings and teachers) and enrolments. */

/** Terms new and changed (two statements at most). */
export async function writeTerms(
  db: Db,
  insert: { sourced_id: string; name: string; start: string; end: string }[],
  update: { id: number; name: string; start: string; end: string; sourced_id: string }[],
) {
  if (insert.length) {
    await db.execute(sql`insert into terms (name, start, "end", sourced_id)
      select r.name, r.start::date, r."end"::date, r.sourced_id
      from jsonb_to_recordset(${json(insert)}) as r(name text, start text, "end" text, sourced_id text)`);
  }
  if (update.length) {
    await db.execute(sql`update terms t set name = r.name, start = r.start::date, "end" = r."end"::date,
        sourced_id = r.sourced_id, updated_at = now()
      from jsonb_to_recordset(${json(update)}) as r(id int, name text, start text, "end" text, sourced_id text)
      where t.id = r.id`);
  }
}

export async function writeCourses(
  db: Db,
  insert: { sourced_id: string; name: string; short_name: string }[],
  update: { id: number; sourced_id: string; name: string; short_name: string }[],
  archive: number[],
  now: Date,
) {
  if (insert.length) {
    await db.execute(sql`insert into courses (name, short_name, sourced_id)
      select r.name, r.short_name, r.sourced_id
      from jsonb_to_recordset(${json(insert)}) as r(name text, short_name text, sourced_id text)`);
  }
  if (update.length) {
    await db.execute(sql`update courses c set name = r.name, short_name = r.short_name, sourced_id = r.sourced_id,
        archived_at = null, updated_at = now()
      from jsonb_to_recordset(${json(update)}) as r(id int, name text, short_name text, sourced_id text)
      where c.id = r.id`);
  }
  if (archive.length) {
    await db.execute(sql`update courses set archived_at = ${now.toISOString()}::timestamptz, updated_at = now()
      where id in ${ids(archive)} and archived_at is null`);
  }
}

type SectionValues = { sourced_id: string; course_sourced_id: string; code: string; term_sourced_id: string | null };

/** Sections by sourcedId; their course and term are found by theirs (made a statement earlier). */
export async function writeSections(
  db: Db,
  insert: SectionValues[],
  update: (SectionValues & { id: number })[],
  archive: number[],
  now: Date,
) {
  if (insert.length) {
    await db.execute(sql`insert into sections (course_id, code, term_id, sourced_id)
      select c.id, r.code, t.id, r.sourced_id
      from jsonb_to_recordset(${json(insert)}) as r(sourced_id text, course_sourced_id text, code text, term_sourced_id text)
      join courses c on c.sourced_id = r.course_sourced_id
      left join terms t on t.sourced_id = r.term_sourced_id`);
  }
  if (update.length) {
    await db.execute(sql`update sections s set course_id = c.id, code = r.code, term_id = t.id, sourced_id = r.sourced_id,
        archived_at = null, updated_at = now()
      from jsonb_to_recordset(${json(update)}) as r(id int, sourced_id text, course_sourced_id text, code text, term_sourced_id text)
      join courses c on c.sourced_id = r.course_sourced_id
      left join terms t on t.sourced_id = r.term_sourced_id
      where s.id = r.id`);
  }
  if (archive.length) {
    await db.execute(sql`update sections set archived_at = ${now.toISOString()}::timestamptz, updated_at = now()
      where id in ${ids(archive)} and archived_at is null`);
  }
}

/** Meetings in a block on every day type it meets (day_type null): removed, then added. */
export async function writeMeetings(
  db: Db,
  add: { section_sourced_id: string; block_id: number }[],
  remove: { section_id: number; block_id: number }[],
) {
  if (remove.length) {
    await db.execute(sql`delete from section_meetings m
      using jsonb_to_recordset(${json(remove)}) as r(section_id int, block_id int)
      where m.section_id = r.section_id and m.block_id = r.block_id and m.day_type is null`);
  }
  if (add.length) {
    await db.execute(sql`insert into section_meetings (section_id, block_id)
      select s.id, r.block_id from jsonb_to_recordset(${json(add)}) as r(section_sourced_id text, block_id int)
      join sections s on s.sourced_id = r.section_sourced_id
      on conflict do nothing`);
  }
}

export async function writeTeachers(
  db: Db,
  add: { section_sourced_id: string; staff_sourced_id: string }[],
  remove: { section_id: number; staff_id: number }[],
) {
  if (remove.length) {
    await db.execute(sql`delete from section_teachers t
      using jsonb_to_recordset(${json(remove)}) as r(section_id int, staff_id int)
      where t.section_id = r.section_id and t.staff_id = r.staff_id`);
  }
  if (add.length) {
    await db.execute(sql`insert into section_teachers (section_id, staff_id)
      select s.id, st.id from jsonb_to_recordset(${json(add)}) as r(section_sourced_id text, staff_sourced_id text)
      join sections s on s.sourced_id = r.section_sourced_id
      join staff st on st.sourced_id = r.staff_sourced_id
      on conflict do nothing`);
  }
}

type EnrollmentValues = { student_sourced_id: string; section_sourced_id: string; begin_date: string | null; end_date: string | null };

/** Enrolments by sourcedId: new, changed (a dropped one the SIS lists again is enrolled again), dropped. */
export async function writeEnrollments(
  db: Db,
  insert: (EnrollmentValues & { sourced_id: string })[],
  update: (EnrollmentValues & { id: number })[],
  drop: number[],
  now: Date,
) {
  if (insert.length) {
    await db.execute(sql`insert into enrollments (student_id, course_id, section_id, begin_date, end_date, sourced_id)
      select st.id, s.course_id, s.id, r.begin_date::date, r.end_date::date, r.sourced_id
      from jsonb_to_recordset(${json(insert)}) as r(sourced_id text, student_sourced_id text, section_sourced_id text,
        begin_date text, end_date text)
      join students st on st.sourced_id = r.student_sourced_id
      join sections s on s.sourced_id = r.section_sourced_id`);
  }
  if (update.length) {
    await db.execute(sql`update enrollments e set student_id = st.id, course_id = s.course_id, section_id = s.id,
        begin_date = r.begin_date::date, end_date = r.end_date::date, dropped_at = null
      from jsonb_to_recordset(${json(update)}) as r(id int, student_sourced_id text, section_sourced_id text,
        begin_date text, end_date text)
      join students st on st.sourced_id = r.student_sourced_id
      join sections s on s.sourced_id = r.section_sourced_id
      where e.id = r.id`);
  }
  if (drop.length) {
    await db.execute(sql`update enrollments set dropped_at = ${now.toISOString()}::timestamptz
      where id in ${ids(drop)} and dropped_at is null`);
  }
}
