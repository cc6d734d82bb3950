import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { resultRows } from "./checkin";

/** The sysadmin's setting: a OneRoster import gives the administrator flag to the SIS's administrators. */
export const SIS_ADMINISTRATORS_SETTING = "sis-administrators-are-administrators";

/**
 * The OneRoster import's SQL (lib/oneroster): what the school has, read in a fixed handful of
 * statements, and the plan's writes, each list one set-based statement whatever its length (rows
 * travel as one JSON parameter and are matched by sourcedId in the database).
 */

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const ids = (list: readonly number[]) => sql`(select value::int from jsonb_array_elements_text(${json(list)}))`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return resultRows(await db.execute(query)) as T[];
}

/** Everything the plan compares with: people, courses, sections (teachers, blocks), terms, SIS enrolments. */
export async function loadRosterState(db: Db) {
  const [students, staff, courses, sections, terms, enrollments, blocks, usernames, year] = await Promise.all([
    rows<{
      id: number;
      user_id: number;
      sourced_id: string | null;
      student_number: string;
      first_name: string;
      last_name: string;
      preferred_first_name: string | null;
      email: string | null;
      grade: number;
      archived: boolean;
      disabled: boolean;
      default_teacher_id: number | null;
      sis_values: Record<string, unknown> | null;
    }>(
      db,
      sql`select s.id, s.user_id, s.sourced_id, s.student_number, s.first_name, s.last_name, s.preferred_first_name,
            s.email, s.grade::int as grade, s.archived_at is not null as archived,
            (u.disabled_at is not null and u.disabled_at <= now()) as disabled,
            s.default_teacher_id, s.sis_values
          from students s join users u on u.id = s.user_id`,
    ),
    rows<{
      id: number;
      user_id: number;
      sourced_id: string | null;
      email: string;
      first_name: string;
      last_name: string;
      administrator: boolean;
      disabled: boolean;
      position: string;
      department: string;
      sis_role: string | null;
      homeroom: string | null;
      sis_values: Record<string, unknown> | null;
    }>(
      db,
      sql`select s.id, s.user_id, s.sourced_id, s.email, s.first_name, s.last_name, s.administrator,
            (u.disabled_at is not null and u.disabled_at <= now()) as disabled,
            s.position, s.department, s.sis_role, s.homeroom, s.sis_values
          from staff s join users u on u.id = s.user_id`,
    ),
    rows<{ id: number; sourced_id: string | null; name: string; short_name: string; archived: boolean }>(
      db,
      sql`select id, sourced_id, name, short_name, archived_at is not null as archived from courses`,
    ),
    rows<{
      id: number;
      sourced_id: string | null;
      course_id: number;
      code: string;
      term_id: number | null;
      archived: boolean;
      teachers: number[];
      blocks: number[];
    }>(
      db,
      sql`select s.id, s.sourced_id, s.course_id, s.code, s.term_id, s.archived_at is not null as archived,
            coalesce((select json_agg(t.staff_id order by t.staff_id) from section_teachers t where t.section_id = s.id), '[]'::json) as teachers,
            coalesce((select json_agg(m.block_id order by m.block_id) from section_meetings m
                      where m.section_id = s.id and m.day_type is null), '[]'::json) as blocks
          from sections s`,
    ),
    rows<{ id: number; sourced_id: string | null; name: string; start: string; end: string }>(
      db,
      sql`select id, sourced_id, name, start::text as start, "end"::text as "end" from terms`,
    ),
    rows<{
      id: number;
      sourced_id: string;
      student_id: number;
      section_id: number | null;
      begin_date: string | null;
      end_date: string | null;
      dropped: boolean;
    }>(
      db,
      sql`select id, sourced_id, student_id, section_id, begin_date::text as begin_date, end_date::text as end_date,
            dropped_at is not null as dropped
          from enrollments where sourced_id is not null`,
    ),
    rows<{ id: number; label: string }>(db, sql`select id, label from blocks order by id`),
    rows<{ username: string; sysadmin: boolean }>(
      db,
      sql`select lower(username) as username, account_type = 'sysadmin' as sysadmin from users`,
    ),
    // The school year's first and last day, the day attendance counts from (settings; '' when unset),
    // and whether the sysadmin lets the SIS's administrators be Flexblock administrators.
    rows<{ key: string; value: string | null }>(
      db,
      sql`select key, value from settings
          where key in ('start_datetime', 'end_datetime', 'attendance_from', ${SIS_ADMINISTRATORS_SETTING})`,
    ),
  ]);
  const setting = (key: string) => (year.find((r) => r.key === key)?.value ?? "").slice(0, 10);
  const parse = (v: unknown) => (typeof v === "string" ? (JSON.parse(v) as number[]) : (v as number[]));
  return {
    students,
    staff,
    courses,
    sections: sections.map((s) => ({ ...s, teachers: parse(s.teachers), blocks: parse(s.blocks) })),
    terms,
    enrollments,
    blocks,
    usernames: usernames.map((u) => u.username),
    /** Sysadmins' usernames: no row of a bundle may take or change one. */
    sysadmin_usernames: usernames.filter((u) => u.sysadmin).map((u) => u.username),
    year: { start: setting("start_datetime"), end: setting("end_datetime"), attendance_from: setting("attendance_from") },
    sis_administrators_are_administrators: setting(SIS_ADMINISTRATORS_SETTING) === "true",
  };
}

export interface NewStudentAccount {
  username: string;
  password_hash: string;
  sourced_id: string;
  student_number: string;
  first_name: string;
  last_name: string;
  preferred_first_name: string | null;
  email: string | null;
  grade: number;
  initials: string;
  color: string;
  disabled: boolean;
  sis_values: Record<string, unknown> | null;
}

export interface NewStaffAccount {
  username: string;
  password_hash: string;
  sourced_id: string;
  email: string;
  first_name: string;
  last_name: string;
  administrator: boolean;
  takes_students: boolean;
  position: string;
  department: string;
  sis_role: string;
  sis_values: Record<string, unknown> | null;
  initials: string;
  color: string;
  disabled: boolean;
}

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

/** New students with their accounts (expired random passwords), in one statement. */
export async function insertStudentAccounts(db: Db, list: NewStudentAccount[]) {
  if (!list.length) return;
  await db.execute(sql`with r as (
      select * from jsonb_to_recordset(${json(list)}) as r(username text, password_hash text, sourced_id text,
        student_number text, first_name text, last_name text, preferred_first_name text, email text, grade int,
        initials text, color text, disabled boolean, sis_values jsonb)
    ), u as (
      insert into users (username, password_hash, account_type, password_expired, disabled_at)
      select username, password_hash, 'student', true, case when disabled then now() end from r
      returning id, username
    )
    insert into students (user_id, student_number, first_name, last_name, preferred_first_name, email, grade,
      initials, color, sourced_id, sis_values)
    select u.id, r.student_number, r.first_name, r.last_name, r.preferred_first_name, r.email, r.grade,
      r.initials, r.color, r.sourced_id, r.sis_values
    from r join u on u.username = r.username`);
}

/** Students' changed fields; the account's username follows the student number. */
export async function updateStudents(
  db: Db,
  list: {
    id: number;
    user_id: number;
    sourced_id: string;
    student_number: string;
    first_name: string;
    last_name: string;
    preferred_first_name: string | null;
    email: string | null;
    grade: number;
    initials: string;
    sis_values: Record<string, unknown> | null;
  }[],
) {
  if (!list.length) return;
  await db.execute(sql`with r as (
      select * from jsonb_to_recordset(${json(list)}) as r(id int, user_id int, sourced_id text, student_number text,
        first_name text, last_name text, preferred_first_name text, email text, grade int, initials text, sis_values jsonb)
    ), u as (
      update users set username = r.student_number, updated_at = now() from r
      where users.id = r.user_id and users.username <> r.student_number
    )
    update students s set sourced_id = r.sourced_id, student_number = r.student_number, first_name = r.first_name,
      last_name = r.last_name, preferred_first_name = r.preferred_first_name, email = r.email, grade = r.grade,
      initials = r.initials, sis_values = r.sis_values, updated_at = now()
    from r where s.id = r.id`);
}

/** Archives students: their sign-in is locked (keeping an earlier lock's moment) and their sessions end. */
export async function archiveStudents(db: Db, list: number[], now: Date) {
  if (!list.length) return;
  const at = now.toISOString();
  await db.execute(sql`with a as (
      update students set archived_at = ${at}::timestamptz, updated_at = now()
      where id in ${ids(list)} and archived_at is null returning user_id
    ), d as (
      update users set disabled_at = coalesce(disabled_at, ${at}::timestamptz) where id in (select user_id from a)
    )
    delete from sessions where user_id in (select user_id from a)`);
}

/** Restores archived students; lifts the lock only where archiving set it (the same instant). */
export async function restoreStudents(db: Db, list: number[]) {
  if (!list.length) return;
  await db.execute(sql`with a as (
      select id, user_id, archived_at from students where id in ${ids(list)} and archived_at is not null
    ), u as (
      update users set disabled_at = null from a where users.id = a.user_id and users.disabled_at = a.archived_at
    )
    update students set archived_at = null, updated_at = now() where id in (select id from a)`);
}

/**
 * Locks accounts from now (an earlier lock keeps its moment) and ends their sessions; never an
 * administrator's or a sysadmin's (only a sysadmin locks those, in the Credentials Manager).
 */
export async function disableUsers(db: Db, list: number[], now: Date) {
  if (!list.length) return;
  const at = now.toISOString();
  await db.execute(sql`with d as (
      update users set disabled_at = ${at}::timestamptz, updated_at = now()
      where id in ${ids(list)} and (disabled_at is null or disabled_at > ${at}::timestamptz)
        and account_type <> 'sysadmin'
        and not exists (select 1 from staff a where a.user_id = users.id and a.administrator)
      returning id
    )
    delete from sessions where user_id in (select id from d)`);
}

export async function insertStaffAccounts(db: Db, list: NewStaffAccount[]) {
  if (!list.length) return;
  await db.execute(sql`with r as (
      select * from jsonb_to_recordset(${json(list)}) as r(username text, password_hash text, sourced_id text,
        email text, first_name text, last_name text, administrator boolean, takes_students boolean,
        position text, department text, sis_role text, sis_values jsonb, initials text, color text, disabled boolean)
    ), u as (
      insert into users (username, password_hash, account_type, password_expired, disabled_at)
      select username, password_hash, 'staff', true, case when disabled then now() end from r
      returning id, username
    )
    insert into staff (user_id, email, first_name, last_name, administrator, takes_students, position, department,
      sis_role, sis_values, initials, color, sourced_id)
    select u.id, r.email, r.first_name, r.last_name, r.administrator, r.takes_students, r.position, r.department,
      r.sis_role, r.sis_values, r.initials, r.color, r.sourced_id
    from r join u on u.username = r.username`);
}

/**
 * Staff's changed fields; the username follows the (lower-cased) email. The administrator flag is only
 * ever set here (the plan never clears it), and only on a row that is still no administrator's.
 */
export async function updateStaff(
  db: Db,
  list: {
    id: number;
    user_id: number;
    sourced_id: string;
    email: string;
    first_name: string;
    last_name: string;
    administrator: boolean;
    position: string;
    department: string;
    sis_role: string;
    sis_values: Record<string, unknown> | null;
    initials: string;
  }[],
) {
  if (!list.length) return;
  await db.execute(sql`with r as (
      select * from jsonb_to_recordset(${json(list)}) as r(id int, user_id int, sourced_id text, email text,
        first_name text, last_name text, administrator boolean, position text, department text, sis_role text,
        sis_values jsonb, initials text)
    ), u as (
      update users set username = lower(r.email), updated_at = now() from r
      where users.id = r.user_id and users.username <> lower(r.email)
        and not exists (select 1 from staff a where a.user_id = users.id and a.administrator)
    )
    -- An administrator's email and names stay (one made so since the plan was read, too).
    update staff s set sourced_id = r.sourced_id,
      email = case when s.administrator then s.email else r.email end,
      first_name = case when s.administrator then s.first_name else r.first_name end,
      last_name = case when s.administrator then s.last_name else r.last_name end,
      administrator = s.administrator or r.administrator, position = r.position, department = r.department,
      sis_role = r.sis_role, sis_values = r.sis_values, initials = r.initials, updated_at = now()
    from r where s.id = r.id`);
}

/**
 * Homerooms: each listed teacher's homeroom code, then each listed student's homeroom teacher (found by
 * the staff member's sourcedId) and, always, the SIS's homeroom teacher noted in the student's sis_values.
 * Two statements at most.
 */
export async function writeHomerooms(
  db: Db,
  staffCodes: { staff_sourced_id: string; homeroom: string | null }[],
  students: { student_sourced_id: string; teacher_sourced_id: string; set_teacher: boolean }[],
) {
  if (staffCodes.length) {
    await db.execute(sql`update staff s set homeroom = r.homeroom, updated_at = now()
      from jsonb_to_recordset(${json(staffCodes)}) as r(staff_sourced_id text, homeroom text)
      where s.sourced_id = r.staff_sourced_id`);
  }
  if (students.length) {
    await db.execute(sql`update students s set
        default_teacher_id = case when r.set_teacher then t.id else s.default_teacher_id end,
        sis_values = coalesce(s.sis_values, '{}'::jsonb) || jsonb_build_object('default_teacher', r.teacher_sourced_id),
        updated_at = now()
      from jsonb_to_recordset(${json(students)}) as r(student_sourced_id text, teacher_sourced_id text, set_teacher boolean)
      join staff t on t.sourced_id = r.teacher_sourced_id
      where s.sourced_id = r.student_sourced_id`);
  }
}

/**
 * One audit entry per staff member whose role an import set (made staff, made an administrator by the
 * sysadmin's setting, a new SIS role), each naming the person, from what to what, and the import's job
 * or API token; the person is found by their sourcedId (a new one was inserted a statement earlier).
 */
export async function insertRoleChangeAudits(
  db: Db,
  actor: number | null,
  now: Date,
  list: { sourced_id: string; details: Record<string, unknown> }[],
) {
  if (!list.length) return;
  await db.execute(sql`insert into audit_log (actor_user_id, action, target_user_id, details, created_at)
    select ${actor}::int, 'roster.role_change', s.user_id, r.details, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${json(list)}) as r(sourced_id text, details jsonb)
    join staff s on s.sourced_id = r.sourced_id`);
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

/** The bundle kept for the job until it is applied, then replaced by the result (a roster is personal data). */
export async function replaceJobPayload(db: Db, jobId: number, payload: Record<string, unknown>) {
  await db.execute(sql`update jobs set payload = ${json(payload)} where id = ${jobId}`);
}

/** Who made an API token (an import it sends is theirs: their job to read, their name in the audit log). */
export async function apiTokenCreator(db: Db, tokenId: number): Promise<number | null> {
  const [row] = await rows<{ created_by_user_id: number | null }>(
    db,
    sql`select created_by_user_id from api_tokens where id = ${tokenId}`,
  );
  return row?.created_by_user_id ?? null;
}
