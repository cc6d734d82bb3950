import { z } from "zod";
import { personRefAnswer } from "@/lib/core/schedule/types";
import { studentPersonAnswer } from "@/lib/people/answers";

/** The section answers as zod schemas; the presenters' and the screens' types are inferred from them. */

/** A teacher of a section or a course: enough to link to the profile and show the avatar. */
export const teacherAnswer = z.object({ id: z.number(), name: z.string(), initials: z.string(), color: z.string() });

/** When a section meets: a block, on every day it meets or on one day type. */
export const meetingAnswer = z.object({ id: z.number(), block_id: z.number(), label: z.string(), day_type: z.string().nullable() });

/** An enrolment: the student (as the member tables show them), its dates, and whether it is dropped. */
export const enrollmentAnswer = z.object({
  id: z.number(),
  student: studentPersonAnswer,
  begin_date: z.string().nullable(),
  end_date: z.string().nullable(),
  enrolled_at: z.string(),
  dropped_at: z.string().nullable(),
  sourced_id: z.string().nullable(),
});
export type Enrollment = z.infer<typeof enrollmentAnswer>;

/** A student of a class list: the student (`id` is the student's) with their enrolment in the section. */
export const classMemberAnswer = studentPersonAnswer.extend({
  /** The student number where the viewer may see it, else null. */
  student_number: z.string().nullable(),
  /** The student's homeroom: their default teacher and the code of the homeroom that teacher has, or null. */
  homeroom: z.object({ teacher: personRefAnswer, code: z.string().nullable() }).nullable(),
  enrollment: enrollmentAnswer.omit({ student: true }),
});
export type ClassMember = z.infer<typeof classMemberAnswer>;

/** A section in a list: no class list, its size. */
export const sectionItemAnswer = z.object({
  id: z.number(),
  code: z.string(),
  course: z.object({ id: z.number(), name: z.string(), short_name: z.string() }),
  term: z.object({ id: z.number(), name: z.string(), start: z.string(), end: z.string() }).nullable(),
  teachers: z.array(teacherAnswer),
  meetings: z.array(meetingAnswer),
  students_count: z.number(),
  archived: z.boolean(),
  sourced_id: z.string().nullable(),
});
export type SectionItem = z.infer<typeof sectionItemAnswer>;

/** A section (GET /api/sections/{id}, and each of a course page's `sections`), with its class list. */
export const sectionAnswer = sectionItemAnswer.extend({
  /** The class list: the students enrolled now (and those enrolled from a later date). */
  students: z.array(classMemberAnswer),
});
export type Section = z.infer<typeof sectionAnswer>;

/** GET /api/sections/{id}/enrollments: current enrolments and the dropped or ended ones. */
export const enrollmentListAnswer = z.object({
  section_id: z.number(),
  enrollments: z.array(enrollmentAnswer),
  history: z.array(enrollmentAnswer),
});

/** POST /api/sections/{id}/enrollments: how many were enrolled, how many already were, and the section. */
export const enrolledAnswer = z.object({ enrolled: z.number(), already_enrolled: z.number(), section: sectionAnswer });
