import { z } from "zod";

/** The people answers as zod schemas; the presenters' types are inferred from them. No server code here. */

/** The person behind an account, in GET /api/user's `details` shape (the Credentials Manager lists them too). */
export const staffDetails = z.object({
  id: z.number(),
  initials: z.string(),
  color: z.string(),
  name: z.string(),
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  administrator: z.boolean(),
  capacity: z.number(),
});
export const studentDetails = z.object({
  id: z.number(),
  initials: z.string(),
  color: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  grade: z.number(),
});
export const sysadminDetails = z.object({
  id: z.number(),
  initials: z.string(),
  color: z.string(),
  name: z.string(),
  email: z.string(),
  administrator: z.literal(true),
});

/** GET /api/user: the spec's "Current user". */
export const currentUserAnswer = z.object({
  id: z.number(),
  account_type: z.enum(["staff", "student", "sysadmin"]),
  role: z.enum(["student", "teacher", "admin", "sysadmin"]),
  username: z.string(),
  display_name: z.string(),
  display_role: z.string(),
  /** "Active", or "Disabled 3 days ago" while the account is locked. */
  status: z.string(),
  account_status: z.enum(["active", "disabled"]),
  password_expired: z.boolean(),
  initials: z.string(),
  color: z.string(),
  /** The person behind the account: a staff member, a student or a sysadmin (most fields first). */
  details: z.union([staffDetails, studentDetails, sysadminDetails]),
  /** Added to the spec's shape: how this session began (a school-account session signs out with advice). */
  sign_in_method: z.enum(["password", "sso"]),
  /** Added: the language the person chose (PUT /api/user/preferences), or null to follow their browser and the school. */
  locale: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserAnswer>;

/** A student as lists show them: `{id, first_name, last_name, name, grade, initials, color}`, never the student number. */
export const studentPersonAnswer = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  grade: z.number(),
  initials: z.string(),
  color: z.string(),
});
export type StudentPerson = z.infer<typeof studentPersonAnswer>;

/**
 * A staff member in the staff list's shape (GET /api/staff; also what POST, PUT and the bulk edit answer).
 * Emails only here: students cannot call these routes.
 */
export const staffListItemAnswer = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  title: z.string(),
  email: z.string(),
  initials: z.string(),
  color: z.string(),
  administrator: z.boolean(),
  /** Null when the viewer may not see it (a teacher looking at someone else). */
  capacity: z.number().nullable(),
  /** Offered to students, a default placement target and in the plan picker (off for office staff). */
  takes_students: z.boolean(),
  /** The job title and department the SIS (or the staff CSV) gave; "" when none. */
  position: z.string(),
  department: z.string(),
  /** The code of the homeroom they teach, or null. */
  homeroom: z.string().nullable(),
});
export type StaffListItem = z.infer<typeof staffListItemAnswer>;

/** GET /api/staff. */
export const staffListAnswer = z.array(staffListItemAnswer);

/** POST /api/staff: the new staff member and their initial password, shown once. */
export const createdStaffAnswer = staffListItemAnswer.extend({ initial_password: z.string() });

/** POST /api/staff/bulk: how many changed, and every named member as they now are. */
export const staffBulkAnswer = z.object({ updated: z.number(), staff: z.array(staffListItemAnswer) });
export type StaffBulkAnswer = z.infer<typeof staffBulkAnswer>;

/**
 * A student in GET /api/students: the student number where the viewer may see it (administrators and
 * sysadmins always; other staff when the show-student-numbers setting is on), else null.
 */
export const studentListItemAnswer = studentPersonAnswer.extend({ student_number: z.string().nullable() });
export type StudentListItem = z.infer<typeof studentListItemAnswer>;

/** GET /api/students. */
export const studentListAnswer = z.array(studentListItemAnswer);

/** A student as PUT /api/students/{id}, archive and restore answer it: the list's shape (no number) and whether archived. */
export const studentItemAnswer = studentPersonAnswer.extend({ archived: z.boolean() });
export type StudentItem = z.infer<typeof studentItemAnswer>;

/** POST /api/students: the new student and their initial password, shown once. */
export const createdStudentAnswer = studentItemAnswer.extend({ initial_password: z.string() });

/** POST /api/staff/block-message (202): how many of the block's students (and its waitlist) the message went to. */
export const blockMessageAnswer = z.object({ sent: z.number() });
export type BlockMessageAnswer = z.infer<typeof blockMessageAnswer>;
