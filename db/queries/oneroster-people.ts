import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { ids, json } from "./oneroster";

/** The OneRoster import's writes to students, staff and their accounts (users, sessions, audit_log). */

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
  list: ({ id: number; user_id: number } & Omit<NewStudentAccount, "username" | "password_hash" | "color" | "disabled">)[],
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
