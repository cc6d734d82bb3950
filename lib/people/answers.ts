import { z } from "zod";

/** The people answers as zod schemas; the presenters' types are inferred from them. No server code here. */

const staffDetails = z.object({
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
const studentDetails = z.object({
  id: z.number(),
  initials: z.string(),
  color: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  grade: z.number(),
});
const sysadminDetails = z.object({
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
