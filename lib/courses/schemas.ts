import { z } from "zod";
import { idOf, text } from "@/lib/api/schemas";

/** /api/courses/{short_name}: the course's short name as it appears in links ("SCI10"). */
export const courseParams = z.object({ short_name: text({ label: "The short name", max: 64, min: 1 }) });

/** GET /api/courses: a name or short-name filter, and whether archived courses are listed too. */
export const courseListQuery = z.object({
  q: text({ label: "The search", max: 100 }).optional(),
  archived: z.enum(["true", "false"], { error: "archived is true or false." }).optional(),
});

const courseName = text({ label: "The name", max: 200, min: 1, tooShort: "Give the course a name." });
/** A short name goes in links (/courses/SCI10): one line, no slash, question mark, hash or percent sign. */
const shortName = text({ label: "The short name", max: 64, min: 1, tooShort: "Give the course a short name." }).refine(
  (value) => !/[/\\?#%\s]/.test(value),
  { error: "A short name has no spaces, slashes, question marks, hashes or percent signs." },
);
const teacherId = idOf("teacher").nullable();

/** POST /api/courses. */
export const courseCreateBody = z.object({
  name: courseName,
  short_name: shortName,
  /** The course's teacher (owner) shown on its page. */
  teacher_id: teacherId.optional(),
});
export type CourseCreateBody = z.infer<typeof courseCreateBody>;

/** PUT /api/courses/{short_name}: any of these. */
export const courseUpdateBody = z.object({
  name: courseName.optional(),
  short_name: shortName.optional(),
  teacher_id: teacherId.optional(),
  archived: z.boolean({ error: "archived is true or false." }).optional(),
});
export type CourseUpdateBody = z.infer<typeof courseUpdateBody>;
