import { z } from "zod";
import { personRefAnswer } from "@/lib/core/schedule/types";
import { wikiHitAnswer } from "@/lib/wiki/answers";

export type { WikiHit } from "@/lib/wiki/answers";

/**
 * The global search's answer as a zod schema; the presenters' and the panel's types are inferred from
 * it. The spec's result shapes plus the details of the panel's second line. No server code here.
 */

/** A student: the number only where the viewer may see it (the key is absent otherwise). */
export const studentHitAnswer = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  grade: z.number(),
  student_number: z.string().optional(),
  homeroom: personRefAnswer.nullable(),
});
export type StudentHit = z.infer<typeof studentHitAnswer>;

export const staffHitAnswer = z.object({
  id: z.number(),
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type StaffHit = z.infer<typeof staffHitAnswer>;

export const courseHitAnswer = z.object({
  id: z.number(),
  name: z.string(),
  short_name: z.string(),
  teacher: personRefAnswer.nullable(),
});
export type CourseHit = z.infer<typeof courseHitAnswer>;

export const clusterHitAnswer = z.object({ id: z.number(), name: z.string(), member_count: z.number() });
export type ClusterHit = z.infer<typeof clusterHitAnswer>;

/**
 * GET /api/search: the query echoed, each kind's page (empty when another kind was asked for), and how
 * many match in all for each kind searched.
 */
export const searchAnswer = z.object({
  query: z.string(),
  results: z.object({
    students: z.array(studentHitAnswer),
    staff: z.array(staffHitAnswer),
    courses: z.array(courseHitAnswer),
    clusters: z.array(clusterHitAnswer),
    wiki: z.array(wikiHitAnswer),
  }),
  totals: z.object({
    students: z.number().optional(),
    staff: z.number().optional(),
    courses: z.number().optional(),
    clusters: z.number().optional(),
    wiki: z.number().optional(),
  }),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;
