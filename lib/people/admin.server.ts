/* eslint-disable max-lines -- the administrators' writes on people share their audit and password helpers */
import "server-only";
import type { Db } from "@/db";
import { insertAudit, insertAudits } from "@/db/queries/audit";
import {
  archiveStudentAccount,
  emailInUse,
  findDefaultTeacherCandidate,
  findStaffRows,
  lockStaffRow,
  findStudentRow,
  insertAccounts,
  insertStaffRows,
  insertStudentRows,
  restoreStudentAccount,
  updateStaffFocusRows,
  updateStaffRow,
  updateStudentRow,
  updateUsername,
} from "@/db/queries/people";
import { ApiError, invalid, notFound } from "@/lib/api/errors.server";
import {
  ACCOUNT_CHANGE_MESSAGES,
  accountChangeProblem,
  STAFF_ACCOUNT_FIELD_MESSAGES,
  type AccountPart,
} from "@/lib/auth/account-changes";
import { hashPassword } from "@/lib/auth/password.server";
import type { Principal } from "@/lib/auth/principal";
import { type Caller, checkOwnPassword } from "@/lib/auth/service.server";
import { randomColor } from "./colors";
import { checkSchoolGrade } from "./grades.server";
import { newInitialPassword } from "./initial-password.server";
import { presentStaffItem, presentStudentItem } from "./present";
import type {
  StaffBulkBody,
  StaffCreateBody,
  StaffUpdateBody,
  StudentCreateBody,
  StudentUpdateBody,
} from "./schemas";
import { isUniqueViolation } from "@/db/errors";

/**
 * Adding and editing people one at a time (the Single tab, the profile's Edit), administrators and
 * sysadmins (teachers may add a student). A new account gets a random initial password, shown once in the answer and expired,
 * so the first sign-in forces a change. Every change is written to the audit log.
 */

export const PEOPLE_MESSAGES = {
  staffExists: "A staff member with this email address already exists.",
  studentExists: "A student with this student number already exists.",
  emailTaken: "That email is already used by another account.",
  studentEmailTaken: "That email is already used by another student.",
} as const;

const emailTaken = () => invalid({ email: [PEOPLE_MESSAGES.emailTaken] });


const staffExists = () =>
  new ApiError(409, "staff_exists", PEOPLE_MESSAGES.staffExists, { email: [PEOPLE_MESSAGES.staffExists] });
const studentExists = () =>
  new ApiError(409, "student_exists", PEOPLE_MESSAGES.studentExists, {
    student_number: [PEOPLE_MESSAGES.studentExists],
  });

/** The fields whose value changes, as {field: [before, after]} for the audit log. */
function changesOf<T extends object>(before: T, after: Partial<T>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    const old = (before as Record<string, unknown>)[key];
    if (value !== undefined && value !== old) changes[key] = [old, value];
  }
  return changes;
}

/** POST /api/staff: confirms the caller's password, then creates the account and the staff member. */
export async function createStaffMember(
  db: Db,
  principal: Principal,
  body: StaffCreateBody,
  caller: Caller,
  now: Date,
) {
  await checkOwnPassword(db, principal, body.password, caller, now);
  const password = newInitialPassword();
  const password_hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [account] = await insertAccounts(tx, [
      { username: body.email, password_hash, account_type: "staff" },
    ]);
    if (!account) throw staffExists();
    const [row] = await insertStaffRows(tx, [
      {
        user_id: account.id,
        email: body.email,
        first_name: body.first_name,
        last_name: body.last_name,
        title: body.title,
        initials: body.initials,
        administrator: body.administrator,
        color: randomColor(),
      },
    ]);
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "staff.create",
      target_user_id: account.id,
      details: { staff_id: row!.id, email: body.email, administrator: body.administrator },
    });
    return { ...presentStaffItem(row!), initial_password: password };
  });
}

export const TEACHERS_SET_NO_EMAIL =
  "Only an administrator sets a student's school email: single sign-on signs the student in with it.";

/**
 * POST /api/students: confirms the caller's password when one is sent (our dialog sends it; the spec's
 * payload has none), then creates the account and the student; the initial password is in the answer, once.
 * Teachers add students too, as the spec's client lets them (its student list's add button is for all
 * staff): the same fields but the school email, the key single sign-on signs a student in with, which
 * stays an administrator's to set (403 on the field).
 */
export async function createStudentRecord(
  db: Db,
  principal: Principal,
  body: StudentCreateBody,
  caller: Caller,
  now: Date,
) {
  if (principal.role === "teacher" && body.email) {
    throw new ApiError(403, "forbidden", TEACHERS_SET_NO_EMAIL, { email: [TEACHERS_SET_NO_EMAIL] });
  }
  await checkSchoolGrade(db, body.grade);
  if (body.password !== undefined) await checkOwnPassword(db, principal, body.password, caller, now);
  await checkDefaultTeacher(db, body.default_teacher_id);
  const password = newInitialPassword();
  const password_hash = await hashPassword(password);
  try {
    return await insertStudent(db, principal, body, password, password_hash);
  } catch (error) {
    // students.email is unique (and always written lower-cased): another student's email is 422.
    if (body.email && isUniqueViolation(error)) throw invalid({ email: [PEOPLE_MESSAGES.studentEmailTaken] });
    throw error;
  }
}

async function insertStudent(
  db: Db,
  principal: Principal,
  body: StudentCreateBody,
  password: string,
  password_hash: string,
) {
  return db.transaction(async (tx) => {
    const [account] = await insertAccounts(tx, [
      { username: body.student_number, password_hash, account_type: "student" },
    ]);
    if (!account) throw studentExists();
    const [row] = await insertStudentRows(tx, [
      {
        user_id: account.id,
        student_number: body.student_number,
        first_name: body.first_name,
        last_name: body.last_name,
        preferred_first_name: body.preferred_first_name ?? null,
        email: body.email ?? null,
        initials: body.initials,
        grade: body.grade,
        default_teacher_id: body.default_teacher_id ?? null,
        color: randomColor(),
      },
    ]);
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "student.create",
      target_user_id: account.id,
      details: { student_id: row!.id, student_number: body.student_number },
    });
    return { ...presentStudentItem(row!), initial_password: password };
  });
}

/**
 * PUT /api/staff/{id}: names, title, initials, the administrator flag, capacity, whether they take Focus
 * Block students, and the email (the sign-in username follows it). An administrator's email and flag follow
 * the one rule for changing an account (lib/auth/account-changes.ts): only a sysadmin changes them, and
 * nobody removes their own flag. The row is locked while the rule is checked and the change written, so a
 * promotion at the same moment cannot slip between the two. Every change, the flag's too, is audited.
 */
export async function updateStaffMember(db: Db, principal: Principal, id: number, body: StaffUpdateBody) {
  let emailChanges = false;
  try {
    return await db.transaction(async (tx) => {
      const current = await lockStaffRow(tx, id);
      if (!current) throw notFound("The staff member could not be found.");
      if (principal.staff?.id === id && current.administrator && body.administrator === false) {
        throw new ApiError(409, "own_administrator", "You cannot remove your own administrator role.", {
          administrator: ["You cannot remove your own administrator role."],
        });
      }
      const changes = changesOf(current, body);
      if (Object.keys(changes).length === 0) return presentStaffItem(current);
      assertMayChangeStaffAccount(principal, current, changes);
      // The email and the sign-in username change together; the unique constraints settle a race (422).
      emailChanges = changes.email !== undefined && body.email !== undefined;
      if (emailChanges) {
        if (await emailInUse(tx, body.email!, current.user_id)) throw emailTaken();
        await updateUsername(tx, current.user_id, body.email!);
      }
      const row = await updateStaffRow(tx, id, body);
      await insertAudit(tx, {
        actor_user_id: principal.user.id,
        action: "staff.update",
        target_user_id: current.user_id,
        details: { staff_id: id, changes },
      });
      return presentStaffItem(row!);
    });
  } catch (error) {
    if (emailChanges && isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** 403 naming each field when the change touches an account only a sysadmin may change. */
function assertMayChangeStaffAccount(
  principal: Principal,
  current: { user_id: number; administrator: boolean },
  changes: Record<string, unknown>,
) {
  const parts: AccountPart[] = [];
  if (changes.email !== undefined) parts.push("username");
  if (changes.administrator !== undefined) parts.push("administrator");
  const problem = accountChangeProblem(
    { id: principal.user.id, role: principal.role },
    { id: current.user_id, role: current.administrator ? "admin" : "teacher" },
    parts,
  );
  if (!problem) return;
  const errors: Record<string, string[]> = {};
  if (parts.includes("username")) errors.email = [STAFF_ACCOUNT_FIELD_MESSAGES.email];
  if (parts.includes("administrator")) errors.administrator = [STAFF_ACCOUNT_FIELD_MESSAGES.administrator];
  throw new ApiError(403, problem, ACCOUNT_CHANGE_MESSAGES.protected_account, errors);
}

/**
 * POST /api/staff/bulk: the same capacity and/or takes_students for many staff members, in one
 * transaction; an id that is no staff member's refuses the whole change (422, nothing written). One
 * audit entry per staff member whose values changed. Answers how many changed, and every named
 * member's list item.
 */
export async function updateStaffMembersBulk(db: Db, principal: Principal, body: StaffBulkBody) {
  const ids = [...new Set(body.ids)];
  const values = {
    ...(body.capacity !== undefined ? { capacity: body.capacity } : {}),
    ...(body.takes_students !== undefined ? { takes_students: body.takes_students } : {}),
  };
  return db.transaction(async (tx) => {
    const current = await findStaffRows(tx, ids);
    if (current.length !== ids.length) {
      const known = new Set(current.map((row) => row.id));
      const unknown = ids.filter((id) => !known.has(id));
      const shown =
        unknown.slice(0, 10).join(", ") + (unknown.length > 10 ? ` and ${unknown.length - 10} more` : "");
      throw invalid({
        ids: [`${unknown.length === 1 ? "This id is" : "These ids are"} not a staff member's: ${shown}.`],
      });
    }
    const changed = current
      .map((row) => ({ row, changes: changesOf(row, values) }))
      .filter(({ changes }) => Object.keys(changes).length > 0);
    const rows = await updateStaffFocusRows(
      tx,
      changed.map(({ row }) => row.id),
      values,
    );
    await insertAudits(
      tx,
      changed.map(({ row, changes }) => ({
        actor_user_id: principal.user.id,
        action: "staff.update",
        target_user_id: row.user_id,
        details: { staff_id: row.id, changes, bulk: true },
      })),
    );
    // Every named member as they now are (the unchanged ones already had these values).
    return { updated: rows.length, staff: current.map((row) => presentStaffItem({ ...row, ...values })) };
  });
}

/** PUT /api/students/{id}: names, initials and grade (the student number is the username; it stays). */
export async function updateStudentRecord(db: Db, principal: Principal, id: number, body: StudentUpdateBody) {
  const current = await findStudentRow(db, id);
  if (!current) throw notFound("The student could not be found.");
  // A grade left as it is stays valid even if the school's range has moved since.
  if (body.grade !== current.grade) await checkSchoolGrade(db, body.grade);
  await checkDefaultTeacher(db, body.default_teacher_id, current.default_teacher_id);
  const changes = changesOf(current, body);
  if (Object.keys(changes).length === 0) return presentStudentItem(current);
  try {
    return await db.transaction(async (tx) => {
      const row = await updateStudentRow(tx, id, body);
      await insertAudit(tx, {
        actor_user_id: principal.user.id,
        action: "student.update",
        target_user_id: current.user_id,
        details: { student_id: id, changes },
      });
      return presentStudentItem(row!);
    });
  } catch (error) {
    // students.email is unique (and always written lower-cased): another student's email is 422.
    if (changes.email !== undefined && isUniqueViolation(error)) {
      throw invalid({ email: [PEOPLE_MESSAGES.studentEmailTaken] });
    }
    throw error;
  }
}

/**
 * POST /api/students/{id}/archive and /restore. Archiving hides a student who left from lists, search,
 * pickers and check-in and locks their sign-in; their history stays. Restoring undoes both (an
 * administrator's own lock on the account stays). Doing either twice changes nothing.
 */
export async function setStudentArchived(
  db: Db,
  principal: Principal,
  id: number,
  archive: boolean,
  now: Date,
) {
  const current = await findStudentRow(db, id);
  if (!current) throw notFound("The student could not be found.");
  if ((current.archived_at !== null) === archive) return presentStudentItem(current);
  await db.transaction(async (tx) => {
    if (archive) await archiveStudentAccount(tx, id, current.user_id, now);
    else await restoreStudentAccount(tx, id, current.user_id, current.archived_at!);
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: archive ? "student.archive" : "student.restore",
      target_user_id: current.user_id,
      details: { student_id: id, student_number: current.student_number },
    });
  });
  return presentStudentItem({ ...current, archived_at: archive ? now : null });
}

export const DEFAULT_TEACHER_LEFT =
  "This staff member's account is closed (they are no longer at the school): choose another default teacher.";
export const NOT_TAKING_STUDENTS_DEFAULT =
  "This staff member does not take Focus Block students: choose another default teacher.";

/**
 * A default teacher must be a staff member who takes Focus Block students and is still at the school:
 * default placement places students with them (422 on the field otherwise). The one a student already
 * has may stay.
 */
async function checkDefaultTeacher(db: Db, id: number | null | undefined, current: number | null = null) {
  if (id === null || id === undefined || id === current) return;
  const teacher = await findDefaultTeacherCandidate(db, id);
  if (!teacher) throw invalid({ default_teacher_id: ["Choose a teacher from the list."] });
  if (!teacher.takes_students) throw invalid({ default_teacher_id: [NOT_TAKING_STUDENTS_DEFAULT] });
  if (!teacher.still_here) throw invalid({ default_teacher_id: [DEFAULT_TEACHER_LEFT] });
}
