import "server-only";
import { asc, eq, inArray, isNull, sql, type Column, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { sessions, settings, staff, students, users } from "../schema";
import { foldedAsc } from "../schema/columns";
import { staffStillHere } from "./staff-ref";

/** Every staff member for the staff list, by last then first name (one statement). */
export function listStaff(db: Db) {
  return db
    .select({
      id: staff.id,
      first_name: staff.first_name,
      last_name: staff.last_name,
      title: staff.title,
      email: staff.email,
      initials: staff.initials,
      color: staff.color,
      administrator: staff.administrator,
      capacity: staff.capacity,
      takes_students: staff.takes_students,
      position: staff.position,
      department: staff.department,
      homeroom: staff.homeroom,
    })
    .from(staff)
    .orderBy(foldedAsc(staff.last_name), foldedAsc(staff.first_name), asc(staff.id));
}

/**
 * The first name a student is shown by (the one they go by): their preferred first name when they have one,
 * else their legal first name. Lists, search and check-in select this for display.
 */
export const studentDisplayFirstName = sql<string>`coalesce(nullif(${students.preferred_first_name}, ''), ${students.first_name})`;

/** A student as lists show them (the student list, a course's or a cluster's members): no student number. */
export const studentListColumns = {
  id: students.id,
  first_name: studentDisplayFirstName,
  last_name: students.last_name,
  grade: students.grade,
  initials: students.initials,
  color: students.color,
};

/**
 * Which student numbers a viewer sees (lib/people/lists.server.ts studentNumbersFor): "all" (administrators,
 * sysadmins, API tokens) or "setting" (other staff: only while the show-student-numbers setting is on).
 */
export type StudentNumbers = "all" | "setting";

/**
 * A student number as the viewer may see it: the number, or null when `numbers` is "setting" and
 * show-student-numbers is off. The setting is read inside the statement that shows the number, so
 * no statement is added. `column`: the number's column (default students.student_number; a raw
 * `s.student_number` where the statement names the table by an alias).
 */
export const visibleStudentNumber = (numbers: StudentNumbers, column: SQL | Column = students.student_number) =>
  numbers === "all"
    ? sql<string | null>`${column}`
    : sql<string | null>`case when exists (select 1 from ${settings} where ${settings.key} = 'show-student-numbers' and ${settings.value} in ('true', '1')) then ${column} end`;

/**
 * Every student for the student list, by last then first name (one statement), each with the
 * student number the viewer may see (visibleStudentNumber).
 */
export function listStudents(db: Db, numbers: StudentNumbers) {
  return db
    .select({ ...studentListColumns, student_number: visibleStudentNumber(numbers) })
    .from(students)
    .where(isNull(students.archived_at))
    .orderBy(foldedAsc(students.last_name), foldedAsc(studentDisplayFirstName), asc(students.id));
}

export type NewAccount = Pick<typeof users.$inferInsert, "username" | "password_hash" | "account_type">;

/**
 * Creates login rows, expired (the first sign-in forces a new password). A username that is taken
 * (perhaps a moment ago, by another import or administrator) is left out of the answer instead of
 * failing the transaction.
 */
export function insertAccounts(db: Db, accounts: NewAccount[]) {
  if (accounts.length === 0) return Promise.resolve([]);
  return db
    .insert(users)
    .values(accounts.map((account) => ({ ...account, password_expired: true })))
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id, username: users.username });
}

export function insertStudentRows(db: Db, rows: (typeof students.$inferInsert)[]) {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insert(students).values(rows).returning();
}

export function insertStaffRows(db: Db, rows: (typeof staff.$inferInsert)[]) {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insert(staff).values(rows).returning();
}

/**
 * Many students' names and grades in one statement (an import with "update existing"); their default
 * teacher, email and preferred first name too when a row says so (present; null meaning none).
 */
export async function updateStudentsBulk(
  db: Db,
  rows: {
    id: number;
    first_name: string;
    last_name: string;
    grade: number;
    initials: string;
    default_teacher_id?: number | null;
    email?: string | null;
    preferred_first_name?: string | null;
  }[],
) {
  if (rows.length === 0) return;
  const values = rows.map(({ default_teacher_id, email, preferred_first_name, ...row }) => ({
    ...row,
    set_teacher: default_teacher_id !== undefined,
    default_teacher_id: default_teacher_id ?? null,
    set_email: email !== undefined,
    email: email ?? null,
    set_preferred: preferred_first_name !== undefined,
    preferred_first_name: preferred_first_name ?? null,
  }));
  await db.execute(sql`update ${students} set
      first_name = v.first_name, last_name = v.last_name, grade = v.grade, initials = v.initials,
      default_teacher_id = case when v.set_teacher then v.default_teacher_id else ${students.default_teacher_id} end,
      email = case when v.set_email then v.email else ${students.email} end,
      preferred_first_name = case when v.set_preferred then v.preferred_first_name else ${students.preferred_first_name} end,
      updated_at = now()
    from json_to_recordset(${JSON.stringify(values)}::json)
      as v(id int, first_name text, last_name text, grade smallint, initials text, set_teacher boolean, default_teacher_id int,
        set_email boolean, email text, set_preferred boolean, preferred_first_name text)
    where ${students.id} = v.id`);
}

/**
 * Many staff members' names in one statement; their title, capacity and takes_students too when a
 * row gives them (absent keeps the member's own; a blank title, "", is a title: none).
 */
export async function updateStaffBulk(
  db: Db,
  rows: {
    id: number;
    first_name: string;
    last_name: string;
    title?: string;
    initials: string;
    capacity?: number;
    takes_students?: boolean;
    position?: string;
    department?: string;
    /** Absent: kept; null: cleared. */
    homeroom?: string | null;
  }[],
) {
  if (rows.length === 0) return;
  const list = rows.map((row) => ({ ...row, set_homeroom: row.homeroom !== undefined }));
  await db.execute(sql`update ${staff} set
      first_name = v.first_name, last_name = v.last_name, title = coalesce(v.title, ${staff.title}),
      initials = v.initials,
      capacity = coalesce(v.capacity, ${staff.capacity}),
      takes_students = coalesce(v.takes_students, ${staff.takes_students}),
      position = coalesce(v.position, ${staff.position}),
      department = coalesce(v.department, ${staff.department}),
      homeroom = case when v.set_homeroom then v.homeroom else ${staff.homeroom} end,
      updated_at = now()
    from json_to_recordset(${JSON.stringify(list)}::json)
      as v(id int, first_name text, last_name text, title text, initials text, capacity int, takes_students boolean,
        position text, department text, homeroom text, set_homeroom boolean)
    where ${staff.id} = v.id`);
}

export async function findStaffRow(db: Db, id: number) {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
}

/** The staff row, locked until the transaction ends: a concurrent promotion or edit waits for this one. */
export async function lockStaffRow(db: Db, id: number) {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1).for("update");
  return row;
}

/** Whether a staff member can be a default (homeroom) teacher: they take students and are still at the school. */
export async function findDefaultTeacherCandidate(db: Db, id: number) {
  const [row] = await db
    .select({ id: staff.id, takes_students: staff.takes_students, still_here: staffStillHere })
    .from(staff)
    .where(eq(staff.id, id))
    .limit(1);
  return row;
}

/** The staff rows with these ids (those that exist), in one statement. */
export function findStaffRows(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as (typeof staff.$inferSelect)[]);
  return db.select().from(staff).where(inArray(staff.id, ids)).orderBy(asc(staff.id));
}

/** The same capacity and/or takes_students for many staff members, in one statement. */
export async function updateStaffFocusRows(
  db: Db,
  ids: number[],
  values: { capacity?: number; takes_students?: boolean },
) {
  if (ids.length === 0) return [];
  return db.update(staff).set(values).where(inArray(staff.id, ids)).returning();
}

export async function findStudentRow(db: Db, id: number) {
  const [row] = await db.select().from(students).where(eq(students.id, id)).limit(1);
  return row;
}

export async function updateStaffRow(db: Db, id: number, values: Partial<typeof staff.$inferInsert>) {
  const [row] = await db.update(staff).set(values).where(eq(staff.id, id)).returning();
  return row;
}

/** Whether another account already uses this email (a staff email or a username), case-insensitively. */
export async function emailInUse(db: Db, email: string, exceptUserId: number) {
  const lower = email.toLowerCase();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`${users.id} <> ${exceptUserId} and (lower(${users.username}) = ${lower} or exists (select 1 from ${staff} where ${staff.user_id} = ${users.id} and lower(${staff.email}) = ${lower}))`,
    )
    .limit(1);
  return row !== undefined;
}

/** A staff member's sign-in username follows their email (lower-cased); sessions key on the user id. */
export async function updateUsername(db: Db, userId: number, username: string) {
  await db.update(users).set({ username: username.toLowerCase() }).where(eq(users.id, userId));
}

export async function updateStudentRow(db: Db, id: number, values: Partial<typeof students.$inferInsert>) {
  const [row] = await db.update(students).set(values).where(eq(students.id, id)).returning();
  return row;
}

/**
 * Archives a student and locks their sign-in (unless an administrator had already disabled it), and
 * ends their sessions. `disabled_at` is set to the same instant as `archived_at`, so restoring can tell
 * its own lock from an administrator's.
 */
export async function archiveStudentAccount(db: Db, studentId: number, userId: number, now: Date) {
  await db.update(students).set({ archived_at: now }).where(eq(students.id, studentId));
  await db
    .update(users)
    .set({ disabled_at: sql`coalesce(${users.disabled_at}, ${now.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId));
  await db.delete(sessions).where(eq(sessions.user_id, userId));
}

/** Restores an archived student; lifts the sign-in lock only if archiving set it. */
export async function restoreStudentAccount(db: Db, studentId: number, userId: number, archivedAt: Date) {
  await db.update(students).set({ archived_at: null }).where(eq(students.id, studentId));
  await db
    .update(users)
    .set({ disabled_at: null })
    .where(sql`${users.id} = ${userId} and ${users.disabled_at} = ${archivedAt.toISOString()}::timestamptz`);
}
