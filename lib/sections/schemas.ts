import { z } from "zod";
import { idOf, schoolDate, text } from "@/lib/api/schemas";

/**
 * Sections and enrolments: the payloads of /api/courses/{short_name}/sections and
 * /api/sections/…, shared by the routes and the administrators' dialogs.
 */

export const MAX_MEETINGS = 50;
export const MAX_TEACHERS = 20;
/** Students one request enrols (a class list, pasted or from a CSV). */
export const MAX_ENROL = 2000;

export const sectionParams = z.object({ id: idOf("section") });
export const enrollmentParams = z.object({ id: idOf("section"), student_id: idOf("student") });

const code = text({ label: "The code", max: 64, min: 1, tooShort: "Give the section a code (like 'Block 1' or 'A')." });
const meeting = z.object({
  block_id: idOf("block"),
  day_type: text({ label: "The day type", max: 64, min: 1 }).nullable().default(null),
});

const sectionFields = {
  code,
  /** The term it runs in; the whole school year when null. */
  term_id: idOf("term").nullable(),
  /** Staff ids of its teachers. */
  teacher_ids: z
    .array(idOf("teacher"), { error: "teacher_ids is a list of staff ids." })
    .max(MAX_TEACHERS, { error: `A section has at most ${MAX_TEACHERS} teachers.` }),
  meetings: z
    .array(meeting, { error: "meetings is a list of {block_id, day_type}." })
    .max(MAX_MEETINGS, { error: `A section has at most ${MAX_MEETINGS} meetings.` }),
};

/** POST /api/courses/{short_name}/sections. */
export const sectionCreateBody = z.object({
  code: sectionFields.code,
  term_id: sectionFields.term_id.default(null),
  teacher_ids: sectionFields.teacher_ids.default([]),
  meetings: sectionFields.meetings.default([]),
});
export type SectionCreateBody = z.infer<typeof sectionCreateBody>;

/** PUT /api/sections/{id}: the fields given replace the section's (teachers and meetings as a whole). */
export const sectionUpdateBody = z.object({
  code: sectionFields.code.optional(),
  term_id: sectionFields.term_id.optional(),
  teacher_ids: sectionFields.teacher_ids.optional(),
  meetings: sectionFields.meetings.optional(),
  archived: z.boolean({ error: "archived is true or false." }).optional(),
});
export type SectionUpdateBody = z.infer<typeof sectionUpdateBody>;

const studentNumber = z
  .string({ error: "A student number is text." })
  .trim()
  .min(1, { error: "A student number cannot be empty." })
  .max(20, { error: "A student number is up to 20 digits." })
  .regex(/^\d+$/, { error: "A student number is up to 20 digits." });

/**
 * POST /api/sections/{id}/enrollments: students by id or by student number, from a date and until a
 * date (open when absent), both within the section's term (the school year for a section without one).
 */
export const enrollBody = z
  .object({
    student_ids: z
      .array(idOf("student"), { error: "student_ids is a list of student ids." })
      .max(MAX_ENROL, { error: `At most ${MAX_ENROL} students at a time.` })
      .optional(),
    student_numbers: z
      .array(studentNumber, { error: "student_numbers is a list of student numbers." })
      .max(MAX_ENROL, { error: `At most ${MAX_ENROL} students at a time.` })
      .optional(),
    begin_date: schoolDate.nullable().optional(),
    end_date: schoolDate.nullable().optional(),
  })
  .refine((body) => (body.student_ids?.length ?? 0) + (body.student_numbers?.length ?? 0) > 0, {
    error: "Choose at least one student.",
    path: ["student_ids"],
  });
export type EnrollBody = z.infer<typeof enrollBody>;

/**
 * Student numbers from pasted text or a CSV: every run of digits that is a whole cell or word (a header
 * row such as "student_number" has none). Order kept, duplicates once.
 */
export function studentNumbersIn(pasted: string): string[] {
  const found = pasted.split(/[\s,;\t"']+/).filter((cell) => /^\d{1,20}$/.test(cell));
  return [...new Set(found)];
}
