import { z } from "zod";
import { hasControlCharacters, hasDeceptiveCharacters, idOf, numeric, personName } from "@/lib/api/schemas";
import { GRADE_FLOOR, GRADE_CEILING } from "@/lib/grade-range";
import { STAFF_TITLE_CHOICES } from "./names";

/**
 * The Add/Edit Staff and Add/Edit Student payloads (spec §2, §3, §5), shared by the routes and the
 * dialogs' forms. The caller's password travels with a creation (it is asked in the confirmation).
 */
const name = (label: string) => personName(label);

export const initialsField = z
  .string({ error: "This field cannot be empty." })
  .trim()
  .min(1, { error: "This field cannot be empty." })
  .refine((value) => Array.from(value).length <= 2, { error: "Initials are at most 2 characters." })
  .refine((value) => !hasControlCharacters(value) && !hasDeceptiveCharacters(value) && !/\s/.test(value), {
    error: "Initials are letters, without spaces.",
  })
  .transform((value) => value.toUpperCase());

/** Mr., Ms., Mrs., Mx., Dr. … or "" for no title. */
export const titleField = z.enum(STAFF_TITLE_CHOICES, {
  error: "Choose a title from the list (or no title).",
});

const email = z
  .string({ error: "This field cannot be empty." })
  .trim()
  .toLowerCase()
  .min(1, { error: "This field cannot be empty." })
  .pipe(
    z.email({ error: "Enter a valid email address." }).max(254, { error: "That email address is too long." }),
  );

const studentNumber = z
  .string({ error: "This field cannot be empty." })
  .trim()
  .min(1, { error: "This field cannot be empty." })
  .regex(/^\d{1,20}$/, { error: "A student number is up to 20 digits." });

/**
 * Any grade the database can hold (pre-K -1 to 13); the school's own range (the grade_min and
 * grade_max settings) is checked by the service, which answers 422 naming it.
 */
const GRADE_MESSAGE = "Choose a grade from the school's range.";
const grade = numeric(
  z
    .number({ error: GRADE_MESSAGE })
    .int({ error: GRADE_MESSAGE })
    .min(GRADE_FLOOR, { error: GRADE_MESSAGE })
    .max(GRADE_CEILING, { error: GRADE_MESSAGE }),
);

/** The caller's own password, confirming a creation. */
const confirmation = z
  .string({ error: "A password is required." })
  .min(1, { error: "A password is required." })
  .max(1024, { error: "That password is too long." });

export const staffFields = z.object({
  first_name: name("The first name"),
  last_name: name("The last name"),
  title: titleField,
  initials: initialsField,
  administrator: z.boolean({ error: "Administrator is true or false." }).default(false),
});

export const staffCreateForm = staffFields.extend({ email });
export const staffCreateBody = staffCreateForm.extend({ password: confirmation });
/** The most students a teacher may take in one flex block (staff.capacity). */
export const MAX_CAPACITY = 500;
/** How many students may plan into a teacher's flex blocks (0..500), as the profile's field sends it. */
export const capacityField = numeric(
  z
    .number({ error: "Capacity must be a whole number." })
    .int({ error: "Capacity must be a whole number." })
    .min(0, { error: "Capacity cannot be negative." })
    .max(MAX_CAPACITY, { error: `Capacity can be at most ${MAX_CAPACITY}.` }),
);

/** Offered to students, a placement target and in the plan picker; off for office staff. */
export const takesStudentsField = z.boolean({ error: "Takes Focus Block students is true or false." });

/** Without `administrator`, `capacity`, `takes_students` or `email` each stays as it is. */
export const staffUpdateBody = staffFields.extend({
  administrator: z.boolean({ error: "Administrator is true or false." }).optional(),
  /** A new email, lower-cased; the sign-in username follows it. */
  email: email.optional(),
  capacity: capacityField.optional(),
  takes_students: takesStudentsField.optional(),
});

/** The most staff members one bulk change may name (a large school has a few hundred). */
export const MAX_BULK_STAFF = 2000;

/** POST /api/staff/bulk: the same capacity and/or takes_students for many staff members at once. */
export const staffBulkBody = z
  .object({
    ids: z
      .array(idOf("staff id"), { error: "Choose at least one staff member." })
      .min(1, { error: "Choose at least one staff member." })
      .max(MAX_BULK_STAFF, { error: `Choose at most ${MAX_BULK_STAFF} staff members at once.` }),
    capacity: capacityField.optional(),
    takes_students: takesStudentsField.optional(),
  })
  .refine((body) => body.capacity !== undefined || body.takes_students !== undefined, {
    error: "Give a capacity, takes_students, or both.",
  });

export const studentFields = z.object({
  first_name: name("The first name"),
  last_name: name("The last name"),
  initials: initialsField,
  grade,
  /** The default (homeroom) teacher for default placement; null clears it, absent leaves it. */
  default_teacher_id: idOf("default teacher").nullable().optional(),
  /**
   * The first name the student goes by (their preferred first name), shown wherever their name is; the first name's rules.
   * Null or blank clears it; absent leaves it.
   */
  preferred_first_name: z
    .preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? null : value),
      name("The preferred first name").nullable(),
    )
    .optional(),
  /**
   * The student's optional school email, lower-cased, unique among students: single sign-on
   * matches on it. Null or blank: none (clears it on an edit); absent leaves it.
   */
  email: z
    .preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? null : value),
      email.nullable(),
    )
    .optional(),
});

export const studentCreateForm = studentFields.extend({ student_number: studentNumber });
/**
 * POST /api/students: the spec's payload (the student's fields alone) or, from our dialog, with the
 * caller's password, which is then checked (the spec's original client sends none, and must keep working).
 */
export const studentCreateBody = studentCreateForm.extend({ password: confirmation.optional() });
export const studentUpdateBody = studentFields;

export type StaffCreateBody = z.infer<typeof staffCreateBody>;
export type StaffUpdateBody = z.infer<typeof staffUpdateBody>;
export type StaffBulkBody = z.infer<typeof staffBulkBody>;
export type StudentCreateBody = z.infer<typeof studentCreateBody>;
export type StudentUpdateBody = z.infer<typeof studentUpdateBody>;

export const staffParams = z.object({ id: idOf("staff id") });
export const studentParams = z.object({ id: idOf("student id") });
