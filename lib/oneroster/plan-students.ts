import { sisMayFill } from "@/lib/people/field-owners";
import { gradeNumber, type UserRow } from "./bundle-files";
import type { PlanContext } from "./plan-context";
import type { RosterState, StudentValues } from "./plan-types";
import { diff, isEmpty, pick, tally } from "./plan-shared";
import { countOverwrites, nameOf, protect, recorded, userError, type PeoplePass } from "./plan-users";

/**
 * Students from users.csv, matched on sourcedId (a student the school made by hand is adopted by student
 * number). Fields follow lib/people/field-owners.ts; a student number that is a sysadmin's username is
 * skipped and listed.
 */

type Student = RosterState["students"][number];

/** Plans one user row whose role is student. */
export function planStudent(ctx: PlanContext, pass: PeoplePass, u: UserRow) {
  pass.listedStudents.add(u.sourcedId);
  const existing = ctx.look.studentBySourced.get(u.sourcedId);
  if (u.status === "tobedeleted") {
    if (existing && !existing.archived) {
      ctx.writes.students.archive.push(existing.id);
      ctx.change({ kind: "student", action: "archived", sourced_id: u.sourcedId, name: nameOf(u) });
    }
    return;
  }
  const checked = checkStudent(ctx, pass, u, existing);
  if (!checked) return;
  const values = studentValues(ctx, pass, u, checked);
  if (checked.match) updateStudent(ctx, u, checked.match, values);
  else createStudent(ctx, u, values);
}

const shownGrade = (g: number) => (g === 0 ? "KG" : g === -1 ? "PK" : String(g));

/** The row's grade (its first), within the school's grades; null with an error. */
export function studentGrade(ctx: PlanContext, u: UserRow): number | null {
  const grade = u.grades[0] === undefined ? null : gradeNumber(u.grades[0]);
  if (grade === null) {
    return userError(ctx, u, u.grades[0] ? `grades: ${u.grades[0]} is not a grade (KG, PK, 01–13).` : "A student needs a grade.");
  }
  const range = ctx.options.grades;
  if (range && (grade < range.min || grade > range.max)) {
    const shown = `${shownGrade(range.min)}–${shownGrade(range.max)}`;
    return userError(ctx, u, `grades: ${u.grades[0]} is outside the school's grades (${shown}, in Settings).`);
  }
  return grade;
}

interface CheckedStudent {
  number: string;
  grade: number;
  /** The school's student the row is (by sourcedId, else one made by hand with its number). */
  match: Student | undefined;
}

/** The row's student number and grade, and the school's student it is; null when the row cannot be imported. */
export function checkStudent(ctx: PlanContext, pass: PeoplePass, u: UserRow, existing: Student | undefined): CheckedStudent | null {
  const { look } = ctx;
  const number = u.identifier ?? u.username;
  if (!number) return userError(ctx, u, "A student needs an identifier (the student number) or a username.");
  if (look.sysadmins.has(number.toLowerCase())) {
    protect(ctx, u, "sysadmin", `The student number ${number} is a system administrator's username.`);
    return null;
  }
  const grade = studentGrade(ctx, u);
  if (grade === null) return null;
  const before = pass.seenNumbers.get(number);
  if (before !== undefined) return userError(ctx, u, `The student number ${number} is also on line ${before}.`);
  pass.seenNumbers.set(number, u.line);
  if (u.email) {
    const other = pass.seenStudentEmails.get(u.email);
    if (other !== undefined) userError(ctx, u, `The email ${u.email} is also on line ${other}.`);
    pass.seenStudentEmails.set(u.email, u.line);
  }
  const byNumber = look.studentByNumber.get(number);
  const match = existing ?? (byNumber && !byNumber.sourced_id ? byNumber : undefined);
  if (!existing && byNumber && byNumber.sourced_id) {
    return userError(ctx, u, `The student number ${number} belongs to the SIS record ${byNumber.sourced_id}.`);
  }
  if (byNumber && existing && byNumber.id !== existing.id) {
    return userError(ctx, u, `The student number ${number} belongs to another student.`);
  }
  const emailOwner = u.email ? look.studentByEmail.get(u.email) : undefined;
  if (emailOwner && emailOwner.id !== match?.id && !movedAway(ctx, emailOwner.sourced_id, u.email!)) {
    return userError(ctx, u, `The email ${u.email} belongs to another student.`);
  }
  return { number, grade, match };
}

/** The rows give the email's present owner another email (or none): it may move. */
function movedAway(ctx: PlanContext, sourced: string | null, email: string) {
  const row = sourced ? ctx.look.userBySourced.get(sourced) : undefined;
  return Boolean(row && row.status === "active" && row.email !== email);
}

/** What the student becomes; the preferred first name is the school's: the SIS fills it only while the school has not set it. */
export function studentValues(ctx: PlanContext, pass: PeoplePass, u: UserRow, { number, grade, match }: CheckedStudent): StudentValues {
  const { carried } = pass;
  const lastPreferred = match?.sis_values?.preferred_first_name as string | null | undefined;
  const mayFill = !match || sisMayFill(match.preferred_first_name, lastPreferred);
  const preferred = !carried.preferred
    ? (match?.preferred_first_name ?? null)
    : mayFill
      ? u.preferredFirstName
      : match!.preferred_first_name;
  if (match && carried.preferred && !mayFill && u.preferredFirstName !== match.preferred_first_name) {
    tally(ctx.review.kept, "student", "preferred_first_name", {
      sourced_id: u.sourcedId,
      name: nameOf(u),
      before: match.preferred_first_name,
      after: u.preferredFirstName,
    });
  }
  const sisValues = carried.preferred ? { preferred_first_name: u.preferredFirstName } : {};
  return {
    sourced_id: u.sourcedId,
    student_number: number,
    first_name: u.givenName,
    last_name: u.familyName,
    preferred_first_name: preferred,
    email: carried.email || !match ? u.email : match.email,
    grade,
    sis_values: recorded(match?.sis_values ?? null, sisValues),
  };
}

function createStudent(ctx: PlanContext, u: UserRow, values: StudentValues) {
  const number = values.student_number;
  if (ctx.look.usernames.has(number.toLowerCase())) {
    userError(ctx, u, `The username ${number} is taken by another account.`);
    return;
  }
  ctx.writes.students.insert.push({ ...values, disabled: !u.enabledUser });
  ctx.change({ kind: "student", action: "created", sourced_id: u.sourcedId, name: nameOf(u) });
}

const STUDENT_KEYS = ["sourced_id", "student_number", "first_name", "last_name", "preferred_first_name", "email", "grade"] as const;

/** The same values whatever the keys' order (jsonb reorders them). */
const sameRecord = (a: Record<string, unknown> | null, b: Record<string, unknown> | null) => {
  const text = (o: Record<string, unknown> | null) =>
    JSON.stringify(Object.entries(o ?? {}).sort(([x], [y]) => (x < y ? -1 : 1)));
  return text(a) === text(b);
};

export function updateStudent(ctx: PlanContext, u: UserRow, match: Student, values: StudentValues) {
  const { writes } = ctx;
  const fields = diff(pick(match, STUDENT_KEYS), pick(values, STUDENT_KEYS));
  if (match.archived) fields.archived = { before: true, after: false };
  if (!u.enabledUser && !match.disabled) fields.enabled = { before: true, after: false };
  const noted = sameRecord(match.sis_values, values.sis_values);
  const provenanceOnly = isEmpty(fields) && !noted;
  if (isEmpty(fields) && !provenanceOnly) return ctx.unchanged("student", u.sourcedId);
  const number = values.student_number;
  if (fields.student_number && ctx.look.usernames.has(number.toLowerCase())) {
    userError(ctx, u, `The username ${number} is taken by another account.`);
    return;
  }
  if (!noted || Object.keys(fields).some((k) => k !== "archived" && k !== "enabled")) {
    writes.students.update.push({ ...values, id: match.id, user_id: match.user_id });
  }
  // Nothing the school sees changes: only what the SIS last gave is noted.
  if (provenanceOnly) return ctx.unchanged("student", u.sourcedId);
  if (match.archived) writes.students.restore.push(match.id);
  if (fields.enabled) writes.disable.push(match.user_id);
  countOverwrites(ctx, "student", u, fields);
  ctx.change({ kind: "student", action: "updated", sourced_id: u.sourcedId, name: nameOf(u), fields });
}
