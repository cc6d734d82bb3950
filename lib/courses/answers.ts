import { z } from "zod";
import { studentPersonAnswer } from "@/lib/people/answers";
import { sectionAnswer, sectionItemAnswer, teacherAnswer } from "@/lib/sections/answers";

/** The course answers as zod schemas; the presenters' and the screens' types are inferred from them. */

/** GET /api/courses/{short_name}. */
export const coursePageAnswer = z.object({
  id: z.number(),
  name: z.string(),
  short_name: z.string(),
  teacher: teacherAnswer.nullable(),
  blocks: z.array(
    z.object({
      block_id: z.number(),
      label: z.string(),
      /** Weekly: the weekday (0 = Sunday … 6 = Saturday); a rotation: the day type's place in the cycle. */
      weekday: z.number(),
      day: z.string(),
      day_type: z.string(),
      start: z.string(),
      end: z.string(),
    }),
  ),
  students: z.array(studentPersonAnswer),
  starred: z.boolean(),
  /** Its sections (not archived) with their teachers, meetings and class lists, in the same read. */
  sections: z.array(sectionAnswer),
  archived: z.boolean(),
  sourced_id: z.string().nullable(),
});
export type CoursePage = z.infer<typeof coursePageAnswer>;

/** A course in GET /api/courses (and the answer of POST and PUT). */
export const courseItemAnswer = z.object({
  id: z.number(),
  name: z.string(),
  short_name: z.string(),
  teacher: teacherAnswer.nullable(),
  sections_count: z.number(),
  students_count: z.number(),
  /** The viewer teaches one of its sections. */
  teaching: z.boolean(),
  archived: z.boolean(),
  sourced_id: z.string().nullable(),
});
export type CourseItem = z.infer<typeof courseItemAnswer>;

/** GET /api/courses. */
export const courseListAnswer = z.object({
  courses: z.array(courseItemAnswer),
  /** The sections the caller teaches ("My classes"). */
  my_sections: z.array(sectionItemAnswer),
});
export type CourseList = z.infer<typeof courseListAnswer>;
